"""A mailbox: an unbounded first-in first-out queue read by one task (issue 32(4)).

What a table's commands and a watcher's messages wait in. ``asyncio.Queue`` does the same with
the bookkeeping of a bounded queue shared by many readers and writers (its sizes, its putters,
its getters' line, ``task_done``): about ten Python calls for each item through it, and it was
the module the server's event loop called most for each bet (three queues on a bet's way, 35 of
its ~340 calls: docs/benchmarks.md). A mailbox is written to by anyone on its event loop and read
by one task at a time; an item put is never lost, also when its reader is cancelled while it
waits (the item stays for the next read).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    """Items in the order they were put; ``get`` waits for one. The methods ``asyncio.Queue``
    has that an unbounded queue with one reader needs, with the same meaning."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None  # the reader, waiting for an item

    def put_nowait(self, item: T) -> None:
        """``item`` at the end; the waiting reader, if any, woken."""
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    async def get(self) -> T:
        """The first item, once there is one."""
        while not self._items:
            if self._waiter is not None:
                raise RuntimeError("a mailbox has one reader: another task is waiting on it")
            waiter = asyncio.get_running_loop().create_future()
            self._waiter = waiter
            try:
                await waiter
            finally:  # cancelled: no longer waiting (what was put stays for the next read)
                if self._waiter is waiter:
                    self._waiter = None
        return self._items.popleft()

    async def get_many(self, most: int) -> list[T]:
        """The first items, up to ``most`` (at least 1) of them, once there is one."""
        first = await self.get()
        items = self._items
        taken = [first]
        while items and len(taken) < most:
            taken.append(items.popleft())
        return taken

    def get_nowait(self) -> T:
        """The first item; :class:`asyncio.QueueEmpty` when there is none."""
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)
