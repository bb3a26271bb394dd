"""A real server for each test: uvicorn on a loopback port in a thread, driven by HTTP and
WebSocket clients. The database is SQLite and PostgreSQL, each test on both (PostgreSQL: the
machine's, tests/services.py); time is a manual clock."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Coroutine, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from sqlalchemy import text
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from croupier.rng import SeededRandomSource
from croupier.server.embedded import EmbeddedServer
from croupier.server.service import Casino
from croupier.shoe import StackedCards
from croupier.store.database import connect
from croupier.store.schema import metadata
from croupier.table.clock import ManualClock
from tests.services import POSTGRES_URL

T = TypeVar("T")
BACKENDS = ["sqlite", "postgresql"]
BORN = "1990-01-01"  # a real-money player is registered with their date of birth (18+)
OPERATOR_TOKEN = "operator-test-token"


def clean_postgres(url: str) -> None:
    engine = connect(url)
    with engine.begin() as connection:
        metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'croupier.db'}"
    clean_postgres(POSTGRES_URL)
    return POSTGRES_URL


class RunningServer:
    def __init__(
        self,
        database_url: str,
        *,
        defaults: bool = False,
        seed: int = 7,
        stacked: dict[str, StackedCards] | None = None,
        **options: Any,
    ) -> None:
        self.clock = ManualClock()
        self.casino = Casino(
            database_url,
            clock=self.clock,
            source=SeededRandomSource(seed),
            defaults=defaults,
            operator_token=OPERATOR_TOKEN,
            stacked=stacked or {},
            **{"drain_seconds": 0.0, **options},  # a manual clock never finishes a dealt round
        )
        self.embedded = EmbeddedServer(self.casino)
        self.port = self.embedded.port
        self.base = self.embedded.base
        self.http = httpx.Client(base_url=self.base, timeout=30)
        self.operator = {"Authorization": f"Bearer {OPERATOR_TOKEN}"}

    def stop(self) -> None:
        self.http.close()
        self.embedded.stop()

    # -- helpers ----------------------------------------------------------------------------
    def open_table(self, **config: Any) -> dict[str, Any]:
        config.setdefault("name", f"table-{time.monotonic_ns()}")
        response = self.http.post("/tables", json=config, headers=self.operator)
        assert response.status_code == 201, response.text
        return dict(response.json())

    def player(
        self, name: str, deposit: int = 0, *, demo: bool = False, currency: str = "EUR"
    ) -> dict[str, str]:
        response = self.http.post(
            "/players",
            json={"name": name, "demo": demo, **({} if demo else {"born": BORN})},
            headers=self.operator,
        )
        assert response.status_code == 201, response.text
        headers = {"Authorization": f"Bearer {response.json()['token']}"}
        headers["token"] = response.json()["token"]
        if deposit:
            done = self.http.post(
                f"/players/{name}/deposits",
                json={"amount": deposit, "currency": currency},
                headers=self.operator,
            )
            assert done.status_code == 200, done.text
        return headers

    def staff(self, name: str, role: str, password: str = "a staff password") -> dict[str, str]:
        """A staff account of ``role`` (as ``croupier operator add`` makes one), signed in."""
        self.casino.players.create(name, role=role, password=password)
        response = self.http.post("/login", json={"name": name, "password": password})
        assert response.status_code == 200, response.text
        return {"Authorization": f"Bearer {response.json()['token']}"}

    def auth(self, headers: dict[str, str]) -> dict[str, str]:
        return {"Authorization": headers["Authorization"]}

    def balance(self, headers: dict[str, str], currency: str = "EUR") -> int:
        response = self.http.get("/me", headers=self.auth(headers))
        assert response.status_code == 200, response.text
        return int(response.json()["balances"].get(currency, 0))

    def sit(self, table: int, headers: dict[str, str], seat: int | None = None) -> int:
        response = self.http.post(
            f"/tables/{table}/sessions", json={"seat": seat}, headers=self.auth(headers)
        )
        assert response.status_code == 201, response.text
        return int(response.json()["session"])

    def bet(self, table: int, headers: dict[str, str], kind: str, amount: Any) -> httpx.Response:
        return self.http.post(
            f"/tables/{table}/bets",
            json={"kind": kind, "amount": amount},
            headers=self.auth(headers),
        )

    def view(self, table: int) -> dict[str, Any]:
        return dict(self.http.get(f"/tables/{table}").json())

    def advance(self, seconds: float) -> None:
        """Move the clock and wait until every table has looked at it."""
        self.clock.advance(seconds)
        self.rested(self.clock.now())

    def rested(self, looked: float = float("-inf")) -> None:
        """Wait until every table is at rest (nothing queued, no command running), having
        looked at the clock at ``looked`` or later."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            tables = list(self.casino.tables.values())
            if all(t.checked_at >= looked and t.queue.empty() and t.idle for t in tables):
                return
            time.sleep(0.01)
        raise AssertionError("the tables did not catch up with the clock")

    def on_the_loop(self, work: Coroutine[Any, Any, T], timeout: float = 20) -> T:
        """``work`` run on the server's event loop (the tables' loop), its outcome."""
        loop = next(iter(self.casino.tables.values()))._task.get_loop()  # type: ignore[union-attr]
        return asyncio.run_coroutine_threadsafe(work, loop).result(timeout)

    def audit(self) -> dict[str, Any]:
        return dict(self.http.get("/ledger/audit", headers=self.operator).json())

    def watch(self, table: int, token: str | None = None) -> ClientConnection:
        url = f"ws://127.0.0.1:{self.port}/tables/{table}/ws"
        headers = {"Authorization": f"Bearer {token}"} if token else None
        return ws_connect(url, open_timeout=10, additional_headers=headers)  # closed by the test


def receive_until(ws: ClientConnection, kind: str, timeout: float = 20) -> list[dict[str, Any]]:
    """Every message up to and including the first of type ``kind``."""
    seen = []
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no {kind!r} message; saw {[m.get('type') for m in seen]}")
        message = json.loads(ws.recv(timeout=left))
        seen.append(message)
        if message.get("type") == kind:
            return seen


#: the casino's calendar in the server tests: 27 November 2026, 09:30 UTC, moved by the test
#: (an exclusion's end, a limit's cooling-off and period, a posting's date: issue 29)
START = datetime(2026, 11, 27, 9, 30, tzinfo=UTC).timestamp()


class Wall:
    """The casino's wall clock in a test: it stands still until the test moves ``now``."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def wall() -> Wall:
    return Wall()


@pytest.fixture
def server(database_url: str, wall: Wall) -> Iterator[RunningServer]:
    running = RunningServer(database_url, wall=wall)
    try:
        yield running
    finally:
        running.stop()


def play_stud_round(server: RunningServer, table: int, player: dict[str, str]) -> None:
    """One stud round at ``table``: ``player``'s ante of 100.00, her time to decide run out (the
    table's default), the result's pause over and the next round open, on a new deck."""
    assert server.bet(table, player, "ante", 100_00).status_code == 201
    server.advance(10)
    server.advance(20)
    server.advance(2)


def stud_casino(database: str, rounds: int) -> int:
    """A casino's database after ``rounds`` stud rounds of Ana's at one table (each deals from
    its own deck, a shoe revealed when the next round opens); the table's id."""
    server = RunningServer(database, wall=Wall())
    try:
        table = server.open_table(
            ruleset="macau-stud-2004", betting_seconds=10, decision_seconds=20, pause_seconds=2
        )["id"]
        ana = server.player("ana", 100_000_00, currency="MOP")
        server.sit(table, ana)
        for _ in range(rounds):
            play_stud_round(server, table, ana)
    finally:
        server.stop()
    return int(table)
