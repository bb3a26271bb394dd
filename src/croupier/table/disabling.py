"""A table disabled by the operator (issue 30; GLI-19 4.15: a game disabled lets the round in
progress finish): no bet is taken and no round begins until it is enabled again; the round in
play, if one has begun, is dealt and settled as usual; its players are told.

When has a round begun? PT 812/2015 rule 2 defines the «Jogada» (the round) as "as operações que
se iniciam com a realização das apostas" (the operations that begin with the placing of the
bets): a round with bets on the felt, or cards out, is in progress and finishes; a window with
no bet yet closes at once and no round is dealt. Bets a tie left for the next round (Macau
baccarat art. 12) wait on the felt for the table to be enabled, or are returned when it closes
(choice O25).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.table.announcer import Announcer
from croupier.table.in_play import InPlay
from croupier.table.timers import Timers

RULE = "GLI-19 4.15 (docs/operator.md)"
UNDEALT = frozenset({"betting", "closed"})  # the phases of a round no card of which is out


class Disabling:
    def __init__(
        self,
        table_id: int,
        in_play: InPlay,
        timers: Timers,
        announcer: Announcer,
        open_window: Callable[[], None],
    ) -> None:
        self.table_id = table_id
        self.in_play = in_play
        self.timers = timers
        self.announcer = announcer
        self.open_window = open_window

    def round_in_progress(self) -> bool:
        """Whether a round has begun (PT rule 2): bets in an open window, or cards out. In the
        pause after a result (``opens_at``) the next round has not begun."""
        rnd, timers = self.in_play.round, self.timers
        if rnd.phase_name not in UNDEALT:
            return True
        return timers.opens_at is None and bool(rnd.bets)

    async def disable(self, reason: str) -> dict[str, Any]:
        timers = self.timers
        if timers.disabled is not None:
            raise RuleViolation(
                "table", msg("already disabled: {reason}", reason=timers.disabled), RULE
            )
        finishes = self.round_in_progress()
        timers.disabled = reason
        if not finishes:  # no round has begun: none begins
            timers.closes_at = timers.opens_at = None
        number = self.in_play.round.number
        self.announcer.publish(
            {
                "type": "table_disabled",
                "reason": reason,
                "round": number,
                "round_finishes": finishes,
            },
            None,
        )
        return {
            "table": self.table_id,
            "disabled": reason,
            "round": number,
            "round_finishes": finishes,
        }

    async def enable(self) -> dict[str, Any]:
        timers = self.timers
        if timers.disabled is None:
            raise RuleViolation("table", "the table is not disabled", RULE)
        timers.disabled = None
        self.announcer.publish({"type": "table_enabled"}, None)
        idle = timers.closes_at is None and timers.opens_at is None and timers.decides_by is None
        if idle and not self.round_in_progress():
            self.open_window()  # the next round's window (its own rules say how long)
        return {"table": self.table_id, "disabled": None, "round": self.in_play.round.number}
