"""An exclusion across processes (issue 29, item 5: an excluded player "is taken out of every
table at once ... their WebSocket closed with the reason"): two real processes on one
PostgreSQL database with a NATS bus; the player watches a table of process a through process b
and excludes themselves through a: their connection at b closes too (4451), with the reason,
and b refuses them a seat."""

from __future__ import annotations

import json
import time

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from tests.server.conftest import BORN, POSTGRES_URL, clean_postgres
from tests.server.test_bus import _bus
from tests.server.test_cluster import _serve
from tests.server.test_crash import OPERATOR


def test_an_exclusion_through_one_process_closes_the_players_connection_at_another() -> None:
    clean_postgres(POSTGRES_URL)
    bus = _bus()
    a, a_base = _serve(POSTGRES_URL, "a", bus)
    b, b_base = _serve(POSTGRES_URL, "b", bus)
    try:
        made = httpx.post(
            f"{a_base}/tables",
            json={"name": "t", "betting_seconds": 60, "pause_seconds": 0},
            headers=OPERATOR,
        )
        table = int(made.json()["id"])  # a opened it: a runs it
        player = httpx.post(
            f"{a_base}/players", json={"name": "ana", "born": BORN}, headers=OPERATOR
        ).json()
        ana = {"Authorization": f"Bearer {player['token']}"}
        httpx.post(f"{a_base}/players/ana/deposits", json={"amount": 100_00}, headers=OPERATOR)
        assert httpx.post(f"{b_base}/tables/{table}/sessions", json={}, headers=ana).is_success
        url = b_base.replace("http", "ws") + f"/tables/{table}/ws?lang=pt-PT"
        with ws_connect(url, open_timeout=10, additional_headers=ana) as socket:
            first = json.loads(socket.recv(timeout=10))
            assert first["type"] == "table"  # b relays a's table to her
            out = httpx.post(
                f"{a_base}/me/exclusions", json={"kind": "timeout", "hours": 24}, headers=ana
            )
            assert out.status_code == 201, out.text
            deadline = time.monotonic() + 10
            code, reason = None, None
            try:
                while time.monotonic() < deadline:
                    socket.recv(timeout=deadline - time.monotonic())
            except ConnectionClosed as closed:
                assert closed.rcvd is not None
                code, reason = closed.rcvd.code, closed.rcvd.reason
            assert code == 4451
            assert (
                reason == "está excluído do jogo (art. 39.º do RJO): a sua conta mantém-se aberta"
            )
        again = httpx.post(f"{b_base}/tables/{table}/sessions", json={}, headers=ana)
        assert again.status_code == 422 and again.json()["detail"]["field"] == "player"
    finally:
        for process in (a, b):
            process.terminate()
            process.wait(timeout=30)
