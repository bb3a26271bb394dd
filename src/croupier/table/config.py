"""How an operator sets up an online table, validated field by field.

* ``mode``: ``multi`` (a common betting window, PT rules 5 and 27) or ``individual`` (one
  player, who starts the deal, rules 4 and 28);
* ``seats``: 1 to 9 (rule 6); an individual table has one;
* ``betting_seconds``: the operator's betting window at a multi-player table (rule 27);
* ``demo``: play money only (rules 37-38);
* ``decision_seconds``: how long players have to decide after the deal where the game asks
  (stud: raise or fold); a hand that has not decided by then takes the game's default (fold);
* ``pause_seconds``: how long the result stays on the table before the next betting window
  opens at a multi-player table (no bets are taken meanwhile);
* ``ruleset`` and ``overrides``: the game's rules and the house options (limits included), each
  validated by the ruleset loader against its article;
* ``linked_jackpot``: the name of a progressive jackpot pool the table shares with every other
  table of that name, whichever process runs them (issue 20; docs/deploy.md): one pool, its
  contributions and prizes settled against it in the database. Empty: the table's own pool.
* ``live``: the cards come from a physical shoe, one at a time, checked card by card by the
  game's live dealing (issue 31; docs/live-table.md), instead of croupier's own shoe.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.i18n.message import msg

MODES = ("multi", "individual")
LIVE_RULE = "live tables (docs/live-table.md)"
LINK_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")


@dataclass(frozen=True)
class TableConfig:
    name: str
    ruleset: str = "pt-ponto-banca-2015"
    mode: str = "multi"
    seats: int = 7
    betting_seconds: float = 15.0
    demo: bool = False
    pause_seconds: float = 5.0
    decision_seconds: float = 20.0
    overrides: Mapping[str, Any] = field(default_factory=dict)
    linked_jackpot: str = ""
    live: bool = False
    #: players may give each next shoe a value, committed first, revealed after (issue 28)
    players_entropy: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= 100:
            raise RuleViolation("name", "must be 1 to 100 characters", "tables")
        if self.mode not in MODES:
            raise RuleViolation(
                "mode",
                msg("{mode} is not one of {modes}", mode=repr(self.mode), modes=", ".join(MODES)),
                pt("rules 4-5"),
            )
        if (
            isinstance(self.seats, bool)
            or not isinstance(self.seats, int)
            or not 1 <= self.seats <= 9
        ):
            raise RuleViolation(
                "seats",
                msg("{seats}: a table has 1 to 9 seats", seats=repr(self.seats)),
                pt("rule 6"),
            )
        if self.mode == "individual" and self.seats != 1:
            raise RuleViolation("seats", "an individual table has one seat", pt("rule 4"))
        seconds = self.betting_seconds
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 1 <= seconds <= 600
        ):
            raise RuleViolation(
                "betting_seconds",
                msg("{seconds}: the window is 1 to 600 seconds", seconds=repr(seconds)),
                pt("rule 27"),
            )

        pause = self.pause_seconds
        if isinstance(pause, bool) or not isinstance(pause, int | float) or not 0 <= pause <= 60:
            raise RuleViolation(
                "pause_seconds",
                msg("{pause}: the result shows 0 to 60 seconds", pause=repr(pause)),
                "tables",
            )

        wait = self.decision_seconds
        if isinstance(wait, bool) or not isinstance(wait, int | float) or not 5 <= wait <= 300:
            raise RuleViolation(
                "decision_seconds",
                msg("{wait}: players decide in 5 to 300 seconds", wait=repr(wait)),
                "tables",
            )

        if not isinstance(self.players_entropy, bool):
            raise RuleViolation(
                "players_entropy",
                msg("{value}: true or false", value=repr(self.players_entropy)),
                "players' entropy (docs/proof.md)",
            )
        if self.players_entropy and self.live:
            raise RuleViolation(
                "players_entropy",
                msg("a live table's cards come from a physical shoe: no value mixes into them"),
                "players' entropy (docs/proof.md)",
            )

        if not isinstance(self.live, bool):
            raise RuleViolation(
                "live", msg("{live}: true or false", live=repr(self.live)), LIVE_RULE
            )

        link = self.linked_jackpot
        if not isinstance(link, str) or (link and not LINK_NAME.fullmatch(link)):
            raise RuleViolation(
                "linked_jackpot",
                msg(
                    "{link}: a pool's name is 1 to 40 letters, digits, '_' or '-'", link=repr(link)
                ),
                "linked jackpots (docs/deploy.md)",
            )

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["overrides"] = dict(self.overrides)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableConfig:
        known = {"name", "ruleset", "mode", "seats", "betting_seconds", "demo", "overrides"}
        known.update({"pause_seconds", "decision_seconds", "linked_jackpot", "live"})
        known.add("players_entropy")
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleViolation(unknown[0], "is not a table setting", "tables")
        return cls(**dict(data))
