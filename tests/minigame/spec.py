"""High card as croupier knows it: the whole of what a game tells croupier."""

from __future__ import annotations

from croupier.games.information import BetInformation, TableInformation, table_record
from croupier.games.spec import GameSpec, rules_only
from tests.minigame.round import HighCardGame
from tests.minigame.rules import KINDS, PAYS, HighCardRules, build


def information(rules: HighCardRules) -> TableInformation:
    bets: list[BetInformation] = [
        {
            "kind": kind,
            "title": kind.capitalize(),
            "area": "main",
            "pays": f"{PAYS[kind]}:1",
            "minimum": rules.minimum_bet,
            "maximum": rules.maximum_bet,
            "article": "high card",
            "limits_article": "table limits",
        }
        for kind in KINDS
    ]
    return table_record(
        rules.money,
        {
            "game": "high-card",
            "regulation": "house",
            "minimum_bet": rules.minimum_bet,
            "bets": bets,
            "commission": {"scheme": "none", "description": "no commission"},
            "ties": "a tie takes half of the Dragon and Tiger bets",
        },
    )


SPEC: GameSpec[HighCardRules] = GameSpec(
    name="high-card",
    title="High card",
    regulations=("house",),
    rules_type=HighCardRules,
    build_rules=rules_only("high-card", build),
    table_game=lambda rules, cards, pool: HighCardGame(rules, cards),
    information=information,
    seats=lambda rules: (1, rules.seats, "house rules"),
)
