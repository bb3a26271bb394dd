"""What a game tells the rest of croupier about itself, in one place (issue 19): each game
package exports one :class:`GameSpec` (``games/<game>/spec.py``) and
:mod:`croupier.games.registry` maps them. The ruleset loader reads a game's regulations and how
to build its rules from it; the online table reads how to run it, what to show of it and how many
seats it takes; the CLI its commands and its options. A new game is a new package with its
spec, and one line in the registry
(docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from croupier.errors import RulesetError
from croupier.games.information import TableInformation
from croupier.games.live import LiveDealing
from croupier.games.protocol import TableGame
from croupier.option_spec import Option
from croupier.options import Options
from croupier.shoe import Shoe, StackedCards


def later(target: str) -> Callable[..., Any]:
    """The function or class ``module:name``, imported at its first call: a game's spec names
    its engine without loading it, so that reading the games' rules loads no engine (issue
    32(3): the command line's start)."""
    module, _, name = target.partition(":")

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


def no_scoreboards(results: list[dict[str, Any]]) -> dict[str, Any]:
    """A game without scoreboards: the count of the shoe's rounds only."""
    return {"rounds": len(results)}


def all_shown(result: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """A game whose every card is dealt face up: the result is everyone's to see."""
    return result


@dataclass(frozen=True)
class Citing:
    """How a game's code cites its regulations, read by the compliance scanner
    (:mod:`croupier.compliance.citations`, issue 27): it credits a citation only where the game
    says which text it is, and refuses one it cannot place in a known text."""

    #: the regulation (a key of the shipped texts) a bare "art. N" in the game's modules cites
    articles: str
    #: words naming the game's text on a line anywhere in croupier (a regular expression)
    named: str
    #: articles another text rewrote: article -> that text's key (Despacho 2/2009, baccarat)
    amended: Mapping[int, str] = field(default_factory=dict)
    #: a text the game cites whose words croupier does not hold, (its key, why): an article
    #: absent from ``articles``' text is that one's, placed and credited to nothing
    base_without_text: tuple[str, str] | None = None
    #: the regulation a bare "rule N" in the game's modules cites (baccarat: PT 812/2015)
    rules: str | None = None
    #: modules outside the game's package whose bare articles are the game's (the shoe)
    also: tuple[str, ...] = ()
    #: the game's package under ``croupier/games/`` (default: its rules type's)
    package: str = ""


R = TypeVar("R")


@dataclass(frozen=True)
class GameSpec(Generic[R]):
    """A game, over its rules type ``R``: what croupier needs to run it everywhere."""

    name: str  # as rulesets name it: [ruleset] game = "..."
    title: str
    #: the regulations its rulesets may follow ([ruleset] regulation = "...")
    regulations: tuple[str, ...]
    rules_type: type[R]
    #: validated rules from a ruleset: (regulation, amendments named, the option tables) ->
    #: (rules, the amendments applied)
    build_rules: Callable[[str, Sequence[str], Options], tuple[R, frozenset[str]]]
    #: a table's game: (rules, the shoe or stacked cards, the jackpot pool) -> TableGame
    table_game: Callable[[R, Shoe | StackedCards, int | None], TableGame]
    #: rules, limits and payouts for the player (PT rule 32)
    information: Callable[[R], TableInformation]
    #: (lowest, highest) seats a table may have, and the article saying so
    seats: Callable[[R], tuple[int, int, str]]
    #: the scoreboards of a shoe's results
    scoreboards: Callable[[list[dict[str, Any]]], dict[str, Any]] = no_scoreboards
    #: a finished round's result as a viewer may see it (hidden cards left out)
    shown_result: Callable[[dict[str, Any], str | None], dict[str, Any]] = all_shown
    #: whether a finished round's journal shows only what the table showed
    journal_is_public: bool = True
    #: the seed of the table's jackpot pool, where its rules offer a jackpot
    jackpot_seed: Callable[[R], int | None] = lambda rules: None
    #: the options a ruleset may set, declared once, by regulation (``croupier options``)
    options: Mapping[str, Mapping[str, Option]] = field(default_factory=dict)
    #: the module of its commands (``croupier <game> ...``: a Typer ``app``), read by the CLI
    cli: str | None = None
    #: its own terminal table (``module:Class``) for ``croupier play``; None: the generic one
    terminal: str | None = None
    #: how its code cites its regulations; None: it cites none, and any citation in its
    #: package is refused by the compliance scan
    citing: Citing | None = None
    #: its live dealing, cards from a physical shoe checked card by card (issue 31): a new
    #: shoe's from the rules; None: its tables deal only from croupier's own shoes
    live: Callable[[R], LiveDealing] | None = None
    #: a round made again from its journal on the cards it was dealt: (rules, cards, the log,
    #: the round's number, the jackpot pool before it) -> the round, whose log must equal the
    #: journal (``croupier verify``, issue 28); None: its rounds are not re-dealt
    replay: Callable[[R, Any, Sequence[Any], int, int | None], Any] | None = None

    @property
    def keeps_roads(self) -> bool:
        """Whether the game keeps scoreboards of a shoe's results (baccarat's roads)."""
        return self.scoreboards is not no_scoreboards


def rules_only(
    game: str, build: Callable[[Options], R]
) -> Callable[[str, Sequence[str], Options], tuple[R, frozenset[str]]]:
    """``build_rules`` for a game of one regulation whose rulesets name no amendments."""

    def build_rules(
        regulation: str, amendments: Sequence[str], options: Options
    ) -> tuple[R, frozenset[str]]:
        if amendments:  # refused before any option is read
            raise RulesetError("ruleset.amendments", f"the {game} ruleset names no amendments")
        return build(options), frozenset()

    return build_rules
