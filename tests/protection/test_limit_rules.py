"""Limits a player sets on their own play (issue 29, item 6), from the rules the issue states:
"Lowering takes effect at once; raising only after a cooling-off period (say, 24 hours, an
option of the casino); the strictest of the player's and the operator's limits applies. A bet
or a deposit over a limit is refused with the limit, the amount left and when it resets."
Each at its boundary."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from croupier.errors import RuleViolation
from croupier.protection.calendar import UTC_CALENDAR
from croupier.protection.limits import (
    COOLING_OFF_SECONDS,
    LimitChange,
    LimitReached,
    in_force,
    limits_in_force,
    takes_effect,
    verify_amount,
    verify_bet_limit,
    verify_deposit,
    verify_kind,
)

NOW = datetime(2026, 11, 27, 9, 30, tzinfo=UTC).timestamp()  # a Friday
DAY = 24 * 3600.0


def _at(*args: int) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()


def test_lowering_is_at_once_and_raising_waits_for_the_cooling_off() -> None:
    assert takes_effect(None, 100_00, NOW, COOLING_OFF_SECONDS) == NOW  # a first limit
    assert takes_effect(100_00, 50_00, NOW, COOLING_OFF_SECONDS) == NOW  # lowered
    assert takes_effect(100_00, 100_01, NOW, COOLING_OFF_SECONDS) == NOW + DAY  # raised
    assert takes_effect(100_00, 100_00, NOW, COOLING_OFF_SECONDS) == NOW + DAY  # not stricter
    assert takes_effect(100_00, None, NOW, COOLING_OFF_SECONDS) == NOW + DAY  # removed


def test_a_raise_applies_after_its_cooling_off_and_a_later_change_supersedes_it() -> None:
    set_100 = LimitChange("deposit_day", 100_00, NOW, NOW)
    raise_300 = LimitChange("deposit_day", 300_00, NOW + 10, NOW + 10 + DAY)
    assert in_force([set_100, raise_300], NOW + 10 + DAY - 1) == 100_00
    assert in_force([set_100, raise_300], NOW + 10 + DAY) == 300_00
    lower_80 = LimitChange("deposit_day", 80_00, NOW + 20, NOW + 20)  # while the raise waits
    assert in_force([set_100, raise_300, lower_80], NOW + 20) == 80_00
    assert in_force([set_100, raise_300, lower_80], NOW + 10 + DAY) == 80_00  # raise gone
    raise_150 = LimitChange("deposit_day", 150_00, NOW + 30, NOW + 30 + DAY)
    assert in_force([set_100, raise_300, raise_150], NOW + 10 + DAY) == 100_00  # superseded
    assert in_force([set_100, raise_300, raise_150], NOW + 30 + DAY) == 150_00
    assert in_force([], NOW) is None


def test_the_strictest_of_the_players_and_the_operators_applies() -> None:
    mine = LimitChange("deposit_week", 500_00, NOW, NOW)
    house = LimitChange("deposit_week", 300_00, NOW, NOW, by_operator=True)
    looser = LimitChange("deposit_month", 900_00, NOW, NOW, by_operator=True)
    limits = limits_in_force([mine, house, looser], NOW)
    assert limits["deposit_week"] == 300_00 and limits["deposit_month"] == 900_00
    assert limits["deposit_day"] is None


@pytest.mark.parametrize(
    ("period", "start", "end"),
    [
        ("day", _at(2026, 11, 27), _at(2026, 11, 28)),
        ("week", _at(2026, 11, 23), _at(2026, 11, 30)),  # from Monday
        ("month", _at(2026, 11, 1), _at(2026, 12, 1)),
    ],
)
def test_periods_are_calendar_periods_in_utc(period: str, start: float, end: float) -> None:
    assert UTC_CALENDAR.period_bounds(period, NOW) == (start, end)
    assert UTC_CALENDAR.period_bounds(period, start) == (start, end)
    assert UTC_CALENDAR.period_bounds(period, end - 1) == (start, end)


def test_a_deposit_one_unit_over_the_limit_is_refused_with_what_is_left() -> None:
    limits = {"deposit_day": 100_00, "deposit_week": None, "deposit_month": None}
    verify_deposit(limits, {"day": 60_00}, 40_00, NOW)  # exactly to the limit
    with pytest.raises(LimitReached) as over:
        verify_deposit(limits, {"day": 60_00}, 40_01, NOW)
    record = over.value.extra()
    assert over.value.field == "amount"
    assert record == {
        "limit": 100_00,
        "left": 40_00,
        "resets_at": "2026-11-28T00:00:00Z",
        "limit_kind": "deposit_day",
    }


@pytest.mark.parametrize("amount", [0, -1, True, 1.5, "10"])
def test_a_limit_is_a_positive_whole_amount_or_none(amount: object) -> None:
    with pytest.raises(RuleViolation):
        verify_amount(amount)
    assert verify_amount(None) is None and verify_amount(1) == 1


def test_only_the_known_limits_are_set() -> None:
    with pytest.raises(RuleViolation):
        verify_kind("loss_year")
    assert verify_kind("deposit_month") == "deposit_month"


def test_the_largest_single_bet_counts_the_chips_already_on_the_bet() -> None:
    """Choice X6: a bet's total on one kind in a round is the single bet: 15.00 on Banker and
    5.00 more make 20.00, within a limit of 20.00; one unit more is not."""
    verify_bet_limit(20_00, 15_00, 5_00, "banker")
    with pytest.raises(RuleViolation) as over:
        verify_bet_limit(20_00, 15_00, 5_01, "banker")
    assert "5.00" not in over.value.message and "500 more" in over.value.message
    verify_bet_limit(None, 10**9, 10**9, "banker")  # no limit


@pytest.mark.parametrize(("minutes", "taken"), [(4, False), (5, True), (1440, True), (1441, False)])
def test_a_session_limit_is_5_minutes_to_a_day(minutes: int, taken: bool) -> None:
    if taken:
        assert verify_amount(minutes, "session_minutes") == minutes
    else:
        with pytest.raises(RuleViolation):
            verify_amount(minutes, "session_minutes")
