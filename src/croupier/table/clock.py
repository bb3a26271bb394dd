"""Time for the table runtime: the system clock, or a clock the tests move by hand.

Tables look at time only when they are told to (a tick), so a test that moves a
:class:`ManualClock` by four minutes sees exactly what four real minutes would do: the betting
window closes, the inactivity invitation and warning come, the session ends (PT rules 27, 35-36).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale."""
        ...

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever time jumps (a manual clock moved); a real clock never does,
        and the server ticks the tables itself."""
        ...


class SystemClock:
    #: ``time.monotonic`` itself: a table looks at it several times a bet (issue 32(4))
    now = staticmethod(time.monotonic)

    def on_change(self, listener: Callable[[], None]) -> None:
        return None


class ManualClock:
    """A clock that only moves when :meth:`advance` is called (tests)."""

    def __init__(self, start: float = 1_000.0) -> None:
        self._now = start
        self._listeners: list[Callable[[], None]] = []

    def now(self) -> float:
        return self._now

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("seconds: time does not run backwards")
        self._now += seconds
        for listener in list(self._listeners):
            listener()
