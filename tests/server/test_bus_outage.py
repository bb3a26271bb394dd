"""With ``--bus``, a NATS outage no longer stops the commands between processes (issue 26,
finding 7: every forwarded command hung 10 s then answered 503, and a traceback was logged every
half second). While the bus is away a process forwards over HTTP at once, and says so in one
line per change of state; when NATS is back, the bus carries the commands again. Real
processes, real PostgreSQL, a NATS server of the test's own (the shared one stays up)."""

from __future__ import annotations

import shutil
import signal
import subprocess
import time

import httpx

from croupier.server.embedded import free_port
from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_cluster import _serve
from tests.server.test_crash import OPERATOR


def _nats_binary() -> str:
    binary = shutil.which("nats-server") or shutil.which("nats-server", path="/usr/sbin")
    assert binary, "nats-server is needed (sh scripts/ensure-system-packages installs it)"
    return binary


def _nats(port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [_nats_binary(), "-a", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    return process


def _bet(base: str, table: int, who: dict[str, str]) -> tuple[int, float]:
    started = time.monotonic()
    answer = httpx.post(
        f"{base}/tables/{table}/bets",
        json={"kind": "banker", "amount": 1_00},
        headers=who,
        timeout=30,
    )
    return answer.status_code, time.monotonic() - started


def test_commands_go_over_http_while_the_bus_is_away_and_over_it_again_after() -> None:
    clean_postgres(POSTGRES_URL)
    port = free_port()
    nats = _nats(port)
    bus = f"nats://127.0.0.1:{port}/outage"
    a, a_base = _serve(POSTGRES_URL, "a", bus)
    b, b_base = _serve(POSTGRES_URL, "b", bus)
    try:
        table = httpx.post(
            f"{a_base}/tables",
            json={"name": "slow", "betting_seconds": 120, "pause_seconds": 0},
            headers=OPERATOR,
        ).json()["id"]  # a runs it; the bets below go through b
        made = httpx.post(
            f"{a_base}/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
        ).json()
        ana = {"Authorization": f"Bearer {made['token']}"}
        httpx.post(f"{a_base}/players/ana/deposits", json={"amount": 1_000_00}, headers=OPERATOR)
        assert httpx.post(f"{b_base}/tables/{table}/sessions", json={}, headers=ana).is_success
        assert _bet(b_base, table, ana)[0] == 201  # over the bus
        nats.send_signal(signal.SIGKILL)
        nats.wait()
        time.sleep(1.0)
        for _ in range(5):  # over HTTP, at once, while the bus is away
            status, took = _bet(b_base, table, ana)
            assert status == 201 and took < 3, (status, took)
        time.sleep(2.0)
        nats = _nats(port)  # back
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and "is back" not in _log_so_far(b):
            time.sleep(0.2)
        assert _bet(b_base, table, ana)[0] == 201
        balance = httpx.get(f"{a_base}/me", headers=ana).json()["balances"]["EUR"]
        assert balance == 1_000_00 - 7 * 1_00  # each bet staked once
    finally:
        for process in (a, b):
            process.kill()
            process.wait()
        nats.kill()
        nats.wait()
    log = _log_so_far(b) + (b.stderr.read().decode() if b.stderr else "")
    assert "Traceback" not in log
    said = [line for line in log.splitlines() if line.startswith("bus:")]
    assert len(said) == 2 and "is away" in said[0] and said[1].endswith("is back"), log[-2000:]


_LOGS: dict[int, str] = {}


def _log_so_far(process: subprocess.Popen[bytes]) -> str:
    """What ``process`` wrote to its standard error so far (read without blocking)."""
    import os

    stream = process.stderr
    if stream is None:
        return ""
    os.set_blocking(stream.fileno(), False)
    try:
        chunk = stream.read()
    except (BlockingIOError, ValueError):
        chunk = None
    if chunk:
        _LOGS[process.pid] = _LOGS.get(process.pid, "") + chunk.decode(errors="replace")
    return _LOGS.get(process.pid, "")
