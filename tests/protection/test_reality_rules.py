"""The reality check (issue 29, item 6): "A reality check every N minutes (the player's choice)
shows the time played and the net result and must be acknowledged before the next bet"."""

from __future__ import annotations

import pytest

from croupier.errors import RuleViolation
from croupier.protection.reality import RealityCheck, verify_minutes


def test_a_bet_waits_for_the_check_due_and_the_next_comes_an_interval_later() -> None:
    check = RealityCheck.every(15, started=1_000.0)
    check.verify_bet(1_000.0 + 15 * 60 - 1, net=0)  # a second before: the bet is taken
    with pytest.raises(RuleViolation) as due:
        check.verify_bet(1_000.0 + 15 * 60, net=-25_00)
    assert due.value.field == "reality_check"
    assert "15 minutes" in due.value.message and "-2500" in due.value.message
    with pytest.raises(RuleViolation):
        RealityCheck.every(15, 0.0).acknowledge(60.0)  # nothing is due yet
    check.acknowledge(1_000.0 + 16 * 60)
    check.verify_bet(1_000.0 + 31 * 60 - 1, net=0)
    with pytest.raises(RuleViolation):
        check.verify_bet(1_000.0 + 31 * 60, net=0)
    assert check.played_minutes(1_000.0 + 31 * 60) == 31


@pytest.mark.parametrize(("minutes", "taken"), [(4, False), (5, True), (240, True), (241, False)])
def test_the_interval_is_5_to_240_minutes(minutes: int, taken: bool) -> None:
    if taken:
        assert verify_minutes(minutes) == minutes
    else:
        with pytest.raises(RuleViolation):
            verify_minutes(minutes)
    assert verify_minutes(None) is None
