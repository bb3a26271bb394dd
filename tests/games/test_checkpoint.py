"""A round's checkpoint during the betting window, for every game an online table runs: the
table judges a batch of bets before the database has moved their stakes, and when the ledger
then refuses them (a balance another table spent meanwhile) the round goes back to exactly what
it was: the same bets, the same log, and the same seats for whoever bets next."""

from __future__ import annotations

import pytest

from croupier.games.registry import table_game
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset

GAMES = {
    # ruleset: (a bet kind, its first amount, a second amount that adds to it)
    "pt-ponto-banca-macau-2015": ("player", 10_00, 5_00),
    "macau-stud-2004": ("ante", 100_00, 50_00),
    "macau-blackjack-2007": ("bet", 100_00, 50_00),
}


def _round(ruleset: str):  # type: ignore[no-untyped-def]
    rules = load_ruleset(ruleset).rules
    return table_game(rules, SeededRandomSource(7)).start_round()


def _state(rnd) -> tuple:  # type: ignore[no-untyped-def]
    return (rnd.bets, [(e.command, e.args, e.events) for e in rnd.log])


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_restore_takes_back_every_bet_placed_since_the_checkpoint(ruleset: str) -> None:
    kind, first, more = GAMES[ruleset]
    rnd = _round(ruleset)
    rnd.place_bet("ana", kind, first)
    before = _state(rnd)
    point = rnd.checkpoint()
    rnd.place_bet("ana", kind, more)  # a standing bet grown
    rnd.place_bet("bruno", kind, first)  # a new bettor (in stud and blackjack: a new box)
    assert _state(rnd) != before
    rnd.restore(point)
    assert _state(rnd) == before
    assert {(b.bettor, b.kind): b.amount for b in rnd.bets} == {("ana", kind): first}


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_after_a_restore_the_round_plays_on_as_if_those_bets_never_came(ruleset: str) -> None:
    kind, first, more = GAMES[ruleset]
    restored, untouched = _round(ruleset), _round(ruleset)
    for rnd in (restored, untouched):
        rnd.place_bet("ana", kind, first)
    point = restored.checkpoint()
    restored.place_bet("bruno", kind, first)
    restored.place_bet("ana", kind, more)
    restored.restore(point)
    for rnd in (restored, untouched):  # carla takes the box bruno had been given
        rnd.place_bet("carla", kind, first)
        rnd.place_bet("ana", kind, more)
    assert _state(restored) == _state(untouched)
    assert [(b.bettor, b.box) for b in restored.bets] == [(b.bettor, b.box) for b in untouched.bets]
    for rnd in (restored, untouched):
        rnd.close_betting()
        rnd.deal()
    assert restored.result() == untouched.result()


@pytest.mark.cites("macau-stud-2004", "art. 11")
def test_a_restore_replays_the_log_onto_the_round_as_it_was_made_carried_bets_included() -> None:
    """Issue 19: restoring is replaying the round's log on the round made afresh. A Macau tie
    leaves the Player and Banker bets on the table for the next round (art. 12: "as apostas
    ... mantêm-se"; the bets stay), and a void stud round its jackpot bets (art. 11): those
    bets come with the round's making, so a restore keeps them and replays what came after."""
    from croupier.games.baccarat.round import BaccaratRound
    from croupier.games.protocol import Bet
    from croupier.games.stud.round import StudRound
    from croupier.shoe import StackedCards

    baccarat = load_ruleset("macau-2009").rules
    stud = load_ruleset("macau-stud-2004").rules
    made = [
        (BaccaratRound(baccarat, StackedCards([]), carried=[Bet("ana", "banker", 100_00)]),
         ("bruno", "player", 100_00)),
        (StudRound(stud, StackedCards([]), carried=[Bet("ana", "jackpot", 100, True, 3)]),
         ("bruno", "ante", 100_00)),
    ]  # fmt: skip
    for rnd, (bettor, kind, amount) in made:
        before = _state(rnd)
        assert rnd.log[0].command == "carry_bets"
        point = rnd.checkpoint()
        rnd.place_bet(bettor, kind, amount)
        rnd.restore(point)
        assert _state(rnd) == before
        rnd.place_bet(bettor, kind, amount)  # and it plays on
        assert [b.bettor for b in rnd.bets].count(bettor) == 1


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_restores_across_the_rounds_snapshots_give_the_round_a_replay_gives(ruleset: str) -> None:
    """A round copies its state every SNAPSHOT_EVERY log entries so that a restore replays a
    bounded part of the log: restoring to a point after a snapshot, then to one before it, each
    gives exactly the round that placing the same bets from the start gives."""
    from croupier.games.protocol import SNAPSHOT_EVERY

    kind, first, more = GAMES[ruleset]
    bettors = [f"p{n}" for n in range(5)]

    def bets(rnd, count):  # type: ignore[no-untyped-def]
        for n in range(count):
            rnd.place_bet(bettors[n % 5], kind, first if n < 5 else more)

    rnd = _round(ruleset)
    points = {}
    for n in range(2 * SNAPSHOT_EVERY + 20):
        points[n] = rnd.checkpoint()
        bets_before = len(rnd.log)
        rnd.place_bet(bettors[n % 5], kind, first if n < 5 else more)
        assert len(rnd.log) == bets_before + 1
    assert rnd._snapshot is not None and rnd._snapshot[0] == 2 * SNAPSHOT_EVERY
    for target in (2 * SNAPSHOT_EVERY + 10, SNAPSHOT_EVERY + 30, 10):  # after, before it
        rnd.restore(points[target])
        expected = _round(ruleset)
        bets(expected, target)
        assert _state(rnd) == _state(expected)
        rnd.place_bet("p0", kind, more)  # and it plays on
        expected.place_bet("p0", kind, more)
        assert _state(rnd) == _state(expected)
        rnd.restore(rnd.checkpoint())  # a no-op restore changes nothing
        assert _state(rnd) == _state(expected)
