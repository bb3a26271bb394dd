"""A live table in a cluster (issue 31: "The live table runs in a cluster like any other (its
process can die; its round is recovered or voided as the rules say, and the device reconnects
to the new owner)"). Real processes on PostgreSQL with a NATS bus: the device connects to the
process that does not run the table and is served there through the relay, its cards and its
boxes' bets answered by the owner; the owner is killed with the round in play; the other
process takes the table over, voids the round and returns every stake, the box's too (PT
812/2015 rule 29), and closes the device's connection (4409) so that it reconnects, to the new
owner, which asks for a new shoe's burn (choice D5)."""

from __future__ import annotations

import json
import signal
import time
import uuid
from typing import Any

import httpx
import pytest
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from croupier.server.boxes import box_name
from croupier.store.database import connect
from croupier.store.schema import accounts
from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_cluster import _cluster, _serve
from tests.server.test_crash import OPERATOR
from tests.services import NATS_URL

DEPOSIT = 1_000_00


def _device(base: str, table: int) -> ClientConnection:
    url = base.replace("http://", "ws://") + f"/tables/{table}/device"
    return ws_connect(url, additional_headers=OPERATOR, open_timeout=20)


def _reconnected(base: str, table: int) -> ClientConnection:
    """The device's connection once the table's new owner takes it: refused ("try again")
    while that process, which the cluster already names, still recovers the table, as a device
    reconnecting (docs/live-table.md) would find it."""
    deadline = time.monotonic() + 30
    while True:
        try:
            return _device(base, table)
        except InvalidStatus:
            assert time.monotonic() < deadline, "the new owner never took the device"
            time.sleep(0.2)


def _ask(ws: ClientConnection, message: dict[str, Any]) -> dict[str, Any]:
    """A device message and its answer (the table's own events passed over)."""
    ws.send(json.dumps(message))
    while True:
        answer = json.loads(ws.recv(timeout=20))
        if answer["type"] in ("taken", "placed", "refused", "irregularity", "remedied"):
            return dict(answer)


def _box_account(table: int, box: int) -> int:
    engine = connect(POSTGRES_URL)
    try:
        with engine.connect() as c:
            balance = c.execute(
                select(accounts.c.balance).where(
                    accounts.c.owner == box_name(table, box), accounts.c.kind == "box"
                )
            ).scalar_one()
    finally:
        engine.dispose()
    return int(balance)


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_live_tables_device_follows_it_to_its_new_owner() -> None:
    clean_postgres(POSTGRES_URL)
    bus = f"{NATS_URL}/live-{uuid.uuid4().hex[:12]}"
    a, a_base = _serve(POSTGRES_URL, "a", bus)
    b, b_base = _serve(POSTGRES_URL, "b", bus)
    try:
        made = httpx.post(
            f"{a_base}/tables",
            json={"name": "studio", "live": True, "betting_seconds": 120, "pause_seconds": 0},
            headers=OPERATOR,
            timeout=30,
        )
        assert made.status_code == 201, made.text
        table = made.json()["id"]
        assert _cluster(a_base)[table] == "a"
        player = httpx.post(
            f"{a_base}/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
        ).json()
        ana = {"Authorization": f"Bearer {player['token']}"}
        deposit = {"amount": DEPOSIT}
        httpx.post(f"{a_base}/players/ana/deposits", json=deposit, headers=OPERATOR)
        assert httpx.post(f"{a_base}/tables/{table}/sessions", json={}, headers=ana).is_success

        with _device(b_base, table) as ws:  # b does not run the table: it relays the device
            view = json.loads(ws.recv(timeout=20))
            assert view["type"] == "table" and view["live"] == {"next": "burn"}
            for seq, card in enumerate(("2C", "4C", "5C"), start=1):
                taken = _ask(ws, {"type": "card", "card": card, "source": "shoe", "seq": seq})
                assert taken["type"] == "taken" and taken["to"] == "burn", taken
            again = _ask(ws, {"type": "card", "card": "5C", "source": "shoe", "seq": 3})
            assert again["field"] == "seq"  # the owner remembers the device's cards
            placed = _ask(ws, {"type": "bet", "box": 2, "kind": "player", "amount": 30_00})
            assert placed["type"] == "placed" and placed["seat"] == 2, placed
            bet = {"kind": "banker", "amount": 20_00}
            assert httpx.post(f"{a_base}/tables/{table}/bets", json=bet, headers=ana).is_success
            assert _box_account(table, 2) == -30_00

            a.send_signal(signal.SIGKILL)
            a.wait()
            with pytest.raises(ConnectionClosed) as closed:
                deadline = time.monotonic() + 30
                while time.monotonic() < deadline:
                    ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4409

        deadline = time.monotonic() + 30
        while _cluster(b_base).get(table) != "b":
            assert time.monotonic() < deadline, "b did not take the table over"
            time.sleep(0.2)
        with _reconnected(b_base, table) as ws:  # the device reconnects: b runs the table now
            view = json.loads(ws.recv(timeout=20))
            assert view["type"] == "table" and view["live"] == {"next": "burn"}
            assert view["bets"] == []
            taken = _ask(ws, {"type": "card", "card": "3C", "source": "shoe", "seq": 4})
            assert taken["type"] == "taken" and taken["to"] == "burn"
        me = httpx.get(f"{b_base}/me", headers=ana, timeout=10).json()
        assert me["balances"]["EUR"] == DEPOSIT  # the round void, every stake returned
        assert _box_account(table, 2) == 0
        audit = httpx.get(f"{b_base}/ledger/audit", headers=OPERATOR, timeout=10).json()
        assert audit["balanced"]
    finally:
        for process in (a, b):
            if process.poll() is None:
                process.kill()
            process.wait()
