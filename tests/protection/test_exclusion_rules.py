"""Self-exclusion and time-out, from the rules the law and the issue state (issue 29, items 5
and 7): RJO (Decreto-Lei 66/2015) art. 39: the player excludes themselves for a period of their
choice of at least three months, or indefinitely when no end is given; ending it early takes
effect one month after it is asked for. A time-out lasts 24 hours to six weeks. Each at its
boundary."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from croupier.errors import RuleViolation
from croupier.protection.calendar import UTC_CALENDAR, add_months
from croupier.protection.exclusion import (
    SELF,
    TIME_OUT,
    Exclusion,
    self_exclusion_end,
    time_out_end,
    verify_early_end,
)

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC).timestamp()
HOUR = 3600.0


@pytest.mark.parametrize(
    ("day", "months", "then"),
    [
        (date(2026, 11, 27), 3, date(2027, 2, 27)),
        (date(2026, 11, 30), 3, date(2027, 2, 28)),  # February is shorter: its last day
        (date(2027, 11, 30), 3, date(2028, 2, 29)),  # a leap year
        (date(2026, 12, 31), 1, date(2027, 1, 31)),  # across the year
    ],
)
def test_calendar_months(day: date, months: int, then: date) -> None:
    assert add_months(day, months) == then


def test_a_self_exclusion_lasts_three_months_at_least_or_for_ever() -> None:
    """Three months from 27 November 2026 is 27 February 2027 (the first day the player may
    play again, choice X1): a day less is refused naming ``until``, the day itself is taken,
    and no end at all is an exclusion for ever (until its end is asked)."""
    with pytest.raises(RuleViolation) as short:
        self_exclusion_end(NOW, date(2027, 2, 26))
    assert short.value.field == "until" and "art. 39" in short.value.rule
    assert self_exclusion_end(NOW, date(2027, 2, 27)) == UTC_CALENDAR.day_start(date(2027, 2, 27))
    assert self_exclusion_end(NOW, None) is None


@pytest.mark.parametrize(("hours", "taken"), [(23, False), (24, True), (1008, True), (1009, False)])
def test_a_time_out_is_24_hours_to_six_weeks(hours: int, taken: bool) -> None:
    if taken:
        assert time_out_end(NOW, hours) == NOW + hours * HOUR
    else:
        with pytest.raises(RuleViolation) as refused:
            time_out_end(NOW, hours)
        assert refused.value.field == "hours"


@pytest.mark.parametrize("hours", [True, 24.0, "24", None])
def test_a_time_out_is_a_whole_number_of_hours(hours: object) -> None:
    with pytest.raises(RuleViolation):
        time_out_end(NOW, hours)


def test_an_early_end_takes_effect_a_month_after_it_is_asked() -> None:
    """Asked on 27 November 2026 at 09:30, an indefinite self-exclusion ends on 27 December at
    09:30, not before; one that would end sooner by itself ends then."""
    asked = NOW
    forever = Exclusion(1, SELF, NOW - 100 * 24 * HOUR, None, asked)
    month = datetime(2026, 12, 27, 9, 30, tzinfo=UTC).timestamp()
    assert forever.effective_end() == month
    assert forever.active_at(month - 1) and not forever.active_at(month)
    sooner = Exclusion(2, SELF, NOW - 100 * 24 * HOUR, NOW + 5 * 24 * HOUR, asked)
    assert sooner.effective_end() == NOW + 5 * 24 * HOUR


def test_only_a_self_exclusion_ends_early_and_only_once() -> None:
    with pytest.raises(RuleViolation):
        verify_early_end(Exclusion(1, TIME_OUT, NOW, NOW + 24 * HOUR))
    with pytest.raises(RuleViolation):
        verify_early_end(Exclusion(2, SELF, NOW, None, NOW))
    verify_early_end(Exclusion(3, SELF, NOW, None))


def test_an_exclusion_is_in_force_from_its_start_to_its_end() -> None:
    timeout = Exclusion(1, TIME_OUT, NOW, NOW + 24 * HOUR)
    assert not timeout.active_at(NOW - 1)
    assert timeout.active_at(NOW) and timeout.active_at(NOW + 24 * HOUR - 1)
    assert not timeout.active_at(NOW + 24 * HOUR)
