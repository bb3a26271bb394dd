"""Where a table is served from while a process takes it over (issue 28, deploy.md "Several
processes"): the process that has just claimed a dead owner's table recovers it (PT rule 29:
the round voided and refunded exactly once) before it runs it. In that moment the database
names this process as the owner, but the table is not running here yet: a connection to it
must be told to try again, not relayed to the table's "other" process, which is this one.
(A device reconnecting to the new owner was refused: tests/server/test_live_cluster.py, seen
once in CI.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from croupier.server.relay import Relay, Unavailable
from croupier.store.claims import Node


class _Peers:
    def __init__(self, owners: dict[int, Node | None]) -> None:
        self.owners = owners

    async def refresh(self, table_id: int | None = None) -> None:
        return None


class _Member:
    def __init__(self) -> None:
        self.node = "b"
        self.tables: dict[int, Any] = {}


def _node(name: str, *tables: int) -> Node:
    return Node(name, 1, "2026-11-29T08:00:00Z", "2026-11-29T08:00:01Z", tables)


def _relay(owners: dict[int, Node | None]) -> Relay:
    return Relay(_Member(), _Peers(owners), None)  # type: ignore[arg-type]


def test_a_table_another_process_runs_is_served_through_it() -> None:
    assert asyncio.run(_relay({7: _node("a", 7)}).runs_elsewhere(7)) is True


def test_an_unknown_table_is_nobodys() -> None:
    assert asyncio.run(_relay({7: _node("a", 7)}).runs_elsewhere(8)) is False


def test_a_table_whose_owner_died_is_unavailable() -> None:
    with pytest.raises(Unavailable):
        asyncio.run(_relay({7: None}).runs_elsewhere(7))


def test_a_table_this_process_is_taking_over_is_unavailable_not_elsewhere() -> None:
    """Claimed by this process ("b"), not yet running here: try again."""
    with pytest.raises(Unavailable):
        asyncio.run(_relay({7: _node("b", 7)}).runs_elsewhere(7))
