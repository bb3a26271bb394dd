"""Macau blackjack as croupier knows it (:class:`croupier.games.spec.GameSpec`)."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.games.blackjack.information import table_information
from croupier.games.blackjack.regulations import build_rules
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.table import BlackjackTableGame
from croupier.games.spec import GameSpec, no_amendments
from croupier.options import Options


def _build(
    regulation: str, amendments: Sequence[str], options: Options
) -> tuple[BlackjackRules, frozenset[str]]:
    applied = no_amendments("blackjack", amendments)  # refused before any option is read
    return build_rules(options), applied


SPEC = GameSpec(
    name="blackjack",
    title="Blackjack",
    regulations=("macau-blackjack",),
    rules_type=BlackjackRules,
    build_rules=_build,
    table_game=lambda rules, cards, pool: BlackjackTableGame(rules, cards),
    information=table_information,
    # a player takes a box at least (art. 3 [practice])
    seats=lambda rules: (1, rules.boxes, "Macau blackjack art. 3 [practice]"),
)
