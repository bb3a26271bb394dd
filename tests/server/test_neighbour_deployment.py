"""Two deployments of croupier on two databases of one PostgreSQL server, their processes bearing
the same node names (issue 26, finding 1): neither counts the other's processes as peers or its
connections as a dead owner's. Seen before: a single server restarted after ``kill -9`` ran one
table in three while a stranger lived, the rest answering 503 for good, and the interrupted
stakes were not refunded; a cluster listed a stranger as owning tables.

Each deployment is killed with ``kill -9`` in turn and comes back: every table run again within
ten seconds, every interrupted stake refunded once (PT rule 29), nothing paid twice, and the
other deployment's view unchanged. Real processes, real PostgreSQL."""

from __future__ import annotations

import signal
import threading
import time

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from croupier.server.embedded import free_port
from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_crash import OPERATOR, TABLES, _bettor, _check_books, _setup, _start

NEIGHBOUR_URL = (
    make_url(POSTGRES_URL)
    .set(database=f"{make_url(POSTGRES_URL).database}_neighbour")
    .render_as_string(hide_password=False)
)


def _ensure_neighbour_database() -> None:
    name = make_url(NEIGHBOUR_URL).database
    engine = create_engine(POSTGRES_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        exists = connection.execute(
            text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
        ).first()
        if exists is None:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()


def _owners(base: str) -> dict[int, str]:
    nodes = httpx.get(f"{base}/cluster", headers=OPERATOR, timeout=10).json()["nodes"]
    return {table: node["name"] for node in nodes for table in node["tables"]}


def _names(base: str) -> list[str]:
    nodes = httpx.get(f"{base}/cluster", headers=OPERATOR, timeout=10).json()["nodes"]
    return sorted(node["name"] for node in nodes)


def _all_run_again(base: str, by: set[str]) -> float:
    """Seconds until ``base``'s deployment runs every table again, each by a node in ``by``."""
    started = time.monotonic()
    owners: dict[int, str] = {}
    while time.monotonic() - started < 10:
        owners = _owners(base)
        if len(owners) == TABLES:
            break
        time.sleep(0.2)
    assert len(owners) == TABLES and set(owners.values()) <= by, owners
    return time.monotonic() - started


def _kill_mid_play(process, base: str, players: list[dict[str, str]], seed: int) -> None:
    stop = threading.Event()
    threads = [
        threading.Thread(target=_bettor, args=(base, h, seed * 10 + i, stop))
        for i, h in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    time.sleep(2.0)
    process.send_signal(signal.SIGKILL)  # mid-round, mid-bet: anywhere
    process.wait()
    stop.set()
    for thread in threads:
        thread.join()


def test_a_deployment_on_another_database_of_the_server_is_no_peer() -> None:
    _ensure_neighbour_database()
    clean_postgres(POSTGRES_URL)
    clean_postgres(NEIGHBOUR_URL)
    running = []
    try:
        ours_port, theirs_port, theirs2_port = free_port(), free_port(), free_port()
        ours_base = f"http://127.0.0.1:{ours_port}"
        theirs_base = f"http://127.0.0.1:{theirs_port}"
        theirs2_base = f"http://127.0.0.1:{theirs2_port}"
        ours = _start(POSTGRES_URL, ours_port, "n1")
        running.append(ours)
        our_players = _setup(ours_base)
        theirs = _start(NEIGHBOUR_URL, theirs_port, "n1")  # the same node names
        running.append(theirs)
        their_players = _setup(theirs_base)
        theirs2 = _start(NEIGHBOUR_URL, theirs2_port, "n2")
        running.append(theirs2)
        # each deployment sees its own processes only
        assert _names(ours_base) == ["n1"] and set(_owners(ours_base).values()) == {"n1"}
        assert _names(theirs_base) == ["n1", "n2"] and len(_owners(theirs_base)) == TABLES

        # a single server killed and restarted while the neighbours live: it runs every table
        _kill_mid_play(ours, ours_base, our_players, seed=1)
        running.remove(ours)
        ours = _start(POSTGRES_URL, ours_port, "n1")
        running.append(ours)
        assert _all_run_again(ours_base, {"n1"}) < 10
        recovered = len(httpx.get(f"{ours_base}/health", timeout=10).json()["recovered_rounds"])
        voided, _settled = _check_books(POSTGRES_URL)  # refunded once, nothing lost
        assert voided >= recovered > 0
        assert _names(theirs_base) == ["n1", "n2"]  # the neighbours did not notice

        # the neighbours' n1 killed: their n2 takes its tables; ours is untouched
        _kill_mid_play(theirs, theirs_base, their_players, seed=2)
        running.remove(theirs)
        assert _all_run_again(theirs2_base, {"n2"}) < 10
        assert _names(ours_base) == ["n1"] and len(_owners(ours_base)) == TABLES
        for process in running:  # the books read still
            process.send_signal(signal.SIGKILL)
            process.wait()
        _check_books(POSTGRES_URL)
        _check_books(NEIGHBOUR_URL)
    finally:
        for process in running:
            process.kill()
            process.wait()
