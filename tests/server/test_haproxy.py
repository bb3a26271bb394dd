"""The repository's reverse-proxy configuration (deploy/haproxy.cfg) in front of three real
processes (issue 20, part 4: "docs/deploy.md shows a three-process setup behind a reverse proxy
(nginx or HAProxy config in the repo), with health checks").

The file is used as committed; only its listening port and the three servers' ports are those of
this test. Through the proxy: tables opened, watched and bet on, whichever process takes each
request; then the process running one table is killed (kill -9): the proxy's health check takes
it out, the table runs on another process within seconds, and a watcher that was on the dead
process reconnects through the proxy and gets the table again."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect as ws_connect

from croupier.server.embedded import free_port
from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_bus import _bus
from tests.server.test_cluster import _cluster, _serve
from tests.server.test_crash import OPERATOR

CONFIG = Path(__file__).resolve().parents[2] / "deploy" / "haproxy.cfg"


def _config(proxy_port: int, server_ports: list[int], where: Path) -> Path:
    text = CONFIG.read_text()
    text, bound = re.subn(r"bind 127\.0\.0\.1:\d+", f"bind 127.0.0.1:{proxy_port}", text)
    assert bound == 1
    ports = iter(server_ports)
    text, servers = re.subn(r"127\.0\.0\.1:800[1-3]", lambda _m: f"127.0.0.1:{next(ports)}", text)
    assert servers == 3
    path = where / "haproxy.cfg"
    path.write_text(text)
    return path


def _bet(base: str, table: int, headers: dict[str, str]) -> int:
    try:
        answer = httpx.post(
            f"{base}/tables/{table}/bets",
            json={"kind": "banker", "amount": 1_00},
            headers=headers,
            timeout=5,
        )
    except httpx.HTTPError:
        return 0
    return answer.status_code


def test_three_processes_behind_the_committed_haproxy_config(tmp_path: Path) -> None:
    haproxy = shutil.which("haproxy") or shutil.which("haproxy", path="/usr/sbin")
    assert haproxy, "HAProxy is needed (sh scripts/ensure-system-packages installs it)"
    clean_postgres(POSTGRES_URL)
    bus = _bus()
    processes = {node: _serve(POSTGRES_URL, node, bus) for node in ("n1", "n2", "n3")}
    ports = [int(base.rsplit(":", 1)[1]) for _p, base in processes.values()]
    proxy_port = free_port()
    config = _config(proxy_port, ports, tmp_path)
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    proxy = subprocess.Popen(
        [haproxy, "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{proxy_port}"
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        tables = []
        for n in range(3):
            made = httpx.post(
                f"{base}/tables",
                json={"name": f"t{n}", "betting_seconds": 60, "pause_seconds": 0},
                headers=OPERATOR,
                timeout=10,
            )
            assert made.status_code == 201, made.text
            tables.append(made.json()["id"])
        made = httpx.post(
            f"{base}/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
        ).json()
        ana = {"Authorization": f"Bearer {made['token']}"}
        deposit = httpx.post(
            f"{base}/players/ana/deposits", json={"amount": 1_000_00}, headers=OPERATOR
        )
        assert deposit.status_code == 200
        for table in tables:
            assert httpx.post(f"{base}/tables/{table}/sessions", json={}, headers=ana).is_success
            assert _bet(base, table, ana) == 201  # wherever the proxy sends it
        owners = _cluster(base)
        assert set(owners) == set(tables)
        victim_node = owners[tables[0]]
        # a watcher of every table, through the proxy
        sockets = []
        for table in tables:
            socket = ws_connect(base.replace("http", "ws") + f"/tables/{table}/ws", open_timeout=10)
            assert json.loads(socket.recv(10))["type"] == "table"
            sockets.append(socket)
        victim, _victim_base = processes.pop(victim_node)
        victim.kill()
        victim.wait()
        killed = time.monotonic()
        while time.monotonic() - killed < 10 and _bet(base, tables[0], ana) != 201:
            time.sleep(0.2)
        took = time.monotonic() - killed
        assert took < 10, "the killed process's table did not take bets again within 10 s"
        assert _cluster(base)[tables[0]] != victim_node
        for table in tables:
            assert _bet(base, table, ana) == 201
        again = ws_connect(base.replace("http", "ws") + f"/tables/{tables[0]}/ws", open_timeout=10)
        view = json.loads(again.recv(10))
        assert view["type"] == "table" and view["id"] == tables[0]
        again.close()
        for socket in sockets:
            socket.close()
        # issue 26: the processes' own headers are stripped at the edge, and one address makes
        # at most ten demo players a minute: the eleventh is refused by the proxy itself
        fake = {"X-Croupier-Forwarded": "n1", "X-Croupier-Caller": "ana"}
        view = httpx.get(f"{base}/tables/{tables[1]}", headers=fake, timeout=10)
        assert view.status_code == 200 and "stream" not in view.json()
        made_demo = [
            httpx.post(f"{base}/demo/players", json={"name": f"v{n}"}, timeout=10)
            for n in range(11)
        ]
        assert [m.status_code for m in made_demo[:10]] == [201] * 10
        assert made_demo[10].status_code == 429
        assert "json" not in made_demo[10].headers.get("content-type", "")  # HAProxy's answer
    finally:
        proxy.kill()
        proxy.wait()
        for process, _base in processes.values():
            process.kill()
            process.wait()
