"""``croupier serve``'s options for several processes (issue 20) refuse what cannot work, naming
the option, before anything is served; and a bus that does not answer stops the start-up with
a message that names it, instead of a process that waits for ever."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from croupier.server.embedded import free_port
from tests.server.conftest import POSTGRES_URL, clean_postgres


def _serve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "croupier", "serve", "--no-demo", "--port", str(free_port())]
    return subprocess.run([*command, *args], capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize(
    ("bus", "says"),
    [
        ("http://127.0.0.1:4222", "a NATS URL"),
        ("nats://127.0.0.1:4222/not a prefix", "prefix"),
    ],
)
def test_a_bus_url_that_is_not_one_is_refused(tmp_path: Path, bus: str, says: str) -> None:
    done = _serve("--database", f"sqlite:///{tmp_path / 'c.db'}", "--bus", bus)
    assert done.returncode == 2
    assert "--bus" in done.stderr and says in done.stderr


def test_sqlite_refuses_a_bus(tmp_path: Path) -> None:
    """One process serves a SQLite file (docs/deploy.md): there is nobody to tell."""
    done = _serve("--database", f"sqlite:///{tmp_path / 'c.db'}", "--bus", "nats://127.0.0.1:4222")
    assert done.returncode == 2
    assert "--bus" in done.stderr and "SQLite" in done.stderr


def test_a_bus_that_does_not_answer_stops_the_start_up() -> None:
    clean_postgres(POSTGRES_URL)
    done = _serve("--database", POSTGRES_URL, "--bus", f"nats://127.0.0.1:{free_port()}")
    assert done.returncode != 0
    assert "no NATS server answers" in done.stderr
