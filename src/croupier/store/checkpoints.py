"""SQLite's WAL checkpoints in a thread of their own (docs/store.md, "SQLite's checkpoints").

In WAL mode every commit appends the pages it changed to the write-ahead log, and the log is
copied back into the database file by a *checkpoint*. By default the connection whose commit
takes the log past 1,000 pages runs that checkpoint itself, inside its commit: for the server
that is the writer thread, so every table's bets waited behind a copy and an fsync of the
database file several times a second (at 2,100 bets/s, about seven checkpoints a second; with
the threshold at 10,000 pages they were rarer and longer, and the p99 of the acknowledgements
went from ~8 to 26-40 ms). :class:`Checkpointer` runs ``PRAGMA wal_checkpoint(PASSIVE)`` from
a connection of its own every ``every`` seconds: a passive checkpoint copies what no reader
still needs without taking any lock a writer waits for, so the writer only appends. The
writer's connections keep SQLite's own checkpoint at :data:`BACKSTOP` pages, so the log stays
bounded should this thread fall behind or stop.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

BACKSTOP = 10_000  # pages: the writer's own checkpoint when the thread falls behind (~40 MB)
EVERY = 0.05  # seconds between two passive checkpoints


class Checkpointer:
    """A daemon thread checkpointing the SQLite database at ``path`` every ``every`` seconds
    until :meth:`stop`."""

    def __init__(self, path: str, every: float = EVERY) -> None:
        self.path = path
        self.every = every
        self.checkpoints = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._work, name="croupier-checkpoints", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        connection = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
        try:
            while not self._stop.wait(self.every):
                try:
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:  # the writers' own checkpoint (BACKSTOP) bounds the log
                    log.exception("checkpoint of %s failed; trying again", self.path)
                    continue
                self.checkpoints += 1
        finally:
            connection.close()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)
