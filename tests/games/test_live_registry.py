"""Which games a live table can run (issue 31): each of croupier's three has a live dealing;
a game that declares none (here the tests' own high-card game, registered as a plug-in would
be) is refused a live table, naming the field ``live``, and nothing is opened."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.errors import RuleViolation
from croupier.games import registry
from croupier.games.baccarat.live import LiveShoe
from croupier.games.blackjack.live import LiveBlackjackShoe
from croupier.games.registry import live_dealing
from croupier.games.stud.live import LiveStudShoe
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import load_ruleset_file
from tests.minigame.spec import SPEC

RULESET = Path(__file__).resolve().parents[1] / "minigame" / "high-card.toml"


@pytest.mark.parametrize(
    ("ruleset", "dealing", "pulls"),
    [
        ("macau-2009", LiveShoe, False),
        ("macau-stud-2004", LiveStudShoe, False),
        ("macau-blackjack-2007", LiveBlackjackShoe, True),  # the engine asks as it plays
    ],
)
def test_each_game_deals_live(ruleset: str, dealing: type, pulls: bool) -> None:
    live = live_dealing(load_ruleset(ruleset).rules)
    assert isinstance(live, dealing) and live.pulls is pulls


def test_a_game_with_no_live_dealing_is_refused_a_live_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry.GAMES, SPEC.name, SPEC)
    with pytest.raises(RuleViolation) as refused:
        live_dealing(load_ruleset_file(RULESET).rules)
    assert refused.value.field == "live" and "own shoes" in refused.value.message
