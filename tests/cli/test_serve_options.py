"""``croupier serve``'s options for several processes (issue 20) refuse what cannot work, naming
the option, before anything is served; and a bus that does not answer stops the start-up with
a message that names it, instead of a process that waits for ever."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from croupier.server.embedded import free_port
from tests.server.conftest import POSTGRES_URL, RunningServer, clean_postgres


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


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--port", "99999"), "--port: 99999 is not a TCP port: it must be 0 to 65535"),
        (("--port", "-1"), "--port: -1 is not a TCP port"),
        (("--database", "foo://bar"), "--database: 'foo://bar' is not a database croupier serves"),
        (
            ("--database", "postgresql://nobody@127.0.0.1:1/none"),
            "--database: cannot open postgresql://nobody@127.0.0.1:1/none",
        ),
    ],
)
def test_a_bad_port_or_database_is_one_line_naming_it(args: tuple[str, ...], says: str) -> None:
    """Issue 34(4): these printed long tracebacks; every other command prints one line."""
    command = [sys.executable, "-m", "croupier", "serve", "--no-demo"]
    if args[0] != "--port":
        command += ["--port", str(free_port())]
    done = subprocess.run([*command, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert says in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_bus_without_credentials_is_warned_of_loudly() -> None:
    """Issue 26, finding 2: the bus carries players' private events; a bus with no credentials
    is said so at start, naming what to give it (the database here answers nothing: the
    warning comes before)."""
    unreachable = "postgresql://nobody@127.0.0.1:1/none"
    bare = _serve("--bus", "nats://127.0.0.1:4222/x", "--database", unreachable)
    assert "WARNING" in bare.stderr and "no credentials" in bare.stderr, bare.stderr
    assert "--bus-credentials" in bare.stderr and "TLS" in bare.stderr
    with_user = _serve("--bus", "nats://u:p@127.0.0.1:4222/x", "--database", unreachable)
    assert "no credentials" not in with_user.stderr, with_user.stderr


@pytest.mark.parametrize("value", ["101", "-1", "nan"])
def test_a_group_commit_wait_out_of_bounds_is_refused(tmp_path: Path, value: str) -> None:
    """``--group-commit-ms`` (issue 32(4)): 0 to 100 ms; anything else names the option."""
    done = _serve("--database", f"sqlite:///{tmp_path / 'c.db'}", "--group-commit-ms", value)
    assert done.returncode == 2
    assert "--group-commit-ms" in done.stderr
    assert not (tmp_path / "c.db").exists()  # refused before anything was opened


@pytest.mark.parametrize(("args", "gather_ms"), [((), 2.0), (("--group-commit-ms", "0.5"), 0.5)])
def test_serve_gathers_commits_as_told_or_by_the_writers_default(
    tmp_path: Path, args: tuple[str, ...], gather_ms: float
) -> None:
    """``--group-commit-ms`` reaches the running server's writer, and a server told nothing
    gathers by the writer's own default (store/writer.py ``GATHER``, 2 ms: issue 32(4)), as
    ``/health`` reports it."""
    from tests.server.test_crash import _start

    port = free_port()
    extra = ["--group-commit-ms", args[1]] if args else []
    process = _start(f"sqlite:///{tmp_path / 'g.db'}", port, extra=extra)
    try:
        health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=10).json()
        assert health["writer"]["gather_ms"] == gather_ms
    finally:
        process.kill()
        process.wait(timeout=30)


@pytest.mark.parametrize("zone", ["Mars/Olympus", "../../etc/passwd"])
def test_a_time_zone_that_is_none_is_refused(tmp_path: Path, zone: str) -> None:
    """``--time-zone`` (the casino's calendar, choice X3): an IANA name, or one line naming the
    option, before anything is opened."""
    done = _serve("--database", f"sqlite:///{tmp_path / 'c.db'}", "--time-zone", zone)
    assert done.returncode == 2
    assert "--time-zone" in done.stderr and "is not a time zone" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "c.db").exists()


def test_a_time_zone_other_than_the_casinos_is_refused_in_one_line(tmp_path: Path) -> None:
    """The casino's zone is its database's (store/casino_settings.py): a process given another
    is refused naming the option and both zones, before it serves anything."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    RunningServer(url, time_zone="Asia/Macau").stop()
    done = _serve("--database", url, "--time-zone", "UTC")
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("error: --time-zone:") and "Asia/Macau" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_start_says_the_casinos_time_zone_its_database_keeps(tmp_path: Path) -> None:
    """Started with no ``--time-zone`` on a Macau casino's database, the process says the zone
    it counts its players' days in: Macau's, not the default UTC."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    RunningServer(url, time_zone="Asia/Macau").stop()
    port = free_port()
    command = [sys.executable, "-m", "croupier", "serve", "--no-demo", "--port", str(port)]
    process = subprocess.Popen([*command, "--database", url], stdout=subprocess.PIPE, text=True)
    try:
        first = process.stdout.readline() if process.stdout else ""
        assert first.startswith(f"croupier serving http://127.0.0.1:{port}/"), first
        assert first.rstrip().endswith("time zone Asia/Macau)"), first
    finally:
        process.kill()
        process.wait(timeout=30)


def test_a_change_of_time_zone_with_no_zone_is_refused(tmp_path: Path) -> None:
    """``--change-time-zone`` alone changes nothing: the option is named, and the one it needs."""
    done = _serve("--database", f"sqlite:///{tmp_path / 'c.db'}", "--change-time-zone")
    assert done.returncode == 2
    assert done.stderr.startswith("error: --change-time-zone:") and "--time-zone" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "c.db").exists()
