"""A command for a table another process runs reaches that process, and its answer comes back
with the same refusals and error shapes as locally (issue 20, part 2's first step). Real
processes on one PostgreSQL database."""

from __future__ import annotations

import json

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_bus import _bus
from tests.server.test_cluster import _serve
from tests.server.test_crash import OPERATOR


def _open(base: str, name: str) -> int:
    made = httpx.post(
        f"{base}/tables",
        json={"name": name, "betting_seconds": 60, "pause_seconds": 0},
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


@pytest.mark.parametrize("over", ["http", "bus"])
def test_a_bet_sent_to_another_process_is_placed_by_the_tables_own(over: str) -> None:
    """Forwarded over HTTP (no bus) or as a NATS request (with one): the same answers."""
    clean_postgres(POSTGRES_URL)
    bus = _bus() if over == "bus" else None
    a, a_base = _serve(POSTGRES_URL, "a", bus)
    b, b_base = _serve(POSTGRES_URL, "b", bus)
    try:
        table = _open(a_base, "t")  # a opened it: a runs it
        player = httpx.post(
            f"{a_base}/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
        ).json()
        ana = {"Authorization": f"Bearer {player['token']}"}
        deposit = httpx.post(f"{a_base}/players/ana/deposits", json={"amount": 100_00},
                             headers=OPERATOR)  # fmt: skip
        assert deposit.status_code == 200, deposit.text
        # b does not run the table: the session, the bet and the view go to a, and come back
        sat = httpx.post(f"{b_base}/tables/{table}/sessions", json={}, headers=ana)
        assert sat.status_code == 201, sat.text
        bet = httpx.post(f"{b_base}/tables/{table}/bets", json={"kind": "banker", "amount": 10_00},
                         headers=ana)  # fmt: skip
        assert bet.status_code == 201, bet.text
        assert bet.json()["amount"] == 10_00 and bet.json()["balance"] == 90_00
        view_b = httpx.get(f"{b_base}/tables/{table}", headers=ana).json()
        assert view_b["bets"] == [{"player": "ana", "seat": 1, "kind": "banker", "amount": 10_00}]
        # what the back office's card of the table asks of any process (issue 30(2): every
        # table of every process, roads and all): answered by a, through b as at a
        for read in ("information", "roads"):
            through_b = httpx.get(f"{b_base}/tables/{table}/{read}", headers=OPERATOR)
            at_a = httpx.get(f"{a_base}/tables/{table}/{read}", headers=OPERATOR)
            assert through_b.status_code == at_a.status_code == 200, through_b.text
            assert through_b.json() == at_a.json()
        # a refusal: the same status and the same body through b as at a
        wrong = {"kind": "banker", "amount": 1_000_000_00}
        refused_b = httpx.post(f"{b_base}/tables/{table}/bets", json=wrong, headers=ana)
        refused_a = httpx.post(f"{a_base}/tables/{table}/bets", json=wrong, headers=ana)
        assert refused_b.status_code == refused_a.status_code == 422
        assert refused_b.json() == refused_a.json()
        assert "field" in refused_b.json()["detail"]
        # no token: refused by a, as a would refuse it
        anonymous = httpx.post(f"{b_base}/tables/{table}/bets", json=wrong)
        assert anonymous.status_code == httpx.post(f"{a_base}/tables/{table}/bets",
                                                   json=wrong).status_code  # fmt: skip
        # a peer header from outside is no peer's (issue 26, findings 2 and 8): the request is
        # an outside one, forwarded as any other, and shows no process's name or sequence
        for fake in ({"X-Croupier-Forwarded": "x"},
                     {"X-Croupier-Forwarded": "a", "X-Croupier-Caller": "operator",
                      "X-Croupier-Signature": "1.00"}):  # fmt: skip
            hop = httpx.get(f"{b_base}/tables/{table}", headers=fake)
            assert hop.status_code == 200 and "stream" not in hop.json(), hop.text
            direct = httpx.get(f"{a_base}/tables/{table}").json()
            assert set(hop.json()) == set(direct) and hop.json()["bets"] == direct["bets"]
        # a table no process runs is no table
        assert httpx.get(f"{b_base}/tables/999", headers=ana).status_code == 404
        # the lobby of either process lists the tables of both
        other = _open(b_base, "u")
        for base in (a_base, b_base):
            lobby = httpx.get(f"{base}/tables", headers=ana).json()
            assert [row["id"] for row in lobby] == sorted([table, other])
        # a table a opens now is found through b at once, though b read who runs what a
        # moment ago (it answered 404 for up to a second)
        assert httpx.get(f"{b_base}/tables/{table}", headers=ana).status_code == 200
        fresh = _open(a_base, "v")
        assert httpx.get(f"{b_base}/tables/{fresh}", headers=ana).status_code == 200
        watcher = ws_connect(b_base.replace("http", "ws") + f"/tables/{fresh}/ws",
                             open_timeout=10) if bus else None  # fmt: skip
        if watcher is not None:
            assert json.loads(watcher.recv(10))["id"] == fresh
            watcher.close()
        cluster = httpx.get(f"{b_base}/cluster", headers=OPERATOR).json()
        assert {n["name"]: n["url"] for n in cluster["nodes"]} == {"a": a_base, "b": b_base}
    finally:
        for process in (a, b):
            process.kill()
            process.wait()
