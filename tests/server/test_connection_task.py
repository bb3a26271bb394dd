"""A table's WebSocket runs in a task of its own (server/table_socket.py, ``TableSockets``):
each of its messages then resumes the connection's frames alone, not also the dozen frames of
middleware that called it (issue 32(4): 26 of the event loop's ~330 Python calls a bet). The
ASGI call that started it must still behave as if it ran the connection itself: it ends when
the connection ends, with its error, and its cancellation (a shutdown) cancels the connection."""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

import pytest

from croupier.server.table_socket import TableSockets

SCOPE = {"type": "websocket", "path": "/tables/1/device", "headers": []}


async def _nothing(scope: Any, receive: Any, send: Any) -> None:
    raise AssertionError("a table's WebSocket is not the application's")


async def _receive() -> dict[str, Any]:
    return {"type": "websocket.connect"}


async def _send(message: Any) -> None:
    return None


class Recorded:
    """A connection that records the task it runs in and how it ended."""

    tasks: ClassVar[list[asyncio.Task[Any] | None]] = []
    ends: ClassVar[list[str]] = []
    fail: ClassVar[bool] = False

    def __init__(self, casino: Any, table_id: int, scope: Any, receive: Any, send: Any) -> None:
        self.table_id = table_id

    async def run(self) -> None:
        Recorded.tasks.append(asyncio.current_task())
        try:
            if Recorded.fail:
                raise ValueError("the connection failed")
            await asyncio.Event().wait()  # until cancelled
        except asyncio.CancelledError:
            Recorded.ends.append("cancelled")
            raise
        finally:
            Recorded.ends.append("ended")


@pytest.fixture(autouse=True)
def _fresh() -> None:
    Recorded.tasks, Recorded.ends, Recorded.fail = [], [], False


def test_the_connection_runs_in_a_task_of_its_own_and_is_cancelled_with_its_caller() -> None:
    async def scenario() -> None:
        sockets = TableSockets(_nothing, casino=None, device=Recorded)  # type: ignore[arg-type]
        caller = asyncio.create_task(sockets(SCOPE, _receive, _send))
        while not Recorded.tasks:
            await asyncio.sleep(0)
        inner = Recorded.tasks[0]
        assert inner is not None and inner is not caller  # not the ASGI call's own task
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller
        assert inner.cancelled()
        assert Recorded.ends == ["cancelled", "ended"]  # its own clean-up ran first

    asyncio.run(scenario())


def test_the_connection_s_error_is_its_caller_s() -> None:
    async def scenario() -> None:
        Recorded.fail = True
        sockets = TableSockets(_nothing, casino=None, device=Recorded)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="the connection failed"):
            await sockets(SCOPE, _receive, _send)
        assert Recorded.ends == ["ended"]

    asyncio.run(scenario())
