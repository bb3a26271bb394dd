"""Event fan-out: every table's events go to the WebSocket clients watching it.

An event is serialised once and put on each watcher's own queue; one sender task per watcher
writes to its socket, so a slow watcher never holds up the table or the other watchers. A
watcher that falls more than ``MAX_BACKLOG`` messages behind is dropped (it can reconnect and
read the table's state and its recall again).

Every event a table tells gets the next number of the table's sequence (``seq``). With a bus
(server/bus.py), the events of the tables this process runs go out on it too, numbered, and the
watchers here of a table another process runs are told its events from the bus
(server/relay.py): a watcher still waiting for the table's view holds them, then keeps only
those after the view."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from croupier.i18n.events import keyed
from croupier.mailbox import Mailbox

#: JSON without spaces, encoded by one encoder (json.dumps makes one per call with options)
COMPACT = json.JSONEncoder(separators=(",", ":"))

if TYPE_CHECKING:
    from croupier.server.bus import Bus

MAX_BACKLOG = 10_000


@dataclass(eq=False)
class Watcher:
    player: str | None  # None: an anonymous watcher (the lobby, a spectator)
    queue: Mailbox[str | None] = field(default_factory=Mailbox)  # read by its sender alone
    #: events held until the table's view is sent (a table another process runs), by seq
    held: list[tuple[int, str]] | None = None
    after: int = 0  # events numbered up to this one are in the view it was sent


class Hub:
    def __init__(self) -> None:
        self.watchers: dict[int, set[Watcher]] = {}
        self.delivered = 0
        self.seq: dict[int, int] = {}  # each table's last event number
        self.bus: Bus | None = None

    def watch(self, table_id: int, player: str | None, *, held: bool = False) -> Watcher:
        watcher = Watcher(player, held=[] if held else None)
        self.watchers.setdefault(table_id, set()).add(watcher)
        return watcher

    def leave(self, table_id: int, watcher: Watcher) -> None:
        watchers = self.watchers.get(table_id)
        if watchers is not None:
            watchers.discard(watcher)
            if not watchers:
                del self.watchers[table_id]

    def close_player(self, player: str, sentinel: str) -> int:
        """Every connection here of ``player`` is sent ``sentinel`` (its socket closes on it,
        server/table_socket.py) and stops following its table; how many."""
        closed = 0
        for table_id, watchers in list(self.watchers.items()):
            for watcher in [w for w in watchers if w.player == player]:
                watcher.queue.put_nowait(sentinel)
                self.leave(table_id, watcher)
                closed += 1
        return closed

    def publish(self, table_id: int, event: dict[str, Any], to: str | None) -> None:
        """Send ``event`` of a table this process runs to everyone at the table, or only to
        player ``to``: here, and on the bus to the other processes' watchers."""
        seq = self.seq[table_id] = self.seq.get(table_id, 0) + 1
        text = COMPACT.encode({**keyed(event), "table": table_id})
        self.tell(table_id, seq, to, text)
        if self.bus is not None:
            self.bus.publish(table_id, seq, to, text)

    def tell(self, table_id: int, seq: int, to: str | None, text: str) -> None:
        """Event number ``seq`` to this process's watchers of the table."""
        for watcher in list(self.watchers.get(table_id, ())):
            if to is not None and watcher.player != to:
                continue
            if watcher.held is not None and len(watcher.held) < MAX_BACKLOG:
                watcher.held.append((seq, text))
                continue
            if seq <= watcher.after:
                continue
            if watcher.held is not None or watcher.queue.qsize() > MAX_BACKLOG:
                self.leave(table_id, watcher)
                watcher.queue.put_nowait(None)
                continue
            watcher.queue.put_nowait(text)

    @staticmethod
    def release(watcher: Watcher, after: int) -> None:
        """The view numbered ``after`` is queued: the held events after it follow it."""
        held, watcher.held, watcher.after = watcher.held or [], None, after
        for seq, text in held:
            if seq > after:
                watcher.queue.put_nowait(text)
