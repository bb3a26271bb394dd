"""The casino's calendar (protection/calendar.py; choice X3: "calendar periods of the casino's
time zone: the day from midnight, the week from Monday, the month from its first day").

Each expectation is the zone's own clock read off the IANA database's rules, not the code:
Lisbon is UTC+0 in winter and UTC+1 from 01:00 UTC on the last Sunday of March to 01:00 UTC on
the last Sunday of October; Macau is UTC+8 all year; Santiago de Chile moves its clocks from
00:00 to 01:00 on the first Sunday of September (its midnight that day does not exist).
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from croupier.errors import RuleViolation
from croupier.protection.calendar import Calendar


def _utc(*fields: int) -> float:
    return datetime(*fields, tzinfo=UTC).timestamp()


def test_a_day_in_macau_runs_from_16_00_utc_the_day_before() -> None:
    macau = Calendar("Asia/Macau")
    assert macau.day(_utc(2026, 11, 27, 15, 59, 59)) == date(2026, 11, 27)
    assert macau.day(_utc(2026, 11, 27, 16)) == date(2026, 11, 28)
    assert macau.period_bounds("day", _utc(2026, 11, 27, 16, 30)) == (
        _utc(2026, 11, 27, 16),
        _utc(2026, 11, 28, 16),
    )


def test_macau_weeks_begin_on_monday_and_months_on_their_first_day() -> None:
    macau = Calendar("Asia/Macau")
    sunday_night = _utc(2026, 11, 29, 15, 59)  # Sunday 29 November, 23:59 in Macau
    monday = _utc(2026, 11, 29, 16)  # Monday 30 November, 00:00 there
    assert macau.period_bounds("week", sunday_night) == (_utc(2026, 11, 22, 16), monday)
    assert macau.period_bounds("week", monday)[0] == monday
    assert macau.period_bounds("month", _utc(2026, 12, 31, 15, 59)) == (
        _utc(2026, 11, 30, 16),
        _utc(2026, 12, 31, 16),
    )


def test_lisbons_days_are_23_and_25_hours_long_when_its_clocks_change() -> None:
    lisbon = Calendar("Europe/Lisbon")
    spring = lisbon.period_bounds("day", _utc(2026, 3, 29, 12))
    autumn = lisbon.period_bounds("day", _utc(2026, 10, 25, 12))
    assert spring == (_utc(2026, 3, 29), _utc(2026, 3, 29, 23))
    assert autumn == (_utc(2026, 10, 24, 23), _utc(2026, 10, 26))
    assert spring[1] - spring[0] == 23 * 3600 and autumn[1] - autumn[0] == 25 * 3600
    assert lisbon.day(_utc(2026, 7, 1, 23)) == date(2026, 7, 2)  # 00:00 in summer


def test_a_day_whose_midnight_is_skipped_begins_when_the_clocks_skip_to() -> None:
    santiago = Calendar("America/Santiago")
    start = santiago.day_start(date(2026, 9, 6))  # 00:00 at UTC-4 is 01:00 at UTC-3
    assert start == _utc(2026, 9, 6, 4)
    assert santiago.day(start) == date(2026, 9, 6) and santiago.day(start - 1) == date(2026, 9, 5)


def test_utc_is_the_default() -> None:
    assert Calendar().period_bounds("day", _utc(2026, 11, 27, 23, 59)) == (
        _utc(2026, 11, 27),
        _utc(2026, 11, 28),
    )


@pytest.mark.parametrize(
    "name", ["Mars/Olympus", "Asia", "../../etc/passwd", "/etc/localtime", "", "A" * 65]
)
def test_a_name_that_is_no_zone_is_refused_naming_the_field(name: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        Calendar(name)
    assert refused.value.field == "time_zone"
    assert "is not a time zone" in refused.value.message
