"""Kill -9 the server at random moments while players bet on several tables, restart it, and
check the books: every balance equals its ledger, every currency sums to zero, every round the
crash interrupted was voided and refunded exactly once (PT rule 29), every settled round paid
exactly once, and each table's escrow holds exactly the stakes of its open round."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter

import httpx
import pytest
from sqlalchemy import func, select

from croupier.server.embedded import free_port
from croupier.store.database import connect
from croupier.store.ledger import Ledger
from croupier.store.schema import accounts, entries, round_bets, rounds, transactions
from tests.server.conftest import OPERATOR_TOKEN

OPERATOR = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}
PLAYERS = 4
TABLES = 3
DEPOSIT = 1_000_00


def _start(
    url: str,
    port: int,
    node: str | None = None,
    bus: str | None = None,
    extra: list[str] | None = None,
) -> subprocess.Popen[bytes]:
    named = ["--node-name", node] if node else []
    named += extra or []
    if bus is not None:
        named += ["--bus", bus]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "croupier",
            "serve",
            "--port",
            str(port),
            "--database",
            url,
            "--no-demo",
            "--operator-token",
            OPERATOR_TOKEN,
            *named,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
        if process.poll() is not None:
            raise RuntimeError(process.stderr.read().decode() if process.stderr else "died")
    process.kill()
    raise RuntimeError("the server did not start")


def _setup(base: str, tables: int = TABLES) -> list[dict[str, str]]:
    """``tables`` tables and PLAYERS players with DEPOSIT each, seated at every table."""
    client = httpx.Client(base_url=base, timeout=10)
    for t in range(tables):
        made = client.post(
            "/tables",
            json={"name": f"t{t}", "betting_seconds": 1, "pause_seconds": 0},
            headers=OPERATOR,
        )
        assert made.status_code == 201, made.text
    players = []
    for p in range(PLAYERS):
        made = client.post(
            "/players", json={"name": f"p{p}", "born": "1990-01-01"}, headers=OPERATOR
        )
        assert made.status_code == 201, made.text
        headers = {"Authorization": f"Bearer {made.json()['token']}"}
        assert (
            client.post(
                f"/players/p{p}/deposits", json={"amount": DEPOSIT}, headers=OPERATOR
            ).status_code
            == 200
        )
        for t in range(1, tables + 1):
            assert client.post(f"/tables/{t}/sessions", json={}, headers=headers).status_code == 201
        players.append(headers)
    client.close()
    return players


def _bettor(base: str, headers: dict[str, str], seed: int, stop: threading.Event) -> None:
    rng = random.Random(seed)
    with httpx.Client(base_url=base, timeout=5) as client:
        while not stop.is_set():
            table = rng.randint(1, TABLES)
            kind = rng.choice(["player", "banker", "tie", "player_pair"])
            try:
                client.post(
                    f"/tables/{table}/bets",
                    json={"kind": kind, "amount": rng.choice([1_00, 2_00, 5_00])},
                    headers=headers,
                )
            except httpx.HTTPError:
                return  # the server is gone


def _check_books(url: str) -> tuple[int, int]:
    engine = connect(url)
    assert Ledger(engine).audit() == []
    with engine.connect() as c:
        kinds = Counter()
        for reference, kind in c.execute(select(transactions.c.reference, transactions.c.kind)):
            if kind in ("settlement", "refund"):
                kinds[(reference, kind)] += 1
        assert all(n == 1 for n in kinds.values()), kinds  # nothing paid or refunded twice
        voided = settled = 0
        for round_id, status, table_id in c.execute(
            select(rounds.c.id, rounds.c.status, rounds.c.table_id)
        ):
            ref = f"round:{round_id}"
            staked = c.execute(
                select(func.coalesce(func.sum(entries.c.amount), 0))
                .select_from(entries.join(transactions).join(accounts))
                .where(transactions.c.reference == ref, accounts.c.kind == "escrow")
            ).scalar_one()
            bets = c.execute(
                select(func.coalesce(func.sum(round_bets.c.amount), 0)).where(
                    round_bets.c.round_id == round_id,
                    round_bets.c.outcome.is_distinct_from("carried"),
                )
            ).scalar_one()
            if status == "open":  # the escrow holds exactly the open round's stakes
                escrow = c.execute(
                    select(accounts.c.balance).where(
                        accounts.c.owner == f"table:{table_id}", accounts.c.kind == "escrow"
                    )
                ).scalar_one()
                assert escrow == bets == staked
                continue
            assert staked == 0, (round_id, status)  # every stake came back out of the escrow
            if status == "void":
                voided += 1
                refunded = kinds[(ref, "refund")]
                assert refunded == (1 if bets else 0)
            else:
                settled += 1
                assert kinds[(ref, "settlement")] == (1 if bets else 0) or bets == 0
        players = c.execute(
            select(func.sum(accounts.c.balance)).where(accounts.c.kind == "player")
        ).scalar_one()
        house = c.execute(
            select(func.sum(accounts.c.balance)).where(
                accounts.c.kind.in_(["house", "escrow", "jackpot"])
            )
        ).scalar_one()
        assert players + house == PLAYERS * DEPOSIT  # nothing lost, nothing created
    engine.dispose()
    return voided, settled


@pytest.mark.parametrize("seed", range(5))
def test_kill_nine_at_random_moments_loses_nothing(database_url: str, seed: int) -> None:
    rng = random.Random(seed)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(database_url, port)
    try:
        players = _setup(base)
        recovered = 0
        for crash in range(2):
            stop = threading.Event()
            threads = [
                threading.Thread(target=_bettor, args=(base, h, seed * 100 + crash * 10 + i, stop))
                for i, h in enumerate(players)
            ]
            for thread in threads:
                thread.start()
            time.sleep(rng.uniform(1.0, 3.0))
            server.send_signal(signal.SIGKILL)  # mid-round, mid-bet, mid-settlement: anywhere
            server.wait()
            stop.set()
            for thread in threads:
                thread.join()
            _check_books(database_url)  # consistent even before the restart's recovery
            server = _start(database_url, port)
            recovered += len(httpx.get(f"{base}/health").json()["recovered_rounds"])
            voided, settled = _check_books(database_url)
            assert voided >= recovered
        assert recovered > 0 and settled > 0  # the crashes interrupted rounds; others settled
        # after the last restart: play goes on with the same balances
        balance = httpx.get(f"{base}/me", headers=players[0]).json()["balances"]["EUR"]
        assert 0 <= balance <= PLAYERS * DEPOSIT
    finally:
        server.kill()
        server.wait()
