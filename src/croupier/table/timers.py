"""A table's deadlines (PT 812/2015 rule 27): when its betting window closes, when the next one
opens after a result is shown, when undecided hands take their default, and whether it is
closing for good."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.i18n.message import msg


@dataclass
class Timers:
    closes_at: float | None = None  # the betting window's end (multi-player)
    opens_at: float | None = None  # the result is shown until then (multi-player)
    decides_by: float | None = None  # when undecided hands take the default decision
    closing: bool = False  # a graceful stop voided its undealt round: no bet, no new round
    #: why the operator disabled the table (issue 30; GLI-19 4.15): the round in play finishes,
    #: no bet is taken and no round begins until it is enabled again
    disabled: str | None = None
    checked_at: float = float("-inf")  # when the table last looked at the clock

    def verify_window(self, now: float) -> None:
        """Bets are taken only while the window is open (rule 27): not between a result and
        the next window, nor once the period's countdown has ended, even before the table has
        looked at the clock and closed it (rule 16: "Findo o período de tempo para a realização
        das apostas inicia-se a distribuição")."""
        if self.closing:
            raise RuleViolation("phase", "the table is closing: no more rounds", "table")
        if self.disabled is not None:
            raise RuleViolation(
                "phase",
                msg("the table is disabled: {reason}", reason=self.disabled),
                "GLI-19 4.15 (docs/operator.md)",
            )
        if self.opens_at is not None:
            left = max(0.0, self.opens_at - now)
            raise RuleViolation(
                "phase",
                msg(
                    "no more bets: the betting window is closed; the next opens in {left} s",
                    left=format(left, ".0f"),
                ),
                pt("rule 27"),
            )
        if self.closes_at is not None and now >= self.closes_at:
            raise RuleViolation(
                "phase", "no more bets: the betting period has ended", pt("rule 27")
            )

    def deadline(self) -> float | None:
        """The countdown players see: the window's end, or the decisions'."""
        return self.closes_at if self.closes_at is not None else self.decides_by

    def stop(self) -> None:
        self.closes_at = self.opens_at = self.decides_by = None
