"""Where a table is served from while a process takes it over (issue 28, deploy.md "Several
processes"): the process that has just claimed a dead owner's table recovers it (PT rule 29:
the round voided and refunded exactly once) before it runs it. In that moment the database
names this process as the owner, but the table is not running here yet: a connection to it
must be told to try again, not relayed to the table's "other" process, which is this one.
(A device reconnecting to the new owner was refused: tests/server/test_live_cluster.py, seen
once in CI.) A REST request for it is the same: not forwarded to this process itself (whose app
does not run the table yet and would answer 404, "no such table"), but 503, try again."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from croupier.server.forwarding import NO_OWNER, Peers
from croupier.server.relay import Relay, Unavailable
from croupier.store.claims import Node


class _Peers(Peers):
    """Who runs what as read, with nothing read again from a database."""

    def __init__(self, member: Any, owners: dict[int, Node | None]) -> None:
        super().__init__(member)
        self.owners = owners

    async def refresh(self, table_id: int | None = None) -> None:
        return None


class _Member:
    def __init__(self) -> None:
        self.node = "b"
        self.tables: dict[int, Any] = {}
        self.relay = None  # no bus: forwarded over HTTP
        self.peer_key = _Key()


class _Key:
    def request_headers(self, *_: Any) -> dict[str, str]:
        return {"x-croupier-forwarded": "b"}


class _Http:
    """Where a forwarded request would go: each process's app answers 404 for a table it
    does not run (as this process's own does while it recovers the table)."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def request(self, method: str, url: str, **_: Any) -> Any:
        self.sent.append(f"{method} {url}")
        return type("Answer", (), {"status_code": 404, "content": b'{"detail": "no table"}'})()


def _node(name: str, *tables: int) -> Node:
    return Node(name, 1, "2026-11-29T08:00:00Z", "2026-11-29T08:00:01Z", tables)


def _relay(owners: dict[int, Node | None]) -> Relay:
    member = _Member()
    return Relay(member, _Peers(member, owners), None)  # type: ignore[arg-type]


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


def _forwarded(owners: dict[int, Node | None], table_id: int) -> tuple[int, bytes, list[str]]:
    peers = Peers(_Member())  # type: ignore[arg-type]
    peers.owners = owners
    http = _Http()
    peers.http = lambda: http  # type: ignore[assignment,return-value]
    status, body = asyncio.run(
        peers.forward(table_id, "POST", f"/tables/{table_id}/bets", {}, b"{}", "ana")
    )
    return status, body, http.sent


def test_a_request_for_a_table_another_process_runs_is_sent_to_it() -> None:
    node = Node("a", 1, "2026-11-29T08:00:00Z", "2026-11-29T08:00:01Z", (7,), "http://a:1")
    status, _body, sent = _forwarded({7: node}, 7)
    assert sent == ["POST http://a:1/tables/7/bets"] and status == 404  # a's own answer


def test_a_request_for_a_table_this_process_is_taking_over_is_try_again_not_sent() -> None:
    """Claimed by this process ("b"), not yet running here: 503 "being taken over", as for a
    table whose owner died; never sent to this process itself (its app's 404 would tell the
    player the table does not exist)."""
    node = Node("b", 1, "2026-11-29T08:00:00Z", "2026-11-29T08:00:01Z", (7,), "http://b:1")
    status, body, sent = _forwarded({7: node}, 7)
    assert (status, json.loads(body), sent) == (503, NO_OWNER, [])
