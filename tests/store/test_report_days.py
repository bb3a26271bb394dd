"""The time zone's offsets a report's days are read with (store/reports.py ``offsets``): each
offset over the instants it applies to, a change found to the second."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from croupier.store.reports import offsets


def test_lisbons_summer_time_begins_at_one_oclock_utc_on_the_last_sunday_of_march() -> None:
    """Portugal keeps the European Union's summer time: clocks go from UTC+0 to UTC+1 at 01:00
    UTC on the last Sunday of March (29 March 2026)."""
    start, end = datetime(2026, 3, 28, tzinfo=UTC), datetime(2026, 3, 31, tzinfo=UTC)
    assert offsets(ZoneInfo("Europe/Lisbon"), start, end) == [
        (datetime(2026, 3, 29, 1, tzinfo=UTC), 0),
        (end, 3600),
    ]


def test_and_ends_at_one_oclock_utc_on_the_last_sunday_of_october() -> None:
    start, end = datetime(2026, 10, 1, tzinfo=UTC), datetime(2026, 11, 1, 7, 13, tzinfo=UTC)
    assert offsets(ZoneInfo("Europe/Lisbon"), start, end) == [
        (datetime(2026, 10, 25, 1, tzinfo=UTC), 3600),
        (end, 0),
    ]


def test_macau_is_eight_hours_ahead_all_year() -> None:
    start, end = datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)
    assert offsets(ZoneInfo("Asia/Macau"), start, end) == [(end, 8 * 3600)]


def test_utc_has_one_offset() -> None:
    start, end = datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 3, 2, tzinfo=UTC)
    assert offsets(UTC, start, end) == [(end, 0)]
