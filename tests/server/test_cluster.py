"""Several processes on one PostgreSQL database (issue 20, part 1: table ownership).

Each table is run by exactly one process, the one holding its claim; a process killed with
``kill -9`` frees its claims with its connection, and the others take its tables within seconds
and recover those tables only: the interrupted round voided and its stakes refunded exactly
once (PT rule 29: "Em caso de avaria ... a jogada é anulada e as apostas reembolsadas";
on a malfunction the round is void and the bets refunded). Real processes, real PostgreSQL.
"""

from __future__ import annotations

import itertools
import random
import signal
import subprocess
import threading
import time

import httpx
import pytest
from sqlalchemy import select

from croupier.server.embedded import free_port
from croupier.store.database import connect
from croupier.store.schema import rounds
from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_crash import OPERATOR, _check_books, _setup, _start

TABLES = 30


def _cluster(base: str) -> dict[int, str]:
    """Each table and the node running it, as a live process reports them."""
    nodes = httpx.get(f"{base}/cluster", headers=OPERATOR, timeout=10).json()["nodes"]
    owners: dict[int, str] = {}
    for node in nodes:
        for table in node["tables"]:
            assert table not in owners, f"table {table} owned twice: {nodes}"
            owners[table] = node["name"]
    return owners


def _bettor(
    bases: dict[str, str],
    headers: dict[str, str],
    seed: int,
    stop: threading.Event,
    home: str | None = None,
) -> None:
    """Bets at random tables, each sent to the process that runs it; or, with ``home``, every
    bet sent to that one process (forwarded to the table's: a player connected to any process),
    and to another live one when it dies (as a reverse proxy would)."""
    rng = random.Random(seed)
    clients = {node: httpx.Client(base_url=base, timeout=5) for node, base in bases.items()}
    owners: dict[int, str] = {}
    alive = set(bases)
    while not stop.is_set():
        if home is None and not owners:
            for base in bases.values():
                try:
                    owners = _cluster(base)
                    break
                except httpx.HTTPError:
                    continue
            if not owners:
                time.sleep(0.2)
                continue
        table = rng.randint(1, TABLES)
        node = home if home is not None else owners.get(table)
        if node is None:
            owners = {}
            continue
        try:
            answer = clients[node].post(
                f"/tables/{table}/bets",
                json={"kind": rng.choice(["player", "banker", "tie"]), "amount": 1_00},
                headers=headers,
            )
            if answer.status_code == 404:
                owners = {}  # the table moved
        except httpx.HTTPError:
            owners = {}  # the process is gone: ask who runs the table now
            if home is not None:
                alive.discard(home)
                home = rng.choice(sorted(alive)) if alive else home
            time.sleep(0.1)
    for client in clients.values():
        client.close()


def _dealt_once(url: str) -> None:
    """From the rounds' journal: each table's rounds follow one another (a round opens only
    once the one before it is settled or void) and at most one is open: no table was ever run
    by two processes at once. (Round numbers start again with each new shoe, so they may
    repeat.)"""
    engine = connect(url)
    with engine.connect() as c:
        rows = c.execute(
            select(rounds.c.table_id, rounds.c.id, rounds.c.opened_at, rounds.c.closed_at).order_by(
                rounds.c.table_id, rounds.c.id
            )
        ).all()
    engine.dispose()
    by_table: dict[int, list[tuple[object, object]]] = {}
    for r in rows:
        by_table.setdefault(r.table_id, []).append((r.opened_at, r.closed_at))
    assert len(by_table) == TABLES
    for table, spans in by_table.items():
        assert sum(closed is None for _opened, closed in spans) <= 1, table
        for (_o, closed), (opened, _c) in itertools.pairwise(spans):
            assert closed is not None and opened >= closed, (table, closed, opened)


def _serve(url: str, node: str, bus: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    return _start(url, port, node, bus), f"http://127.0.0.1:{port}"


@pytest.mark.parametrize("seed", range(3))
def test_a_killed_process_s_tables_run_elsewhere_within_ten_seconds(seed: int) -> None:
    """With a neighbour deployment on another database of the same server, whose processes bear
    the same names (issue 26, finding 1): it must change nothing here."""
    from tests.server.test_neighbour_deployment import NEIGHBOUR_URL, _ensure_neighbour_database

    clean_postgres(POSTGRES_URL)
    _ensure_neighbour_database()
    clean_postgres(NEIGHBOUR_URL)
    rng = random.Random(seed)
    procs: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    neighbours = [_serve(NEIGHBOUR_URL, name) for name in ("a", "b")]
    try:
        procs["a"] = _serve(POSTGRES_URL, "a")
        players = _setup(procs["a"][1], TABLES)  # a opened the tables: a runs them all
        procs["b"] = _serve(POSTGRES_URL, "b")
        procs["c"] = _serve(POSTGRES_URL, "c")
        assert set(_cluster(procs["b"][1]).values()) == {"a"}
        bases = {node: base for node, (_p, base) in procs.items()}
        stop = threading.Event()
        # half the players bet through the table's own process, half through one process of
        # their own (a player connected to any process: their bets forwarded)
        threads = [
            threading.Thread(
                target=_bettor,
                args=(bases, h, seed * 10 + i, stop, sorted(bases)[i % 3] if i % 2 else None),
            )
            for i, h in enumerate(players)
        ]
        for thread in threads:
            thread.start()
        try:
            time.sleep(rng.uniform(1.5, 3.5))
            victim, _base = procs.pop("a")
            victim.send_signal(signal.SIGKILL)  # mid-round, mid-bet: anywhere
            victim.wait()
            killed = time.monotonic()
            owners: dict[int, str] = {}
            while time.monotonic() - killed < 10:
                owners = _cluster(procs["b"][1])
                if len(owners) == TABLES:
                    break
                time.sleep(0.2)
            took = time.monotonic() - killed
            assert len(owners) == TABLES and set(owners.values()) <= {"b", "c"}, owners
            assert took < 10
            time.sleep(2.0)  # play goes on at the new owners
        finally:
            stop.set()
            for thread in threads:
                thread.join()
        recovered = sum(
            len(httpx.get(f"{base}/health", timeout=10).json()["recovered_rounds"])
            for _p, base in procs.values()
        )
        assert _cluster(procs["c"][1]) == owners  # both survivors see the same owners
        for process, _base in procs.values():  # the books read still, not mid-settlement
            process.send_signal(signal.SIGKILL)
            process.wait()
        voided, settled = _check_books(POSTGRES_URL)  # refunded exactly once, nothing lost
        assert voided >= recovered > 0 and settled > 0
        _dealt_once(POSTGRES_URL)
    finally:
        for process, _base in [*procs.values(), *neighbours]:
            process.kill()
            process.wait()


def test_two_processes_started_at_once_void_each_open_round_once() -> None:
    """A database left with open rounds (its only process killed), then two processes started
    at the same moment: each interrupted round is voided and refunded exactly once, and each
    table is run by one of them."""
    clean_postgres(POSTGRES_URL)
    first, base = _serve(POSTGRES_URL, "first")
    try:
        players = _setup(base, TABLES)
        for headers in players:  # a bet on every table: every table's round holds stakes
            for table in range(1, TABLES + 1):
                made = httpx.post(
                    f"{base}/tables/{table}/bets",
                    json={"kind": "banker", "amount": 1_00},
                    headers=headers,
                    timeout=10,
                )
                assert made.status_code in (201, 409, 422), made.text
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait()
    ports = [free_port(), free_port()]
    started: list[subprocess.Popen[bytes]] = []
    errors: list[BaseException] = []

    def start(port: int, node: str) -> None:
        try:
            started.append(_start(POSTGRES_URL, port, node))
        except BaseException as failure:
            errors.append(failure)

    threads = [
        threading.Thread(target=start, args=(port, node))
        for port, node in zip(ports, ("left", "right"), strict=True)
    ]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        recovered = [httpx.get(f"{b}/health", timeout=10).json()["recovered_rounds"] for b in bases]
        voided_ids = [r for rs in recovered for r in rs]
        assert len(voided_ids) == len(set(voided_ids)) > 0  # none voided twice
        owners = _cluster(bases[0])
        assert len(owners) == TABLES and owners == _cluster(bases[1])
        for process in started:  # the books read still
            process.send_signal(signal.SIGKILL)
            process.wait()
        voided, _settled = _check_books(POSTGRES_URL)  # each refund made once
        assert voided == len(voided_ids)
        _dealt_once(POSTGRES_URL)
    finally:
        for process in started:
            process.kill()
            process.wait()
