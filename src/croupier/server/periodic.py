"""A server's work in the background: the steps it repeats for ever (the tables' ticks, the
claims' heartbeat, the linked jackpots' display, the tokens in play confirmed with a shared
database), started with the server and cancelled, each waited for, when it stops."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

log = logging.getLogger(__name__)


async def every(seconds: float, step: Callable[[], Awaitable[Any]], failing: str) -> None:
    """``step`` every ``seconds``, for ever: a step that fails is logged (``failing``) and
    tried again at its next turn, so that a database away for a moment stops nothing."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await step()
        except Exception:
            log.warning(failing)


class Background:
    """The server's background tasks."""

    def __init__(self) -> None:
        self.tasks: list[asyncio.Task[None]] = []

    def start(self, work: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(asyncio.create_task(work))

    async def stop(self) -> None:
        """Each task cancelled and waited for."""
        tasks, self.tasks = self.tasks, []
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
