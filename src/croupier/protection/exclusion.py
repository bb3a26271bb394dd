"""Self-exclusion and time-out (issue 29, items 5 and 7; docs/player-protection.md).

Portugal's online gambling law (Regime Jurídico dos Jogos e Apostas Online, Decreto-Lei
66/2015, "RJO") art. 39 gives the player the right to exclude themselves: for a period of their
choice of at least three months, or indefinitely when no end is given; asked to end early, the
exclusion ends one month after the asking. An operator keeps an exclusion list of its own too
(the regulator's list imported). A time-out (cool-off) is the same protection, shorter: 24 hours
to six weeks, chosen by the player, and it runs its course.

Times are wall-clock seconds (UTC); a self-exclusion's end is a date, the first day the player
may play again (choice X1, docs/choices.md): three calendar months from the day it is asked at
least, so "three months minus a day" is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.protection.calendar import UTC_CALENDAR, Calendar, add_months

RJO_39 = "RJO (Decreto-Lei 66/2015) art. 39"
TIME_OUT_RULE = "time-out: 24 hours to six weeks (issue 29, item 7; docs/player-protection.md)"
SELF, TIME_OUT, OPERATOR = "self", "timeout", "operator"
KINDS = (SELF, TIME_OUT, OPERATOR)
MINIMUM_MONTHS = 3  # art. 39: "por um período mínimo de três meses"
EARLY_END_MONTHS = 1  # an early end takes effect a month after it is asked
TIME_OUT_HOURS = (24, 6 * 7 * 24)  # 24 hours to six weeks
MAX_REASON = 200


@dataclass(frozen=True)
class Exclusion:
    """One exclusion: its kind, when it began, when it ends (None: never, until asked), and when
    its early end was asked (self-exclusion only)."""

    id: int
    kind: str
    starts_at: float
    ends_at: float | None
    end_asked_at: float | None = None
    reason: str = ""
    set_by: str = ""

    def effective_end(self) -> float | None:
        """When it ends: its end, or a month after an early end was asked, whichever first."""
        if self.end_asked_at is None:
            return self.ends_at
        asked = datetime.fromtimestamp(self.end_asked_at, UTC)
        early = add_months(asked.date(), EARLY_END_MONTHS)
        early_at = datetime.combine(early, asked.timetz()).timestamp()
        return early_at if self.ends_at is None else min(self.ends_at, early_at)

    def active_at(self, now: float) -> bool:
        end = self.effective_end()
        return self.starts_at <= now and (end is None or now < end)

    def shown(self) -> dict[str, object]:
        """As the player and the operator see it."""
        end = self.effective_end()
        return {
            "id": self.id,
            "kind": self.kind,
            "starts_at": utc_text(self.starts_at),
            "ends_at": None if end is None else utc_text(end),
            "end_asked_at": None if self.end_asked_at is None else utc_text(self.end_asked_at),
            "reason": self.reason,
            "set_by": self.set_by,
            "rule": RJO_39 if self.kind != TIME_OUT else TIME_OUT_RULE,
        }


def utc_text(seconds: float) -> str:
    """A moment (UTC seconds) as ISO 8601 text ending in Z: how protection shows its times."""
    return datetime.fromtimestamp(seconds, UTC).isoformat().replace("+00:00", "Z")


def self_exclusion_end(
    now: float, until: date | None, calendar: Calendar = UTC_CALENDAR
) -> float | None:
    """When a self-exclusion asked at ``now`` to last until ``until`` (the first day the player
    may play again, on the casino's ``calendar``; None: indefinitely) ends; refused when shorter
    than three months."""
    if until is None:
        return None
    earliest = add_months(calendar.day(now), MINIMUM_MONTHS)
    if until < earliest:
        raise RuleViolation(
            "until",
            msg(
                "{isoformat}: a self-exclusion lasts at least three months, to {isoformat_2} or "
                "later (or give no end: indefinitely)",
                isoformat=until.isoformat(),
                isoformat_2=earliest.isoformat(),
            ),
            RJO_39,
        )
    return calendar.day_start(until)


def time_out_end(now: float, hours: object) -> float:
    """When a time-out of ``hours`` asked at ``now`` ends; refused outside 24 hours to six
    weeks."""
    low, high = TIME_OUT_HOURS
    if isinstance(hours, bool) or not isinstance(hours, int) or not low <= hours <= high:
        raise RuleViolation(
            "hours",
            msg(
                "{hours}: a time-out is {low} to {high} hours (six weeks)",
                hours=repr(hours),
                low=low,
                high=high,
            ),
            TIME_OUT_RULE,
        )
    return now + timedelta(hours=hours).total_seconds()


def verify_early_end(exclusion: Exclusion) -> None:
    """Only a self-exclusion ends early, and only once asked; a time-out and an operator's
    exclusion run their course."""
    if exclusion.kind != SELF:
        raise RuleViolation(
            "exclusion",
            msg("a {kind} exclusion cannot be ended early", kind=exclusion.kind),
            RJO_39,
        )
    if exclusion.end_asked_at is not None:
        raise RuleViolation("exclusion", "its early end was asked already", RJO_39)


def verify_reason(reason: object) -> str:
    if not isinstance(reason, str) or len(reason) > MAX_REASON or not reason.isprintable():
        raise RuleViolation(
            "reason",
            msg("at most {max_reason} printable characters", max_reason=MAX_REASON),
            RJO_39,
        )
    return reason
