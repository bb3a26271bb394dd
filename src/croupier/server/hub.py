"""Event fan-out: every table's events go to the WebSocket clients watching it.

An event is serialised once and put on each watcher's own queue; one sender task per watcher
writes to its socket, so a slow watcher never holds up the table or the other watchers. A
watcher that falls more than ``MAX_BACKLOG`` messages behind is dropped (it can reconnect and
read the table's state and its recall again)."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

MAX_BACKLOG = 10_000


@dataclass(eq=False)
class Watcher:
    player: str | None  # None: an anonymous watcher (the lobby, a spectator)
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


class Hub:
    def __init__(self) -> None:
        self.watchers: dict[int, set[Watcher]] = {}
        self.delivered = 0

    def watch(self, table_id: int, player: str | None) -> Watcher:
        watcher = Watcher(player)
        self.watchers.setdefault(table_id, set()).add(watcher)
        return watcher

    def leave(self, table_id: int, watcher: Watcher) -> None:
        self.watchers.get(table_id, set()).discard(watcher)

    def publish(self, table_id: int, event: dict[str, Any], to: str | None) -> None:
        """Send ``event`` to everyone at the table, or only to player ``to``."""
        text = json.dumps({**event, "table": table_id}, separators=(",", ":"))
        for watcher in list(self.watchers.get(table_id, ())):
            if to is not None and watcher.player != to:
                continue
            if watcher.queue.qsize() > MAX_BACKLOG:
                self.leave(table_id, watcher)
                watcher.queue.put_nowait(None)
                continue
            watcher.queue.put_nowait(text)
