"""The mailbox a table's commands and a watcher's messages wait in (croupier.mailbox): first in,
first out; a read waits for an item; nothing put is lost, also when the reader is cancelled."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from croupier.mailbox import Mailbox


@given(st.lists(st.integers(), max_size=50), st.integers(min_value=0, max_value=50))
def test_items_come_out_in_the_order_they_were_put(items: list[int], read_early: int) -> None:
    async def scenario() -> list[int]:
        box: Mailbox[int] = Mailbox()
        out = []
        for n, item in enumerate(items):
            box.put_nowait(item)
            if n < read_early:  # reads interleaved with the puts, then the rest at the end
                out.append(await box.get())
        assert box.qsize() == len(items) - len(out)
        while not box.empty():
            out.append(box.get_nowait())
        return out

    assert asyncio.run(scenario()) == items


def test_a_read_waits_until_an_item_is_put() -> None:
    async def scenario() -> None:
        box: Mailbox[str] = Mailbox()
        reader = asyncio.create_task(box.get())
        await asyncio.sleep(0)
        assert not reader.done()  # nothing yet: it waits
        box.put_nowait("bet")
        assert await asyncio.wait_for(reader, 1) == "bet"
        assert box.empty()

    asyncio.run(scenario())


def test_an_empty_mailbox_refuses_a_read_that_does_not_wait() -> None:
    with pytest.raises(asyncio.QueueEmpty):
        Mailbox[int]().get_nowait()


def test_an_item_put_as_its_reader_is_cancelled_stays_for_the_next_read() -> None:
    """The reader woken by a put and cancelled before it runs: the item is not lost."""

    async def scenario() -> None:
        box: Mailbox[int] = Mailbox()
        reader = asyncio.create_task(box.get())
        await asyncio.sleep(0)
        box.put_nowait(1)  # wakes the reader ...
        reader.cancel()  # ... which is cancelled before it takes the item
        with pytest.raises(asyncio.CancelledError):
            await reader
        box.put_nowait(2)
        assert await asyncio.wait_for(box.get(), 1) == 1
        assert await asyncio.wait_for(box.get(), 1) == 2

    asyncio.run(scenario())


def test_a_reader_cancelled_while_it_waits_leaves_the_mailbox_readable() -> None:
    async def scenario() -> None:
        box: Mailbox[int] = Mailbox()
        reader = asyncio.create_task(box.get())
        await asyncio.sleep(0)
        reader.cancel()
        with pytest.raises(asyncio.CancelledError):
            await reader
        later = asyncio.create_task(box.get())  # a new reader may wait in its place
        await asyncio.sleep(0)
        box.put_nowait(7)
        assert await asyncio.wait_for(later, 1) == 7

    asyncio.run(scenario())


def test_a_second_reader_waiting_at_once_is_refused() -> None:
    """One reader: a second task waiting on it would be a fault of the caller, told at once
    rather than left waiting for ever."""

    async def scenario() -> None:
        box: Mailbox[int] = Mailbox()
        first = asyncio.create_task(box.get())
        await asyncio.sleep(0)
        with pytest.raises(RuntimeError, match="one reader"):
            await box.get()
        box.put_nowait(3)
        assert await asyncio.wait_for(first, 1) == 3

    asyncio.run(scenario())


@given(st.lists(st.integers(), min_size=1, max_size=40), st.integers(min_value=1, max_value=50))
def test_a_read_of_many_takes_the_first_items_up_to_its_most(items: list[int], most: int) -> None:
    """What a table takes as one batch of commands: the first ones, in order, no more than
    asked; the rest stay, in order, for the next read."""

    async def scenario() -> tuple[list[int], list[int]]:
        box: Mailbox[int] = Mailbox()
        for item in items:
            box.put_nowait(item)
        taken = await box.get_many(most)
        rest = []
        while not box.empty():
            rest.append(box.get_nowait())
        return taken, rest

    taken, rest = asyncio.run(scenario())
    assert taken == items[:most]
    assert rest == items[most:]


def test_a_read_of_many_waits_for_the_first_item() -> None:
    async def scenario() -> None:
        box: Mailbox[str] = Mailbox()
        reader = asyncio.create_task(box.get_many(10))
        await asyncio.sleep(0)
        assert not reader.done()
        box.put_nowait("deal")
        box.put_nowait("bet")  # put before the reader runs: taken with the first
        assert await asyncio.wait_for(reader, 1) == ["deal", "bet"]

    asyncio.run(scenario())
