"""A watcher of a table another process runs is never silently short of an event (issue 20:
"A watcher on process A sees every event of a table owned by process B, in order, none lost"):
the events from the bus are told in their sequence, an event already in the view is not told
twice, and any break in the sequence (a gap, another process's numbering) closes the watcher
with 4409 so that it reads the table afresh. Exhaustive over small sequences, and with
hypothesis over arbitrary deliveries."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from croupier.server.hub import Hub, Watcher
from croupier.server.relay import MOVED, Relay, Stream

TABLE = 7


class _Bus:
    def unfollow(self, table_id: int) -> None:
        pass


def _relay() -> tuple[Relay, Hub]:
    hub = Hub()
    casino: Any = SimpleNamespace(hub=hub, tables={}, node="here")
    return Relay(casino, peers=None, bus=_Bus()), hub  # type: ignore[arg-type]


def _watching(relay: Relay, hub: Hub, view_node: str, view_seq: int) -> Watcher:
    """A watcher that was sent the view numbered ``view_seq`` by ``view_node``."""
    stream = relay.streams.setdefault(TABLE, Stream())
    watcher = hub.watch(TABLE, None, held=True)
    stream.watchers.add(watcher)
    if stream.node is None:
        stream.node, stream.seq = view_node, view_seq
    hub.release(watcher, view_seq)
    return watcher


def _told(watcher: Watcher) -> list[Any]:
    out = []
    while not watcher.queue.empty():
        out.append(watcher.queue.get_nowait())
    return out


def test_events_after_the_view_are_told_in_order_and_those_in_it_are_not() -> None:
    relay, hub = _relay()
    watcher = _watching(relay, hub, "b", 5)
    for seq in (4, 5, 6, 7, 8):  # 4 and 5 were sent before the view that holds them
        relay.received(TABLE, "b", seq, None, f"e{seq}")
    assert _told(watcher) == ["e6", "e7", "e8"]
    assert relay.broken == 0


def test_a_gap_sends_the_watchers_to_reconnect() -> None:
    relay, hub = _relay()
    watcher = _watching(relay, hub, "b", 1)
    relay.received(TABLE, "b", 2, None, "e2")
    relay.received(TABLE, "b", 4, None, "e4")  # 3 never came
    assert _told(watcher) == ["e2", MOVED]
    assert relay.broken == 1 and TABLE not in hub.watchers


def test_another_process_s_events_send_the_watchers_to_reconnect() -> None:
    relay, hub = _relay()
    watcher = _watching(relay, hub, "b", 10)
    relay.received(TABLE, "b", 11, None, "e11")
    relay.received(TABLE, "c", 1, None, "c1")  # the table moved to c
    assert _told(watcher) == ["e11", MOVED]


def test_a_player_s_own_event_goes_to_that_player_alone() -> None:
    relay, hub = _relay()
    stream = relay.streams.setdefault(TABLE, Stream())
    ana, watcher = hub.watch(TABLE, "ana", held=True), hub.watch(TABLE, None, held=True)
    stream.watchers |= {ana, watcher}
    stream.node, stream.seq = "b", 0
    hub.release(ana, 0)
    hub.release(watcher, 0)
    relay.received(TABLE, "b", 1, "ana", "yours")
    relay.received(TABLE, "b", 2, None, "all")
    assert _told(ana) == ["yours", "all"] and _told(watcher) == ["all"]


@given(
    view=st.integers(0, 20),
    deliveries=st.lists(st.tuples(st.sampled_from(["b", "c"]), st.integers(0, 40)), max_size=40),
)
def test_whatever_the_bus_delivers_a_watcher_sees_a_gapless_run_or_is_told_to_reconnect(
    view: int, deliveries: list[tuple[str, int]]
) -> None:
    """What the watcher is told is always the events view+1, view+2, ... of the view's process,
    each once and in order, possibly followed by the order to reconnect, and nothing after it."""
    relay, hub = _relay()
    watcher = _watching(relay, hub, "b", view)
    for node, seq in deliveries:
        relay.received(TABLE, node, seq, None, f"{node}{seq}")
    last, broke = view, False  # the same deliveries read by the rule the docstring states
    for node, seq in deliveries:
        if node == "b" and seq <= last:
            continue  # already in the view, or already told
        if node != "b" or seq != last + 1:
            broke = True
            break
        last = seq
    expected = [f"b{seq}" for seq in range(view + 1, last + 1)] + ([MOVED] if broke else [])
    assert _told(watcher) == expected
    assert (relay.broken > 0) == broke


def test_the_held_events_of_a_watcher_wait_for_its_view() -> None:
    """Events that come while the view is being asked for are held, then those after the view
    follow it."""
    relay, hub = _relay()
    stream = relay.streams.setdefault(TABLE, Stream())
    watcher = hub.watch(TABLE, None, held=True)
    stream.watchers.add(watcher)
    for seq in (1, 2, 3):
        relay.received(TABLE, "b", seq, None, f"e{seq}")
    assert _told(watcher) == []  # held
    watcher.queue.put_nowait("view")
    hub.release(watcher, 2)  # the view holds events up to 2
    assert _told(watcher) == ["view", "e3"]
