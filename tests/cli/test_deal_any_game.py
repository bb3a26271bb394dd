"""``croupier deal`` (issue 27(1)): rounds of any registered game from its spec alone, each
stake's settlement as the game's rules decide it."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from croupier.cli import app


def _deal(ruleset: str, rounds: int = 40) -> list[dict[str, object]]:
    result = CliRunner().invoke(
        app, ["deal", "-r", ruleset, "-n", str(rounds), "--seed", "11", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert len(report["rounds"]) == rounds
    return list(report["rounds"])


@pytest.mark.cites("pt-812-2015", "rule 22", "rule 23", "rule 25")
def test_a_player_bet_settles_as_the_online_rules_say() -> None:
    """PT rules 22-23 and 25: the Player bet wins 1:1 when Player's total is higher, loses when
    Banker's is, and "não perdem nem ganham" (neither loses nor wins) on a tie."""
    for record in _deal("pt-ponto-banca-2015"):
        result = record["result"]
        [bet] = record["bets"]  # type: ignore[misc]
        stake = bet["stake"]
        expected = {"player": ("win", 2 * stake), "banker": ("lose", 0), "tie": ("push", stake)}
        assert (bet["kind"], (bet["outcome"], bet["payout"])) == (
            "player",
            expected[result["winner"]],  # type: ignore[index]
        )


@pytest.mark.cites("macau-stud-2004", "art. 6(7)")
def test_a_stud_hand_left_to_its_default_folds_and_loses_its_ante() -> None:
    """Macau stud art. 6(7): a player who does not raise folds and "perde a aposta inicial"
    (loses the ante); the default decision of a hand that does not decide is to fold."""
    for record in _deal("macau-stud-2004", 10):
        [bet] = record["bets"]  # type: ignore[misc]
        assert (bet["kind"], bet["outcome"], bet["payout"]) == ("ante", "lose", 0)


def test_every_registered_game_deals_and_settles_from_its_spec() -> None:
    """Each game's first preset: every round has a result and a settled stake, no payout
    negative."""
    from croupier.rulesets import load_ruleset, preset_names

    first: dict[str, str] = {}
    for name in preset_names():
        first.setdefault(load_ruleset(name).game, name)
    for ruleset in first.values():
        for record in _deal(ruleset, 5):
            assert record["result"], ruleset
            assert all(b["payout"] >= 0 for b in record["bets"])  # type: ignore[attr-defined]
