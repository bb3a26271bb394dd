"""Issue 34(2): the number a player sees names one round of the table for good, across a crash
and a restart; a graceful stop (SIGTERM) leaves nothing to recover.

PT 812/2015 rule 31 lets a player recall "a última jogada" (the last round) and rule 33 gives
them a statement of their session: both name rounds, and a dispute or a lab's game recall
(GLI-19) names the round by its table and number. Rule 29: "a jogada é nula e o valor das
apostas realizadas é devolvido aos jogadores" (the round is void and the stakes returned) when
a fault interrupts it; a planned stop is no fault, so it voids only a round no card of which
was dealt (as bets withdrawn in the window), with that reason."""

from __future__ import annotations

import signal

import httpx
import pytest
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from croupier.server.embedded import free_port
from croupier.store.database import connect
from croupier.store.ledger import Ledger
from croupier.store.schema import rounds
from croupier.store.stamps import now
from croupier.table.port import VOID_ON_SHUTDOWN
from tests.server.test_crash import OPERATOR, _start

pytestmark = pytest.mark.cites("pt-812-2015", "rule 29", "rule 31")


def _table_and_player(base: str) -> tuple[int, dict[str, str]]:
    client = httpx.Client(base_url=base, timeout=10)
    made = client.post(
        "/tables", json={"name": "t", "betting_seconds": 600, "pause_seconds": 0}, headers=OPERATOR
    )
    assert made.status_code == 201, made.text
    table = int(made.json()["id"])
    ana = client.post(
        "/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
    ).json()
    headers = {"Authorization": f"Bearer {ana['token']}"}
    assert client.post("/players/ana/deposits", json={"amount": 100_00}, headers=OPERATOR)
    assert client.post(f"/tables/{table}/sessions", json={}, headers=headers).status_code == 201
    return table, headers


def _numbers(url: str) -> list[tuple[int, int, str, str | None]]:
    engine = connect(url)
    with engine.connect() as c:
        rows = c.execute(
            select(
                rounds.c.table_id, rounds.c.number, rounds.c.status, rounds.c.void_reason
            ).order_by(rounds.c.id)
        ).all()
    assert Ledger(engine).audit() == []
    engine.dispose()
    return [tuple(r) for r in rows]  # type: ignore[misc]


def test_the_database_refuses_a_second_round_with_the_same_number(database_url: str) -> None:
    """Both databases keep (table, number) unique: no code path can write a repeat."""
    port = free_port()
    server = _start(database_url, port)
    try:
        table, _ = _table_and_player(f"http://127.0.0.1:{port}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    engine = connect(database_url)
    with pytest.raises(IntegrityError), engine.begin() as c:
        c.execute(insert(rounds).values(table_id=table, number=1, status="void", opened_at=now()))
    engine.dispose()


def test_a_round_voided_by_a_crash_keeps_its_number_and_the_next_takes_the_one_after(
    database_url: str,
) -> None:
    """A bet on round 1, kill -9: at the restart round 1 is void and refunded, and the table
    goes on with round 2, not with a second round 1."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(database_url, port)
    try:
        table, ana = _table_and_player(base)
        view = httpx.get(f"{base}/tables/{table}", headers=ana).json()
        first = view["round"]
        placed = httpx.post(
            f"{base}/tables/{table}/bets", json={"kind": "banker", "amount": 10_00}, headers=ana
        )
        assert placed.status_code == 201, placed.text
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    server = _start(database_url, port)
    try:
        assert httpx.get(f"{base}/health").json()["recovered_rounds"] != []
        view = httpx.get(f"{base}/tables/{table}", headers=ana).json()
        assert view["round"] == first + 1
        last = httpx.get(f"{base}/tables/{table}/rounds/last", headers=ana).json()
        assert (last["number"], last["status"]) == (first, "void")
        assert httpx.get(f"{base}/me", headers=ana).json()["balances"]["EUR"] == 100_00
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait()
    numbers = [(t, n) for t, n, _, _ in _numbers(database_url)]
    assert len(numbers) == len(set(numbers)) and (table, first) in numbers


@pytest.mark.parametrize("bet", [False, True])
def test_a_graceful_stop_leaves_nothing_to_recover(database_url: str, bet: bool) -> None:
    """SIGTERM with the betting window open: the undealt round is voided at the stop with the
    shutdown as its reason (a stake on it returned then), and the next start recovers
    nothing and says nothing about interrupted rounds."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = _start(database_url, port)
    try:
        table, ana = _table_and_player(base)
        if bet:
            placed = httpx.post(
                f"{base}/tables/{table}/bets", json={"kind": "player", "amount": 7_00}, headers=ana
            )
            assert placed.status_code == 201, placed.text
    finally:
        server.send_signal(signal.SIGTERM)  # uvicorn stops gracefully, then re-raises it
        assert server.wait(timeout=60) in (0, -signal.SIGTERM)
    assert [(s, r) for _, _, s, r in _numbers(database_url)] == [("void", VOID_ON_SHUTDOWN)]
    server = _start(database_url, port)
    try:
        health = httpx.get(f"{base}/health").json()
        assert health["recovered_rounds"] == []
        assert httpx.get(f"{base}/me", headers=ana).json()["balances"]["EUR"] == 100_00
        assert httpx.get(f"{base}/tables/{table}", headers=ana).json()["round"] == 2
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
