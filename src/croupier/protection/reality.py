"""The reality check (issue 29, item 6: "A reality check every N minutes (the player's choice)
shows the time played and the net result and must be acknowledged before the next bet";
docs/player-protection.md).

Play time is counted from the session's start on the table's clock; the check is due every
``minutes`` of it, and until the player acknowledges it their bets are refused (the bets
already on the table stand). Acknowledged, the next one is due ``minutes`` later.
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.errors import RuleViolation
from croupier.i18n.message import msg

REALITY_RULE = "reality check (issue 29, item 6; docs/player-protection.md)"
MINUTES = (5, 240)  # every 5 minutes to every 4 hours (choice X5)


def verify_minutes(minutes: object) -> int | None:
    """The player's interval: None (no check) or whole minutes within :data:`MINUTES`."""
    if minutes is None:
        return None
    low, high = MINUTES
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not low <= minutes <= high:
        raise RuleViolation(
            "minutes",
            msg(
                "{minutes}: every {low} to {high} minutes, or null",
                minutes=repr(minutes),
                low=low,
                high=high,
            ),
            REALITY_RULE,
        )
    return minutes


@dataclass
class RealityCheck:
    """One session's reality check: every ``seconds`` of play from ``started``."""

    seconds: float
    started: float
    due_at: float
    told: bool = False  # the player was shown the check now due

    @classmethod
    def every(cls, minutes: int, started: float) -> RealityCheck:
        return cls(minutes * 60.0, started, started + minutes * 60.0)

    def due(self, now: float) -> bool:
        return now >= self.due_at

    def played_minutes(self, now: float) -> int:
        return int((now - self.started) // 60)

    def verify_bet(self, now: float, net: int) -> None:
        """A bet waits for the check due to be acknowledged."""
        if self.due(now):
            raise RuleViolation(
                "reality_check",
                msg(
                    "you have played {now} minutes, net result {net}: acknowledge the reality "
                    "check before your next bet",
                    now=self.played_minutes(now),
                    net=net,
                ),
                REALITY_RULE,
            )

    def acknowledge(self, now: float) -> None:
        if not self.due(now):
            raise RuleViolation("reality_check", "no reality check is due", REALITY_RULE)
        self.due_at = now + self.seconds
        self.told = False
