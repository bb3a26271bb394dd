"""The games croupier runs: one :class:`~croupier.games.spec.GameSpec` per game, by name.

The online table runtime knows games only through this module and the protocol in
:mod:`croupier.games.protocol` (DESIGN.md: the table never imports a specific game); the
ruleset loader reads each game's regulations and rules from it.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from croupier.errors import RulesetError, RuleViolation
from croupier.games.baccarat.spec import SPEC as BACCARAT
from croupier.games.blackjack.spec import SPEC as BLACKJACK
from croupier.games.information import TableInformation
from croupier.games.live import LiveDealing
from croupier.games.protocol import TableGame
from croupier.games.spec import GameSpec
from croupier.games.stud.spec import SPEC as STUD
from croupier.i18n.message import msg
from croupier.rng import RandomSource
from croupier.shoe import PlayersEntropy, Shoe, StackedCards

#: every game, by the name its rulesets give it: croupier's own, and those registered
GAMES: dict[str, GameSpec[Any]] = {spec.name: spec for spec in (BACCARAT, STUD, BLACKJACK)}
#: the modules (comma-separated) whose ``SPEC`` is a game to register too: a game from
#: outside croupier's packages, played by every face of croupier with no edit to its source
#: (issue 27; docs/adding-a-game.md)
GAMES_VARIABLE = "CROUPIER_GAMES"
LIVE_RULE = "live tables (docs/live-table.md)"


def register(spec: GameSpec[Any]) -> None:
    """Add ``spec``'s game to the games croupier plays; a name already taken is refused."""
    if GAMES.get(spec.name, spec) is not spec:
        raise RulesetError("game", f"{spec.name!r} is a game croupier already plays")
    GAMES[spec.name] = spec


def _register_named() -> None:
    for name in os.environ.get(GAMES_VARIABLE, "").split(","):
        if name.strip():
            try:
                module = importlib.import_module(name.strip())
            except ImportError as error:
                raise RulesetError(
                    GAMES_VARIABLE,
                    f"{name.strip()!r} cannot be imported ({error}): is its folder on PYTHONPATH?",
                ) from None
            spec = getattr(module, "SPEC", None)
            if not isinstance(spec, GameSpec):
                raise RulesetError(
                    GAMES_VARIABLE, f"{name.strip()!r} exports no SPEC (a croupier GameSpec)"
                )
            register(spec)


_register_named()


def spec_of(rules: object) -> GameSpec[Any]:
    """The game whose rules ``rules`` are."""
    for spec in GAMES.values():
        if isinstance(rules, spec.rules_type):
            return spec
    raise RulesetError(
        "ruleset", f"online tables run {', '.join(GAMES)}; not {type(rules).__name__}"
    )


def table_game(
    rules: object,
    source: RandomSource,
    *,
    jackpot_pool: int | None = None,
    cards: StackedCards | None = None,
    players: PlayersEntropy | None = None,
) -> TableGame:
    """A new game for a table, dealing from a shoe shuffled by ``source`` (or ``cards``); with
    ``players``, each shoe mixes the values players gave it (issue 28)."""
    spec = spec_of(rules)
    dealt = (
        cards if cards is not None else Shoe(rules.shoe, source, players=players)  # type: ignore[attr-defined]
    )
    return spec.table_game(rules, dealt, jackpot_pool)


def live_dealing(rules: object) -> LiveDealing:
    """The live dealing of a table of ``rules`` whose cards come from a physical shoe (issue
    31); refused for a game that has none yet."""
    spec = spec_of(rules)
    if spec.live is None:
        raise RuleViolation(
            "live",
            msg("{title} tables deal only from croupier's own shoes", title=spec.title),
            LIVE_RULE,
        )
    return spec.live(rules)


def table_information(rules: object) -> TableInformation:
    """Rules, limits and payouts for the player (PT rule 32), with what a client draws the
    table from whatever the game (issue 27(3)): the game's title, whether it keeps roads,
    and each bet's ``area`` (``main``, ``side``, or ``decision``: a stake a decision after
    the deal makes, not a betting area)."""
    spec = spec_of(rules)
    return {
        **spec.information(rules),
        "game_title": spec.title,
        "roads": spec.keeps_roads,
    }


def table_scoreboards(rules: object, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The scoreboards of a shoe's results (baccarat: bead plate, big road, derived roads)."""
    return spec_of(rules).scoreboards(results)


def table_currency(rules: object) -> tuple[str, int]:
    """The currency and minor digits a table's amounts are in."""
    spec_of(rules)
    money = rules.money  # type: ignore[attr-defined]
    return money.currency, money.minor_digits


def jackpot_seed(rules: object) -> int | None:
    """The seed of a table's jackpot pool, where its rules offer a jackpot."""
    return spec_of(rules).jackpot_seed(rules)


def jackpot_terms(rules: object, demo: bool) -> str | None:
    """What tables sharing one progressive jackpot pool must all have alike (issue 20): the
    game, the money (a demo table's points never meet money: PT rule 38) and every term of the
    jackpot (its ticket, seed, contribution and prizes); None where the rules have no jackpot."""
    spec = spec_of(rules)
    if spec.jackpot_seed(rules) is None:
        return None
    money = "DEMO" if demo else rules.money.currency  # type: ignore[attr-defined]
    return f"{spec.name}|{money}|{rules.jackpot!r}"  # type: ignore[attr-defined]


def shown_result(rules: object, result: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A finished round's result as ``viewer`` (a player, or None for a watcher) may see it:
    the cards the rules never turn over left out (stud: folded hands, and the dealer's hand when
    no hand was opened). In baccarat and blackjack every card dealt is dealt face up."""
    return spec_of(rules).shown_result(result, viewer)


def journal_is_public(rules: object) -> bool:
    """Whether a finished round's journal shows only what the table showed: not in stud, whose
    journal deals every hand's cards (folded hands' too); an operator reads it still."""
    return spec_of(rules).journal_is_public


def table_seats(rules: object) -> tuple[int, int, str]:
    """How many seats a table of ``rules`` may have (lowest, highest) and the article saying so
    (issue 17, item 5: a Macau table took any count of PT rule 6)."""
    return spec_of(rules).seats(rules)
