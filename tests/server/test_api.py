"""The API's shape: the OpenAPI schema, the placeholder client page, the information endpoint
(PT rule 32), history, the WebSocket's refusals, and ``croupier serve`` on its defaults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from croupier.server.embedded import free_port
from tests.server.conftest import RunningServer, receive_until


def test_openapi_schema_and_client_page(server: RunningServer) -> None:
    schema = server.http.get("/openapi.json").json()
    paths = set(schema["paths"])
    for path in (
        "/tables",
        "/tables/{table_id}/bets",
        "/tables/{table_id}/sessions",
        "/tables/{table_id}/rounds/last",
        "/tables/{table_id}/information",
        "/sessions/{session_id}/end",
        "/players",
        "/me",
    ):
        assert path in paths, path
    page = server.http.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]


@pytest.mark.cites("pt-812-2015", "rule 14", "rule 15", "rule 25")
def test_information_is_there_before_during_and_after_a_session(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=10)["id"]
    before = server.http.get(f"/tables/{table}/information").json()  # no token needed
    limits = {b["kind"]: (b["minimum"], b["maximum"], b["pays"]) for b in before["bets"]}
    assert limits["player"] == (1_00, 70_00, "1:1")  # PT rules 14, 15(a), 25(a)
    assert limits["tie"] == (1_00, 15_00, "8:1")  # rules 15(b), 25(b)
    assert limits["player_pair"] == (1_00, 8_00, "11:1")  # rules 15(c), 25(c)
    assert before["commission"]["scheme"] == "standard" and before["complaints"]
    ana = server.player("ana", 10_00)
    session = server.sit(table, ana)
    assert (
        server.http.get(f"/tables/{table}/information", headers=server.auth(ana)).json() == before
    )
    server.http.post(f"/sessions/{session}/end", headers=server.auth(ana))
    assert server.http.get(f"/tables/{table}/information").json() == before


def test_history_lists_a_players_rounds_newest_first(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=5, pause_seconds=0)["id"]
    ana = server.player("ana", 100_00)
    bruno = server.player("bruno", 100_00)
    server.sit(table, ana)
    server.sit(table, bruno)
    for n in range(3):
        assert server.bet(table, bruno, "player", 1_00).status_code == 201
        if n != 1:
            assert server.bet(table, ana, "banker", 2_00).status_code == 201
        server.advance(5)
    everyone = server.http.get(f"/tables/{table}/rounds").json()
    assert [r["number"] for r in everyone] == [3, 2, 1]
    mine = server.http.get(
        f"/tables/{table}/rounds", params={"mine": True}, headers=server.auth(ana)
    ).json()
    assert [r["number"] for r in mine] == [3, 1]
    assert all(r["mine"]["bets"] for r in mine)
    assert server.http.get(f"/tables/{table}/rounds", params={"mine": True}).status_code == 401
    assert server.http.get(f"/tables/{table}/rounds", params={"limit": 0}).status_code == 422
    # the scoreboards of the shoe in play, from the same rounds
    roads = server.http.get(f"/tables/{table}/roads").json()
    assert roads["rounds"] == 3
    winners = [r["result"]["winner"] for r in reversed(everyone)]
    assert [b["winner"] for b in roads["bead_plate"]] == winners
    assert sum(len(c) for c in roads["big_road"]["columns"]) == 3 - winners.count("tie")


def test_websocket_refusals(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=30)["id"]
    ana = server.player("ana", 10_00)
    server.sit(table, ana)
    with pytest.raises(InvalidStatus, match="403"):  # refused at the handshake
        server.watch(table, "not-a-token")
    with pytest.raises(InvalidStatus, match="403"):
        server.watch(999)
    with server.watch(table) as spectator:
        spectator.send(json.dumps({"type": "bet", "kind": "player", "amount": 100, "ref": "a"}))
        refused = receive_until(spectator, "refused")[-1]
        assert refused["field"] == "token" and refused["ref"] == "a"
    with server.watch(table, ana["token"]) as player:
        for message, field in (
            ({"type": "hello"}, "type"),
            ({"type": "bet", "kind": "player", "amount": 1.5, "ref": 1}, "amount"),
            ({"type": "bet", "kind": "player", "amount": 50_00, "ref": 2}, "amount"),
            ('{"type": "bet", "kind": "player", "amount": 1', "not JSON"),  # malformed
            ('{"type": "bet", "kind": "player", "amount": 1e999}', "RFC 8259"),  # no float
            ('{"type": "bet", "kind": "player", "amount": NaN}', "RFC 8259"),
            ({"type": "bet", "kind": "dragon", "amount": 100, "ref": 3}, "not offered"),
            ({"type": "bet", "kind": "player", "amount": -100, "ref": 4}, "amount"),
        ):
            player.send(message if isinstance(message, str) else json.dumps(message))
            refused = receive_until(player, "refused")[-1]
            assert field in (refused["field"] + refused["message"]), refused
    assert server.balance(ana) == 10_00 and server.view(table)["totals"] == {}


def test_croupier_serve_on_its_defaults(tmp_path: Path) -> None:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier", "serve", "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        lines = []
        deadline = time.monotonic() + 60
        while len(lines) < 3 and time.monotonic() < deadline:
            line = process.stdout.readline() if process.stdout else ""
            if line:
                lines.append(line.strip())
        assert lines[0].startswith(f"croupier serving http://127.0.0.1:{port}/"), lines
        demo_token = lines[2].rsplit(" ", 1)[-1]
        assert (tmp_path / "croupier.db").exists()  # the default: SQLite in the current directory
        base = f"http://127.0.0.1:{port}"
        tables = httpx.get(f"{base}/tables").json()
        assert len(tables) == 4 and all(t["demo"] for t in tables)
        assert {t["mode"] for t in tables} == {"multi", "individual"}
        # all three games, so a newcomer sees them without curl (issue 18, item 12)
        assert {t["game"] for t in tables} == {"baccarat", "stud", "blackjack"}
        me = httpx.get(f"{base}/me", headers={"Authorization": f"Bearer {demo_token}"}).json()
        assert me["demo"] is True and me["balances"]["DEMO"] > 0
        assert httpx.get(f"{base}/openapi.json").status_code == 200
    finally:
        process.terminate()
        process.wait(30)


def test_what_a_newcomer_met_in_the_api(server: RunningServer) -> None:
    """Issue 18, item 11: POST /tables/{id}/sessions with no body answered 422 (it needed
    `{}`); timestamps carried a UTC offset on PostgreSQL and none on SQLite; /favicon.ico was
    404."""
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana", 100_00)
    joined = server.http.post(f"/tables/{table}/sessions", headers=server.auth(ana))
    assert joined.status_code == 201, joined.text
    assert joined.json()["seat"] == 1  # the first free seat
    assert server.bet(table, ana, "player", 10_00).status_code == 201
    server.advance(10)
    last = server.http.get(f"/tables/{table}/rounds/last", headers=server.auth(ana)).json()
    statement = server.http.get(
        f"/sessions/{joined.json()['session']}", headers=server.auth(ana)
    ).json()
    for stamp in (last["opened_at"], last["closed_at"], statement["started_at"]):
        assert stamp.endswith("+00:00"), stamp  # ISO 8601 with its offset, both databases
    icon = server.http.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg")


@pytest.mark.cites("macau-stud-2004", "art. 9(2)")
def test_the_stud_ante_pays_1_to_1_when_the_dealer_does_not_qualify(server: RunningServer) -> None:
    """Issue 18, item 2: the ante area said it was "returned" when the dealer does not qualify;
    Macau stud art. 9(2): "as apostas iniciais são pagas 1 para 1" (the antes are paid 1:1)."""
    table = server.open_table(ruleset="macau-stud-2004", betting_seconds=10)["id"]
    info = server.http.get(f"/tables/{table}/information").json()
    [ante] = [b for b in info["bets"] if b["kind"] == "ante"]
    assert "returned" not in ante["pays"] and "1:1 when the dealer does not qualify" in ante["pays"]


def test_the_interactive_api_works_offline(server: RunningServer) -> None:
    """Issue 18, item 1: /docs was blank without internet (Swagger UI from a CDN). Every
    asset comes from the package."""
    page = server.http.get("/docs")
    assert page.status_code == 200
    assert "http://" not in page.text.replace(server.base, "") and "https://" not in page.text
    for asset in ("/docs-assets/swagger-ui-bundle.js", "/docs-assets/swagger-ui.css"):
        assert asset in page.text
        assert server.http.get(asset).status_code == 200
