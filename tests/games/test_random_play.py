"""Every game under random play (issue 17, the way OpenSpiel tests every game): each preset of
every game the registry runs plays hundreds of rounds of random commands, legal and not, on
random shoes, through the one table protocol, and after every step:

* a refused command changed nothing (the bets and the log are as they were);
* every settlement conserves money to the unit (stakes = payouts + house + pool change), no
  payout is negative, and the jackpot pool carried between rounds never goes below zero;
* a checkpoint restored takes back exactly what was placed after it;
* the same commands on the same shoe (same seed) replay to the same events and settlements.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from croupier.errors import RuleViolation
from croupier.games.protocol import DecidingRound, TableGame, TableRound
from croupier.games.registry import GAMES, table_game, table_information
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset, preset_names

ROUNDS = 400
BETTORS = ("ana", "bruno", "carla", "dinis")
DECISIONS = (
    "raise",
    "fold",
    "hit",
    "stand",
    "double",
    "split",
    "surrender",
    "insurance",
    "even_money",
    "no_insurance",
    "bogus",
)


def _state(rnd: TableRound) -> tuple[Any, ...]:
    return tuple(rnd.bets), tuple(rnd.log)


def _amount(rng: random.Random, bet: dict[str, Any], unit: int) -> int:
    low = bet["minimum"] or unit
    high = bet["maximum"] or low * 20
    if rng.random() < 0.1:  # now and then an amount the rules refuse
        return rng.choice([0, -low, low - unit if low > unit else high + unit, high * 1000])
    return rng.randrange(low, high + 1, unit) if high > low else low


def play(name: str, seed: int, script: list[Any] | None = None) -> tuple[list[Any], list[Any]]:
    """Play ROUNDS rounds of ``name`` on a shoe shuffled from ``seed``; with ``script``, replay
    its commands instead of drawing new ones. Returns (commands, what each round logged and
    settled)."""
    rules = load_ruleset(name).rules
    info = table_information(rules)
    bets = [b for b in info["bets"]]
    unit = info.get("unit", 1)
    game: TableGame = table_game(rules, SeededRandomSource(seed), jackpot_pool=None)
    rng = random.Random(seed)
    commands: list[Any] = [] if script is None else script
    cursor = 0
    outcomes = []

    def next_command(make: Any) -> Any:
        nonlocal cursor
        if script is not None:
            command = script[cursor]
            cursor += 1
            return command
        command = make()
        commands.append(command)
        return command

    for _ in range(ROUNDS):
        rnd = game.start_round()
        for _ in range(next_command(lambda: rng.randint(0, 6))):
            kind, bettor, amount, checkpoint = next_command(
                lambda: (
                    rng.choice(bets)["kind"] if rng.random() > 0.05 else "nonsense",
                    rng.choice(BETTORS),
                    _amount(rng, rng.choice(bets), unit),
                    rng.random() < 0.15,
                )
            )
            before = _state(rnd)
            saved = rnd.checkpoint() if checkpoint else None
            try:
                rnd.place_bet(bettor, kind, amount)
            except RuleViolation:
                assert _state(rnd) == before, (name, kind, amount)  # refused: nothing changed
                continue
            if saved is not None:  # the checkpoint takes the bet back, exactly
                rnd.restore(saved)
                assert _state(rnd) == before
        if next_command(lambda: rng.random() < 0.1) and rnd.bets:
            bettor, kind = rnd.bets[0].bettor, rnd.bets[0].kind
            before = _state(rnd)
            try:
                rnd.withdraw_bet(bettor, kind)
            except RuleViolation:
                assert _state(rnd) == before
        if not rnd.bets:
            settlement = rnd.void("no bets")
        elif next_command(lambda: rng.random() < 0.03):
            settlement = rnd.void("a fault before the totals are known")
        else:
            rnd.close_betting()
            rnd.deal()
            while isinstance(rnd, DecidingRound) and rnd.undecided_bettors():
                bettor, decision = next_command(
                    lambda r=rnd: (rng.choice(r.undecided_bettors()), rng.choice(DECISIONS))
                )
                before = _state(rnd)
                try:
                    rnd.decide(bettor, decision)
                except RuleViolation:
                    assert _state(rnd) == before
                    if next_command(lambda: rng.random() < 0.2):  # out of time
                        rnd.decide(bettor, rnd.default_decision)
            settlement = rnd.settle()
        assert settlement.conserved, (name, settlement)
        assert all(b.payout >= 0 and b.commission >= 0 for b in settlement.bets)
        game.finish_round()
        assert game.jackpot_pool is None or game.jackpot_pool >= 0
        outcomes.append(
            (tuple(rnd.log), [(b.bettor, b.kind, b.stake, b.payout) for b in settlement.bets])
        )
    return commands, outcomes


#: a game from outside croupier's packages (tests/minigame, issue 27), played here as every
#: registered game is
OUTSIDE = str(Path(__file__).resolve().parents[1] / "minigame" / "high-card.toml")


@pytest.mark.parametrize("name", [*preset_names(), OUTSIDE])
def test_every_game_conserves_money_refuses_cleanly_and_replays(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if name == OUTSIDE:
        from tests.minigame.spec import SPEC

        monkeypatch.setitem(GAMES, SPEC.name, SPEC)
    commands, first = play(name, seed=sum(map(ord, name)))
    assert any(bets for _log, bets in first), "random play placed no bet at all"
    _again, second = play(name, seed=sum(map(ord, name)), script=list(commands))
    assert second == first  # the same commands on the same shoe: the same events
