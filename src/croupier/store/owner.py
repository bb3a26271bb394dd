"""Who may start serving a database (issue 16, finding 2; issue 20).

Two servers on one database each believed they ran its tables: the second voided and refunded
the first's live round while the first went on to settle it, and round numbers repeated.

* SQLite: one process serves a file. An exclusive ``flock`` on ``<file>.lock`` beside the
  database, held for the server's life and released by the operating system when the process
  ends however it ends; a second process refuses to start.
* PostgreSQL: several processes share a database, each table run by the one process that
  claims it (:mod:`croupier.store.claims`). This lock only takes turns at start-up (the schema
  migrated, the default tables created, the first claims made and recovered one process at a
  time): a session-level advisory lock, waited for, released once the process has started
  (:meth:`ServerLock.started`) or when its connection ends.
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
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": SERVER_LOCK_KEY})
        connection.commit()  # the lock is the session's, not the transaction's
        self._connection = connection

    def started(self) -> None:
        """The process has started: on PostgreSQL the next one may start (its tables are its
        claims'); on SQLite the file stays this process's."""
        if self._connection is not None:
            self.release()

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
