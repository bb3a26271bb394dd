"""SQLite's WAL checkpoints in a thread of their own (croupier.store.checkpoints): the server's
writer only appends to the log, a Checkpointer copies it back into the database file, and the
engine's own checkpoint stays as a backstop."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from pathlib import Path

from sqlalchemy import Engine, text

from croupier.server.service import Casino
from croupier.store.checkpoints import BACKSTOP, Checkpointer
from croupier.store.database import connect, migrate
from croupier.store.ledger import Ledger


def _autocheckpoint(engine: Engine) -> int:
    with engine.connect() as c:
        return int(c.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one())


def _write(engine: Engine, postings: int) -> None:
    ledger = Ledger(engine)
    cashier = ledger.open_account("cashier", "cashier", "EUR", may_go_negative=True)
    alice = ledger.open_account("alice", "player", "EUR")
    for n in range(postings):
        ledger.transfer(cashier, alice, 1, "deposit", f"d{n}")


def test_an_engine_leaves_its_checkpoints_to_the_thread_only_when_asked(tmp_path: Path) -> None:
    own = connect(f"sqlite:///{tmp_path / 'own.db'}")
    left = connect(f"sqlite:///{tmp_path / 'left.db'}", background_checkpoints=True)
    try:
        assert _autocheckpoint(own) == 1000  # SQLite's default
        assert _autocheckpoint(left) == BACKSTOP
    finally:
        own.dispose()
        left.dispose()


def test_the_checkpointer_copies_the_log_back_into_the_database_file(tmp_path: Path) -> None:
    path = tmp_path / "croupier.db"
    engine = connect(f"sqlite:///{path}", background_checkpoints=True)
    migrate(engine)
    with contextlib.closing(sqlite3.connect(path)) as c:  # the file holds everything so far
        c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    start = path.stat().st_size
    _write(engine, 400)  # some hundred pages of log, far below the engine's backstop
    assert path.stat().st_size == start  # nothing copied back yet: the commits only appended
    checkpointer = Checkpointer(str(path), every=0.01)
    try:
        deadline = time.monotonic() + 10
        while path.stat().st_size == start and time.monotonic() < deadline:
            time.sleep(0.01)
        assert path.stat().st_size > start
        assert checkpointer.checkpoints > 0
    finally:
        checkpointer.stop()
    assert not checkpointer._thread.is_alive()
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM ledger_transactions")).scalar_one() == 400
    engine.dispose()


def test_a_sqlite_casino_runs_a_checkpointer_until_it_stops(tmp_path: Path) -> None:
    casino = Casino(f"sqlite:///{tmp_path / 'casino.db'}", defaults=False)
    assert casino.checkpointer is not None
    assert casino.checkpointer.path == os.fspath(tmp_path / "casino.db")
    assert _autocheckpoint(casino.engine) == BACKSTOP
    asyncio.run(casino.stop())
    assert not casino.checkpointer._thread.is_alive()
