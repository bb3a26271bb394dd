"""One server process per database, held by the database itself (issue 16, finding 2).

Two servers on one database each believed they ran its tables: the second voided and refunded
the first's live round while the first went on to settle it, and round numbers repeated. Until
several processes share a database properly (tables owned one by one, issue 20), the first
process to start holds the whole database and a second one refuses to start:

* PostgreSQL: a session-level advisory lock, held by a connection kept open for the server's
  life; PostgreSQL releases it when that connection ends, so a process killed with ``kill -9``
  frees the database as soon as its connection is gone;
* SQLite: an exclusive ``flock`` on ``<file>.lock`` beside the database file, released by the
  operating system when the process ends, however it ends.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from typing import IO, Any

from sqlalchemy import Engine, text

from croupier.errors import CroupierError

#: the advisory lock's key: "croupier" in ASCII, as a 64-bit integer
SERVER_LOCK_KEY = 0x63726F7570696572


class DatabaseInUse(CroupierError):
    """Another server process already serves this database."""


class ServerLock:
    """The database's one serving process; :meth:`acquire` or :class:`DatabaseInUse`."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Any = None
        self._file: IO[bytes] | None = None

    @property
    def held(self) -> bool:
        return self._connection is not None or self._file is not None

    def acquire(self) -> None:
        """Hold the database (again: nothing), or raise :class:`DatabaseInUse`."""
        if self.held:
            return
        if self.engine.dialect.name == "postgresql":
            self._acquire_postgresql()
        else:
            self._acquire_sqlite()

    def _acquire_postgresql(self) -> None:
        connection = self.engine.connect()
        got = connection.execute(
            text("SELECT pg_try_advisory_lock(:key)"), {"key": SERVER_LOCK_KEY}
        ).scalar_one()
        connection.commit()  # the lock is the session's, not the transaction's
        if not got:
            connection.close()
            raise DatabaseInUse(
                f"another croupier server is serving {self._where()}: one process serves a "
                "database (stop it first; a second one would void and deal its tables)"
            )
        self._connection = connection

    def _acquire_sqlite(self) -> None:
        path = self.engine.url.database
        if not path or path == ":memory:":
            return  # a private in-memory database: no other process can open it
        handle = open(f"{path}.lock", "ab")  # noqa: SIM115 (held for the server's life)
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise DatabaseInUse(
                f"another croupier server is serving {os.path.abspath(path)}: one process "
                "serves a database (stop it first)"
            ) from None
        self._file = handle

    def _where(self) -> str:
        url = self.engine.url
        return f"the PostgreSQL database {url.database!r} on {url.host}:{url.port or 5432}"

    def release(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": SERVER_LOCK_KEY}
                )
                self._connection.commit()
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None
        if self._file is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._file.fileno(), fcntl.LOCK_UN)
            self._file.close()
            self._file = None
