"""A table WebSocket's messages leave in the order they were made (server/table_socket.py).

The connection's task sends its own reply to a bet itself when nothing is queued before it and
nothing is being sent (issue 32(4): a turn of the sender's task saved per bet); otherwise the
reply joins the watcher's queue. These tests drive one connection through a socket whose send
can be held, as a client that reads slowly holds it (the transport paused for writing), and
assert that a reply never passes a message queued before it, nor a message a reply that was
queued."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from croupier.server.hub import Hub, Watcher
from croupier.server.rates import RateLimits, Rates
from croupier.server.table_socket import TableConnection


class Socket:
    """The ASGI side of one connection: messages the test feeds, sends it records (each send
    may be held until released)."""

    def __init__(self) -> None:
        self.incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[str] = []
        self.hold = asyncio.Event()
        self.hold.set()  # sends pass at once until the test clears it
        self.holding = asyncio.Event()  # set while a send waits on ``hold``
        self.sending = False
        self.overlapped = 0  # sends begun while another was under way: one at a time

    async def receive(self) -> dict[str, Any]:
        return await self.incoming.get()

    async def send(self, message: dict[str, Any]) -> None:
        self.overlapped += self.sending
        self.sending = True
        try:
            if not self.hold.is_set():
                self.holding.set()
                await self.hold.wait()
                self.holding.clear()
            self.sent.append(message.get("text", message["type"]))
        finally:
            self.sending = False

    def bet(self, ref: int) -> None:
        self.incoming.put_nowait({"type": "websocket.receive", "text": str(ref)})


async def settle() -> None:
    for _ in range(20):  # every task ready runs until it waits
        await asyncio.sleep(0)


def connection(socket: Socket) -> tuple[TableConnection, Watcher, Hub]:
    hub = Hub()
    casino: Any = SimpleNamespace(hub=hub, rates=Rates(RateLimits()))
    conn = TableConnection(casino, 1, {}, socket.receive, socket.send)
    return conn, hub.watch(1, None), hub


async def run(answer: Any, script: Any) -> list[str]:
    socket = Socket()
    conn, watcher, hub = connection(socket)
    task = asyncio.create_task(conn._messages(watcher, answer, lambda: None))
    await settle()
    await script(socket, watcher, hub)
    await settle()
    socket.incoming.put_nowait({"type": "websocket.disconnect"})
    await asyncio.wait_for(task, 5)
    assert socket.overlapped == 0, "two sends at once on one socket"
    return socket.sent


def test_a_reply_with_nothing_before_it_is_sent_at_once() -> None:
    async def answer(text: str) -> dict[str, Any]:
        return {"type": "ack", "ref": int(text)}

    async def script(socket: Socket, watcher: Watcher, hub: Hub) -> None:
        socket.bet(1)
        await settle()
        hub.publish(1, {"type": "announcement", "message": "after"}, None)

    sent = asyncio.run(run(answer, script))
    assert sent[0] == '{"type":"ack","ref":1}'
    assert '"announcement"' in sent[1] and len(sent) == 2


def test_a_reply_never_passes_an_event_queued_while_it_was_answered() -> None:
    """The table tells the watchers an event while the bet is judged: the event is in the
    queue, its sender not yet run, when the reply is ready; the reply goes after it."""
    hubs: list[Hub] = []

    async def answer(text: str) -> dict[str, Any]:
        hubs[0].publish(1, {"type": "announcement", "message": "first"}, None)
        return {"type": "ack", "ref": int(text)}

    async def script(socket: Socket, watcher: Watcher, hub: Hub) -> None:
        hubs.append(hub)
        socket.bet(7)

    sent = asyncio.run(run(answer, script))
    assert len(sent) == 2
    assert '"first"' in sent[0] and sent[1] == '{"type":"ack","ref":7}'


def test_a_reply_waits_behind_a_held_send_and_what_was_queued_before_it() -> None:
    """A slow client: the first event's send is held. A reply made meanwhile is queued, and an
    event after it stays after it."""

    async def answer(text: str) -> dict[str, Any]:
        return {"type": "ack", "ref": int(text)}

    async def script(socket: Socket, watcher: Watcher, hub: Hub) -> None:
        socket.hold.clear()
        hub.publish(1, {"type": "announcement", "message": "one"}, None)
        await asyncio.wait_for(socket.holding.wait(), 5)  # the sender is stuck on "one"
        socket.bet(2)
        await settle()
        hub.publish(1, {"type": "announcement", "message": "two"}, None)
        await settle()
        assert socket.sent == []
        socket.hold.set()

    sent = asyncio.run(run(answer, script))
    assert len(sent) == 3
    assert '"one"' in sent[0] and sent[1] == '{"type":"ack","ref":2}' and '"two"' in sent[2]


def test_an_event_waits_behind_a_held_reply() -> None:
    """The reply's own send is held (sent by the connection's task): an event told meanwhile
    is sent after it, not beside it (an ASGI server need not take two sends at once)."""

    async def answer(text: str) -> dict[str, Any]:
        return {"type": "ack", "ref": int(text)}

    async def script(socket: Socket, watcher: Watcher, hub: Hub) -> None:
        socket.hold.clear()
        socket.bet(3)
        await asyncio.wait_for(socket.holding.wait(), 5)  # the reply's send is stuck
        hub.publish(1, {"type": "announcement", "message": "later"}, None)
        await settle()
        assert socket.sent == []
        socket.hold.set()

    sent = asyncio.run(run(answer, script))
    assert len(sent) == 2
    assert sent[0] == '{"type":"ack","ref":3}' and '"later"' in sent[1]
