"""The bus with credentials (issue 26, finding 2: "support NATS credentials and TLS (user/password,
token, nkey or creds file) through the URL or options"): a NATS server that asks for them lets in
a croupier process that has them, by its URL or ``--bus-credentials``, and no process without.
Real processes, PostgreSQL, a NATS server of the test's own."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import nkeys
import pytest

from croupier.server.embedded import free_port
from tests.server.conftest import OPERATOR_TOKEN, POSTGRES_URL, clean_postgres
from tests.server.test_bus_outage import _nats_binary


def _nats(args: list[str]) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [_nats_binary(), *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    time.sleep(0.5)
    return process


def _serve(bus: str, *more: str) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "croupier", "serve", "--port", str(port), "--no-demo",
         "--database", POSTGRES_URL, "--operator-token", OPERATOR_TOKEN, "--node-name", "n1",
         "--bus", bus, *more],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    return process, f"http://127.0.0.1:{port}"


def _started(process: subprocess.Popen[str], base: str) -> bool:
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            time.sleep(0.2)
    return False


@pytest.mark.parametrize("kind", ["password", "nkey"])
def test_a_bus_that_asks_for_credentials_lets_in_only_a_process_that_has_them(
    kind: str, tmp_path: Path
) -> None:
    clean_postgres(POSTGRES_URL)
    port = free_port()
    if kind == "password":
        nats = _nats(["-a", "127.0.0.1", "-p", str(port), "--user", "croupier", "--pass", "s3cret"])
        good = (f"nats://croupier:s3cret@127.0.0.1:{port}/cred",)
    else:
        seed = nkeys.encode_seed(os.urandom(32), nkeys.PREFIX_BYTE_USER)
        public = nkeys.from_seed(seed).public_key.decode()
        config = tmp_path / "nats.conf"
        config.write_text(
            f'listen: "127.0.0.1:{port}"\nauthorization {{ users = [ {{ nkey: "{public}" }} ] }}\n'
        )
        seed_file = tmp_path / "croupier.nk"
        seed_file.write_bytes(seed)
        nats = _nats(["-c", str(config)])
        good = (f"nats://127.0.0.1:{port}/cred", "--bus-credentials", str(seed_file))
    running: list[subprocess.Popen[str]] = []
    try:
        process, base = _serve(*good[:1], *good[1:])
        running.append(process)
        assert _started(process, base), process.stderr.read() if process.stderr else ""
        process.kill()
        process.wait()
        assert "no credentials" not in (process.stderr.read() if process.stderr else "")
        stranger, base = _serve(f"nats://127.0.0.1:{port}/cred")  # no credentials
        running.append(stranger)
        assert not _started(stranger, base)  # the bus refuses it: it does not start
        said = stranger.stderr.read() if stranger.stderr else ""
        assert "no credentials" in said and "NATS" in said, said[-1500:]
    finally:
        for process in running:
            process.kill()
            process.wait()
        nats.kill()
        nats.wait()
