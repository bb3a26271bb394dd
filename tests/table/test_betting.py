"""Judging a batch of bets, without a server or a database (issue 19): the pure function the
table runs on every batch, and the batch taken one way (issue 27(4)): judged on the table's
task, written by the store as data, judged again when a balance was short."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from croupier.errors import RuleViolation
from croupier.games.baccarat.round import BaccaratRound
from croupier.shoe import StackedCards
from croupier.table.announcer import Announcer
from croupier.table.bet_taking import Betting
from croupier.table.betting import BetRequest, judge_bets
from croupier.table.clock import ManualClock
from croupier.table.in_play import InPlay
from croupier.table.port import Staked, StakeWrite, StandingBet, TableAccounts, covered
from croupier.table.seats import Seat
from croupier.table.terms import Money
from tests.games.baccarat.conftest import rules_of

MONEY = Money(2, "EUR")
ESCROW = 99


def _round() -> BaccaratRound:
    return BaccaratRound(rules_of("pt-ponto-banca-2015"), StackedCards([]))


def _seats(*names: str) -> dict[str, Seat]:
    return {n: Seat(10 + i, 20 + i, n, 30 + i, i + 1, 0.0) for i, n in enumerate(names)}


def _open() -> None:
    return None


def _closed() -> None:
    raise RuleViolation("phase", "no more bets", "PT 812/2015 rule 27")


@pytest.mark.cites("pt-812-2015", "rule 13")
def test_each_bet_is_judged_in_arrival_order_and_a_refusal_touches_no_other() -> None:
    """PT rule 13: "Se um jogador apostar simultaneamente na chance do ponto e na chance da banca,
    a diferença de valor entre ambas as apostas não pode ser inferior ao valor da aposta mínima"
    (both sides must differ by at least the minimum, 1.00 here). Ana's Banker 4.50 against her
    Player 5.00 is refused; Bruno's Banker 5.00, after it, is another player's and stands; Ana's
    Banker 4.00, after that, differs by the minimum and stands."""
    rnd, seats = _round(), _seats("ana", "bruno")
    requests = [
        BetRequest("ana", "player", 5_00),
        BetRequest("ana", "banker", 4_50),
        BetRequest("bruno", "banker", 5_00),
        BetRequest("ana", "banker", 4_00),
    ]
    out, placed = judge_bets(rnd, seats, requests, None, _open, MONEY)
    assert isinstance(out[1], RuleViolation) and "rule 13" in out[1].rule
    assert [o for i, o in enumerate(out) if i != 1] == [{}, {}, {}]
    assert [(p.index, p.seat.name, p.kind, p.total, p.added) for p in placed] == [
        (0, "ana", "player", 5_00, 5_00),
        (2, "bruno", "banker", 5_00, 5_00),
        (3, "ana", "banker", 4_00, 4_00),
    ]
    assert {(b.bettor, b.kind, b.amount) for b in rnd.bets} == {
        ("ana", "player", 5_00),
        ("bruno", "banker", 5_00),
        ("ana", "banker", 4_00),
    }


def test_balances_are_debited_bet_by_bet_and_a_short_one_is_refused_alone() -> None:
    """Balances never go negative (DESIGN.md, Money): with 7.00, Ana's Player 5.00 stands, her
    Tie 3.00 would take her below zero and is refused with nothing placed, her Tie 2.00 then
    stands; the stake added to a standing bet is what is checked."""
    rnd, seats = _round(), _seats("ana")
    balances = {30: 7_00, ESCROW: 0}
    requests = [
        BetRequest("ana", "player", 5_00),
        BetRequest("ana", "tie", 3_00),
        BetRequest("ana", "tie", 2_00),
    ]
    out, placed = judge_bets(rnd, seats, requests, balances, _open, MONEY)
    refusal = out[1]
    assert isinstance(refusal, RuleViolation) and refusal.field == "amount"
    assert "3.00" in refusal.message and "2.00 EUR below zero" in refusal.message
    assert [p.kind for p in placed] == ["player", "tie"]
    assert balances[30] == 0
    assert {(b.kind, b.amount) for b in rnd.bets} == {("player", 5_00), ("tie", 2_00)}


@pytest.mark.parametrize(
    ("seats", "window", "field"),
    [
        ({}, _open, "session"),  # PT rule 34: bets within a session
        (_seats("ana"), _closed, "phase"),  # PT rule 27: the window is closed
    ],
)
def test_no_session_or_a_closed_window_refuses_and_places_nothing(
    seats: dict[str, Seat], window: Any, field: str
) -> None:
    rnd = _round()
    out, placed = judge_bets(rnd, seats, [BetRequest("ana", "player", 5_00)], None, window, MONEY)
    assert isinstance(out[0], RuleViolation) and out[0].field == field
    assert placed == [] and rnd.bets == ()


def test_a_leaving_seat_bets_no_more() -> None:
    rnd, seats = _round(), _seats("ana")
    seats["ana"].leaving = True
    out, _ = judge_bets(rnd, seats, [BetRequest("ana", "player", 5_00)], None, _open, MONEY)
    assert isinstance(out[0], RuleViolation) and "ending" in out[0].message


class _Store:
    """A store that writes a batch when the balances it holds cover it, as the real one does
    (lock, then write), and can fail or move a balance between two writes."""

    def __init__(self, balances: dict[int, int], *, fail: bool = False) -> None:
        self.balances = balances
        self.fail = fail
        self.writes: list[StakeWrite] = []
        self.between: dict[int, int] = {}  # moved by another table after the first write

    async def stake(self, table_id: int, write: StakeWrite) -> Staked:
        self.writes.append(write)
        if self.fail:
            raise RuntimeError("the database is gone")
        seen = {a: self.balances.get(a, 0) for a in write.accounts()}
        if len(self.writes) == 1:
            self.balances.update(self.between)
        if not covered(self.balances, write.stakes):
            return Staked(False, seen if len(self.writes) == 1 else dict(self.balances))
        for bet, added in write.stakes:
            self.balances[bet.account_id] -= added
        return Staked(True, dict(self.balances))


def _betting(store: _Store, seats: dict[str, Seat]) -> tuple[Betting, InPlay, list[Any]]:
    told: list[Any] = []
    in_play = InPlay(1, store)  # type: ignore[arg-type]
    in_play.round, in_play.round_id = _round(), 7
    in_play.accounts = TableAccounts(ESCROW, 98, None)
    announcer = Announcer(lambda event, to: told.append(event), "multi", seats)
    terms = SimpleNamespace(money=MONEY, config=SimpleNamespace(live=False))
    betting = Betting(
        store,  # type: ignore[arg-type]
        in_play,
        seats,
        terms,  # type: ignore[arg-type]
        ManualClock(),
        _open,
        announcer,
    )
    return betting, in_play, told


def test_the_table_judges_and_the_store_only_writes_what_it_judged() -> None:
    """Issue 27(4): a batch runs one way. The table judges it by the rules and places the
    accepted bets on its round; the store gets data (the stakes and the journal) and writes it;
    each accepted bet is answered with the balance after the batch and journaled once."""
    store = _Store({30: 10_00, 31: 10_00, ESCROW: 0})
    betting, in_play, _ = _betting(store, _seats("ana", "bruno"))
    requests = [BetRequest("ana", "player", 5_00), BetRequest("bruno", "nothing", 1_00)]
    answers = asyncio.run(betting.take(requests))
    assert answers[0] == {
        "round": in_play.round.number,
        "player": "ana",
        "seat": 1,
        "kind": "player",
        "amount": 5_00,
        "balance": 5_00,
    }
    assert isinstance(answers[1], RuleViolation)  # no such bet: refused by the rules
    [write] = store.writes
    assert write.stakes == [(StandingBet(10, 20, 30, "player", 5_00), 5_00)]
    assert write.first_seq == 0 and [e.command for e in write.journal] == ["place_bet"]
    assert in_play.journaled == 1 and len(in_play.round.log) == 1


def test_a_short_balance_is_judged_again_with_the_balances_the_store_read() -> None:
    """Balances never go negative (DESIGN.md, Money): Bruno holds 0.50. The first write is
    judged by the rules alone and the store writes nothing; the batch is taken back off the
    round and judged again with the balances the store read, so Bruno's Tie 1.00 is refused
    for his balance and Ana's Player 5.00 is written, alone."""
    store = _Store({30: 10_00, 31: 50, ESCROW: 0})
    betting, in_play, _ = _betting(store, _seats("ana", "bruno"))
    requests = [BetRequest("ana", "player", 5_00), BetRequest("bruno", "tie", 1_00)]
    answers = asyncio.run(betting.take(requests))
    assert isinstance(answers[1], RuleViolation) and answers[1].field == "amount"
    assert "0.50 EUR below zero" in answers[1].message
    assert isinstance(answers[0], dict) and answers[0]["balance"] == 5_00
    assert [len(w.stakes) for w in store.writes] == [2, 1]
    assert {(b.bettor, b.kind) for b in in_play.round.bets} == {("ana", "player")}
    assert in_play.journaled == 1 and store.balances == {30: 5_00, 31: 50, ESCROW: 0}


def test_a_balance_moved_between_two_writes_is_judged_a_third_time() -> None:
    """Another table takes Ana's balance down after the store's first read: the second write,
    judged on the first read, is short again and written as nothing; the third judging sees
    the balance as it is."""
    store = _Store({30: 10_00, 31: 50, ESCROW: 0})
    store.between = {30: 3_00}
    betting, in_play, _ = _betting(store, _seats("ana", "bruno"))
    requests = [BetRequest("ana", "player", 5_00), BetRequest("bruno", "tie", 1_00)]
    answers = asyncio.run(betting.take(requests))
    assert all(isinstance(a, RuleViolation) and a.field == "amount" for a in answers)
    assert len(store.writes) == 2 and in_play.round.bets == () and in_play.journaled == 0


def test_a_batch_the_store_cannot_write_is_refused_whole_and_the_round_is_as_it_was() -> None:
    """Issue 16, finding 4: one batch that cannot be written refuses its bets, never voids the
    round: nothing staked, nothing left on the round, nothing journaled, nothing told."""
    store = _Store({30: 10_00, ESCROW: 0}, fail=True)
    betting, in_play, told = _betting(store, _seats("ana"))
    answers = asyncio.run(betting.take([BetRequest("ana", "player", 5_00)]))
    assert isinstance(answers[0], RuleViolation) and "nothing was staked" in answers[0].message
    assert in_play.round.bets == () and in_play.round.log == [] and in_play.journaled == 0
    betting.publish_bets()
    assert told == []
