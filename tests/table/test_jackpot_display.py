"""The progressive jackpot's display at a table, without a server (Macau stud art. 1(4)):
what the table is told, and when."""

from __future__ import annotations

from typing import Any

import pytest

from croupier.table.announcer import Announcer
from croupier.table.view import JackpotDisplay


def _display() -> tuple[JackpotDisplay, list[dict[str, Any]]]:
    told: list[dict[str, Any]] = []
    table = JackpotDisplay(Announcer(lambda event, to: told.append(event), "multi", {}))
    return table, told


@pytest.mark.cites("macau-stud-2004", "art. 1(4)")
def test_the_display_shows_each_new_pool_once_and_never_an_unknown_one() -> None:
    """Macau stud art. 1(4) lists among the table's material "Um sistema e expositor
    electrónico do «jackpot progressivo»" (an electronic system and display of the progressive
    jackpot): the display shows the pool as it is. A pool not yet known (``None``: the
    database not read yet) is never shown as an amount, a pool that did not change is not told
    again, and every change is told."""
    table, told = _display()
    table.show(None)
    assert told == [] and table.jackpot_shown is None
    table.show(1_000_00)
    table.show(1_000_00)
    assert told == [{"type": "jackpot", "pool": 1_000_00}]
    table.show(None)  # a read that failed: the display keeps the last pool
    assert table.jackpot_shown == 1_000_00 and len(told) == 1
    table.show(1_000_05)
    assert told[-1] == {"type": "jackpot", "pool": 1_000_05} and len(told) == 2
