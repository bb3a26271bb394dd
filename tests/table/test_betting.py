"""Judging a batch of bets, without a server or a database (issue 19): the pure function the
table runs on every batch, and the batch as the store's job (judge, journal, written, undo)."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.errors import RuleViolation
from croupier.games.baccarat.round import BaccaratRound
from croupier.shoe import StackedCards
from croupier.table.betting import BetBatch, BetRequest, Money, judge_bets
from croupier.table.port import StandingBet
from croupier.table.seats import Seat
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


class _Table:
    def __init__(self) -> None:
        self.round = _round()
        self.round_id = 7
        self.journaled = 0


def test_a_batch_as_the_stores_job_judges_journals_answers_and_undoes() -> None:
    table, seats = _Table(), _seats("ana", "bruno")
    requests = [BetRequest("ana", "player", 5_00), BetRequest("bruno", "tie", 1_00)]
    batch = BetBatch(table, seats, requests, ESCROW, _open, MONEY)
    assert batch.accounts() == {30, 31, ESCROW} and batch.size == 2
    stakes = batch.judge({30: 10_00, 31: 50, ESCROW: 0})  # bruno holds 0.50
    assert stakes == [(StandingBet(10, 20, 30, "player", 5_00), 5_00)]
    first, entries = batch.journal()
    assert first == 0 and [e.command for e in entries] == ["place_bet"]
    answers = batch.written({30: 5_00, 31: 50})
    assert answers[0] == {
        "round": table.round.number,
        "player": "ana",
        "seat": 1,
        "kind": "player",
        "amount": 5_00,
        "balance": 5_00,
    }
    assert isinstance(answers[1], RuleViolation)
    assert table.journaled == 1  # the journal went with the stakes

    again = BetBatch(table, seats, [BetRequest("bruno", "banker", 2_00)], ESCROW, _open, MONEY)
    again.judge(None)  # judged by the rules alone (written at once), then not written
    again.journal()
    again.undo()
    assert {(b.bettor, b.kind) for b in table.round.bets} == {("ana", "player")}
    assert table.journaled == 1 and len(table.round.log) == 1
