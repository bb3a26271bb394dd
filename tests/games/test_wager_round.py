"""How every game's round ends in its log, one format whatever the game (issue 27(1),
games/wager_round.py): one ``bet_settled`` event per settled bet, with the documented keys and
the settlement's own figures, then one ``round_settled`` (or ``round_void``) with the house's
result. A lab reads journals by this format."""

from __future__ import annotations

import pytest

from croupier.games.autoplay import play_out
from croupier.games.registry import GAMES, table_game, table_information
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset, preset_names
from tests.games.test_random_play import OUTSIDE
from tests.minigame.spec import SPEC

KEYS = {"bettor", "kind", "stake", "outcome", "payout", "commission", "reason"}


@pytest.mark.parametrize("name", [*preset_names(), OUTSIDE])
def test_a_round_ends_with_one_event_per_bet_then_the_rounds_own(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(GAMES, SPEC.name, SPEC)
    rules = load_ruleset(name).rules
    main = next(b for b in table_information(rules)["bets"] if b["area"] == "main")
    game = table_game(rules, SeededRandomSource(5))
    for ending in ("settle", "void"):
        rnd = game.start_round()
        rnd.place_bet("ana", main["kind"], main["minimum"] or 100)
        settlement = play_out(rnd) if ending == "settle" else rnd.void("a fault")
        game.finish_round()
        entry = rnd.log[-1]
        assert entry.command == ending
        *bets, last = entry.events
        assert (last.kind, dict(last.data)) == (
            f"round_{'settled' if ending == 'settle' else 'void'}",
            {"house_result": settlement.house_result},
        )
        assert [e.kind for e in bets] == ["bet_settled"] * len(settlement.bets)
        for event, line in zip(bets, settlement.bets, strict=True):
            assert set(event.data) - {"box", "hand"} == KEYS
            assert (event.data["bettor"], event.data["stake"], event.data["payout"]) == (
                line.bettor,
                line.stake,
                line.payout,
            )
