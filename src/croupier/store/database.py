"""Connecting to the store and bringing its schema up to date (Alembic).

SQLite is the embedded default, in WAL mode with a busy timeout, and every transaction starts
with ``BEGIN IMMEDIATE`` so that concurrent writers queue instead of failing on a lock upgrade.
PostgreSQL is used through the same code with a ``postgresql+psycopg://`` URL.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event

from croupier import json_text
from croupier.store import DEFAULT_URL as DEFAULT_URL

MIGRATIONS = Path(__file__).parent / "migrations"


def connect(url: str = DEFAULT_URL, name: str | None = None) -> Engine:
    """An engine for ``url`` (SQLite file or PostgreSQL); the schema is not touched. On
    PostgreSQL every connection carries ``name`` as its ``application_name`` (a server's
    ``croupier:<node>``, so that the database can tell whose connections are left: issue 20)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
    if not url.startswith("sqlite"):
        args = {"application_name": name} if name else {}
        engine = create_engine(
            url, pool_pre_ping=True, connect_args=args, json_serializer=json_text.dumps
        )
        event.listen(engine, "after_cursor_execute", _results_now)
        return engine
    engine = create_engine(
        url,
        connect_args={"timeout": 30, "check_same_thread": False},
        json_serializer=json_text.dumps,
    )

    @event.listens_for(engine, "connect")
    def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # SQLAlchemy issues BEGIN itself (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        # WAL + NORMAL: a killed process loses no committed transaction (docs/store.md)
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    # SQLite has one writer at a time. Threads of this process queue on a lock instead of
    # SQLite's busy handler, which sleeps up to 100 ms between tries; other processes (a second
    # server on the same file, a report) still wait through the busy timeout.
    writer = threading.RLock()

    @event.listens_for(engine, "begin")
    def _sqlite_begin(connection: Any) -> None:
        writer.acquire()
        try:
            # on the driver: SQLAlchemy's execution path would cost more than the statement
            connection.connection.dbapi_connection.execute("BEGIN IMMEDIATE")
        except BaseException:
            writer.release()
            raise

    @event.listens_for(engine, "commit")
    @event.listens_for(engine, "rollback")
    def _sqlite_end(_connection: Any) -> None:
        # a failed commit is reported as a commit and a rollback: release once
        with contextlib.suppress(RuntimeError):
            writer.release()

    return engine


PIPELINE = "croupier.pipeline"  # the connection's open pipeline, in its ``info``


@contextlib.contextmanager
def pipelined(connection: Connection) -> Iterator[Callable[[], None]]:
    """Statements sent without waiting for each answer (psycopg's pipeline mode, PostgreSQL):
    a statement whose rows are read waits for them, the others travel together, so a job of
    several statements costs a round trip per read rather than one per statement. Yields
    ``flush``: wait until the database has answered everything sent (and raise its error, if
    any). Statements run through SQLAlchemy inside the block are answered at once
    (:func:`_results_now`). Elsewhere (SQLite, in-process) statements run as they come and
    ``flush`` does nothing."""
    raw: Any = connection.connection.dbapi_connection
    if connection.dialect.name != "postgresql" or not hasattr(raw, "pipeline"):
        yield _nothing
        return
    with raw.pipeline() as pipeline:
        connection.info[PIPELINE] = pipeline
        try:
            yield pipeline.sync
        finally:
            connection.info.pop(PIPELINE, None)


def _nothing() -> None:
    return None


def _results_now(connection: Connection, *_args: Any) -> None:
    """SQLAlchemy reads a statement's result (its columns, its rows, its count) as soon as it
    has run it: inside a pipeline, wait for that answer first."""
    pipeline = connection.info.get(PIPELINE)
    if pipeline is not None:
        pipeline.sync()


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (idempotent)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
