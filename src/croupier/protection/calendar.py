"""The casino's calendar: on which day a moment falls, where the casino is (choices X3, X7).

A player's limits count calendar periods (the day from midnight, the week from Monday, the month
from its first day), an age counts birthdays, a statement and an exclusion end on days: each a
day of the casino's time zone, an IANA name given to the server (``croupier serve --time-zone
Asia/Macau``; UTC by default). In UTC a Macau player's "day" would begin at 08:00 of theirs and
a Lisbon player's at 01:00 of theirs all summer. A zone whose clocks change (Lisbon's summer
time) is read at each moment: its days are 23 or 25 hours long twice a year.
"""

from __future__ import annotations

import calendar as months
from datetime import UTC, date, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from croupier.errors import RuleViolation
from croupier.i18n.message import msg

DEFAULT_ZONE = "UTC"
CALENDAR_RULE = "the casino's calendar: its time zone (choice X3; docs/player-protection.md)"
MAX_NAME = 64  # characters of a zone's name (the longest IANA name has 32)


def time_zone(name: str, field: str, rule: str = CALENDAR_RULE) -> tzinfo:
    """The time zone an IANA name gives ("Asia/Macau", "Europe/Lisbon", "UTC"), or a refusal
    naming ``field``."""
    if name == "UTC":
        return UTC
    try:
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise ValueError(name)
        return ZoneInfo(name)
    except (ValueError, OSError, ZoneInfoNotFoundError):  # not a name, or no zone of that name
        raise RuleViolation(
            field,
            msg("{name} is not a time zone (an IANA name: Asia/Macau, Europe/Lisbon, UTC)",
                name=repr(name)),
            rule,
        ) from None  # fmt: skip


def add_months(day: date, months_on: int) -> date:
    """The same day ``months_on`` calendar months on (the month's last day where it is
    shorter)."""
    index = day.month - 1 + months_on
    year, month = day.year + index // 12, index % 12 + 1
    return date(year, month, min(day.day, months.monthrange(year, month)[1]))


class Calendar:
    """Days, weeks and months of one time zone, for moments in seconds (UTC, ``time.time()``)."""

    def __init__(self, zone: str = DEFAULT_ZONE) -> None:
        self.use(zone)

    def use(self, zone: str) -> None:
        """Count the days of ``zone`` from now on (a server's, once its database said which)."""
        self.zone = time_zone(zone, "time_zone")
        self.name = zone

    def day(self, seconds: float) -> date:
        """The day ``seconds`` falls on."""
        return datetime.fromtimestamp(seconds, self.zone).date()

    def day_start(self, day: date) -> float:
        """The first second of ``day``: its midnight (the first of two where the clocks go back
        over it; where they skip it, the moment they skip to: PEP 495's reading of fold 0)."""
        return datetime(day.year, day.month, day.day, tzinfo=self.zone).timestamp()

    def period_bounds(self, period: str, now: float) -> tuple[float, float]:
        """The calendar period (``day``, ``week`` from Monday, ``month``) holding ``now``: its
        first second and the first of the next."""
        today = self.day(now)
        if period == "day":
            first, after = today, today + timedelta(days=1)
        elif period == "week":
            first = today - timedelta(days=today.weekday())  # Monday
            after = first + timedelta(days=7)
        else:
            first = today.replace(day=1)
            after = add_months(first, 1)
        return self.day_start(first), self.day_start(after)


UTC_CALENDAR = Calendar()
