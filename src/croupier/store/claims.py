"""Which process runs which table (issue 20): each table is run by exactly one process.

PostgreSQL: a table is owned by holding the session-level advisory lock ``(CLAIMS, table id)``
on a connection the process keeps open for its life, named ``croupier:<node>`` (its
``application_name``). PostgreSQL releases every lock of a connection when the connection
ends, so a process killed with ``kill -9`` frees its tables as soon as the server sees its
connection gone, and no lease has to expire; a process that cannot reach the database cannot
hold a table either. Who owns what is read back from ``pg_locks`` and ``pg_stat_activity``
(``GET /cluster``): no table of ours can say it wrongly. Only this database's connections
and locks count: another deployment on another database of the same PostgreSQL server, even
one whose processes bear the same node names, is no peer (issue 26, finding 1). docs/deploy.md
argues the choice against a lease row.

SQLite: one process serves the file (:class:`croupier.store.owner.ServerLock`), so it owns every
table and these claims always succeed.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, text

#: the advisory locks' first key (int4): "crpr" in ASCII; the second key is the table's id
CLAIMS = 0x63727072
#: a process's claims connection is named ``croupier:<node>``; its other connections
#: ``croupier:<node>/pool`` (:func:`pool_name`)
PREFIX = "croupier:"
POOL = "/pool"
#: how long a new owner waits for a dead owner's last connections to end before recovering
FENCE_SECONDS = 10.0


def pool_name(node: str) -> str:
    """The ``application_name`` of a process's database connections other than its claims."""
    return f"{PREFIX}{node}{POOL}"


@dataclass(frozen=True)
class Node:
    """A live process, as the database sees it."""

    name: str
    pid: int  # the database backend's, not the process's
    since: str  # when its claims connection was opened
    last_seen: str  # its last heartbeat (the connection's last statement)
    tables: tuple[int, ...]
    url: str | None = None  # where it is reached (cluster_nodes), if it said


class TableClaims:
    """This process's claims. Thread-safe: claims are made from the event loop's threads."""

    def __init__(self, engine: Engine, node: str) -> None:
        self.engine = engine
        self.node = node
        self.shared = engine.dialect.name == "postgresql"
        self._connection: Any = None
        self._lock = threading.Lock()
        self.owned: set[int] = set()

    def open(self) -> None:
        if not self.shared or self._connection is not None:
            return
        connection = self.engine.connect()
        connection.execute(text("SELECT set_config('application_name', :name, false)"),
                           {"name": PREFIX + self.node})  # fmt: skip
        connection.commit()
        self._connection = connection

    def claim(self, table_id: int) -> bool:
        """Own ``table_id`` if no other process does (then True)."""
        if not self.shared:
            self.owned.add(table_id)
            return True
        with self._lock:
            got = self._connection.execute(
                text("SELECT pg_try_advisory_lock(:c, :t)"), {"c": CLAIMS, "t": table_id}
            ).scalar_one()
            self._connection.commit()  # the lock is the session's, not the transaction's
        if got:
            self.owned.add(table_id)
        return bool(got)

    def release(self, table_id: int) -> None:
        """Own ``table_id`` no longer (a closed table: issue 30)."""
        self.owned.discard(table_id)
        if not self.shared:
            return
        with self._lock:
            self._connection.execute(
                text("SELECT pg_advisory_unlock(:c, :t)"), {"c": CLAIMS, "t": table_id}
            )
            self._connection.commit()

    def heartbeat(self) -> None:
        """Show the database this process is alive (``last_seen`` in :meth:`nodes`)."""
        if self.shared:
            with self._lock:
                self._connection.execute(text("SELECT 1"))
                self._connection.commit()

    def others(self) -> int:
        """How many other live processes serve the database (none on SQLite)."""
        return sum(1 for node in self.nodes() if node.name != self.node)

    def nodes(self) -> list[Node]:
        """Every live process and the tables it owns (one, this one, on SQLite)."""
        if not self.shared:
            return [Node(self.node, 0, "", "", tuple(sorted(self.owned)), None)]
        with self.engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT a.pid, a.application_name, a.backend_start, a.state_change, "
                    "array_remove(array_agg(l.objid::int ORDER BY l.objid), NULL) AS tables, "
                    "min(n.url) AS url "
                    "FROM pg_stat_activity a LEFT JOIN pg_locks l ON l.pid = a.pid "
                    "AND l.locktype = 'advisory' AND l.classid::bigint = :c AND l.granted "
                    "AND l.database = a.datid "
                    "LEFT JOIN cluster_nodes n ON :prefix_len < length(a.application_name) "
                    "AND n.name = substr(a.application_name, :prefix_len + 1) "
                    "WHERE a.datname = current_database() "
                    "AND a.application_name LIKE :prefix AND a.application_name NOT LIKE :pool "
                    "GROUP BY a.pid, a.application_name, a.backend_start, a.state_change "
                    "ORDER BY a.application_name"
                ),
                {
                    "c": CLAIMS,
                    "prefix": PREFIX + "%",
                    "pool": "%" + POOL,
                    "prefix_len": len(PREFIX),
                },
            ).all()
        return [
            Node(
                r.application_name[len(PREFIX) :],
                r.pid,
                r.backend_start.isoformat(),
                r.state_change.isoformat() if r.state_change else "",
                tuple(r.tables or ()),
                r.url,
            )
            for r in rows
        ]

    def advertise(self, url: str) -> None:
        """Say where this process is reached (``croupier serve``'s address)."""
        if not self.shared:
            return
        with self.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO cluster_nodes (name, url, started_at) VALUES (:n, :u, now()) "
                    "ON CONFLICT (name) DO UPDATE SET url = :u, started_at = now()"
                ),
                {"n": self.node, "u": url},
            )

    def orphans(self) -> int:
        """Connections of processes whose claims connection is gone: a dead owner's last
        transactions, still being ended by the database."""
        if not self.shared:
            return 0
        with self.engine.connect() as connection:
            return int(
                connection.execute(
                    text(
                        "SELECT count(*) FROM pg_stat_activity a "
                        "WHERE a.datname = current_database() "
                        "AND a.application_name LIKE :pool AND NOT EXISTS (SELECT 1 FROM "
                        "pg_stat_activity c WHERE c.datname = a.datname "
                        "AND c.application_name || :suffix = a.application_name)"
                    ),
                    {"pool": PREFIX + "%" + POOL, "suffix": POOL},
                ).scalar_one()
            )

    def fence(self) -> None:
        """Wait (up to :data:`FENCE_SECONDS`) until no dead process has a connection left, so
        that nothing a dead owner sent can commit after this process recovers its tables."""
        deadline = time.monotonic() + FENCE_SECONDS
        while self.orphans() and time.monotonic() < deadline:
            time.sleep(0.05)

    def share(self, open_tables: int) -> int:
        """How many tables this process should run: an equal share of the open tables among
        the live processes, rounded up (so that together they run them all)."""
        live = max(1, len(self.nodes())) if self.shared else 1
        return math.ceil(open_tables / live)

    def close(self) -> None:
        """Let every table go (the connection's end releases its locks)."""
        self.owned.clear()
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None
