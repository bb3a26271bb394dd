"""The staff's audit trail (issue 30): every action of an operator, cashier, supervisor or
compliance officer, with who, when, what, on what, why, and the state before and after.

A row is written in the transaction of the change where the change is the database's (a deposit:
the ledger's posting and its row commit together or not at all); a table's command is the table's
own (in memory, then its round's transaction), and its row follows the command's success. The
database refuses to update or delete a row (migration 0013's triggers): the trail only grows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select

from croupier.people import Player
from croupier.store.schema import staff_actions
from croupier.store.stamps import iso

MAX_READ = 1000  # rows one read returns at most


@dataclass(frozen=True)
class Action:
    """One action, as the trail keeps it."""

    actor: Player
    action: str
    target: str
    reason: str | None = None
    before: Mapping[str, Any] | None = None
    after: Mapping[str, Any] | None = None


def _json(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if value is None else dict(value)


class AuditTrail:
    def __init__(self, engine: Engine, node: str, wall: Callable[[], float]) -> None:
        self.engine = engine
        self.node = node
        self.wall = wall

    def write(self, connection: Connection, action: Action) -> None:
        """``action``'s row, in the caller's transaction."""
        connection.execute(
            insert(staff_actions).values(
                at=datetime.fromtimestamp(self.wall(), UTC),
                actor=action.actor.name,
                role=action.actor.role,
                action=action.action,
                target=action.target[:100],
                reason=None if action.reason is None else action.reason[:500],
                before=_json(action.before),
                after=_json(action.after),
                node=self.node,
            )
        )

    def record(self, action: Action) -> None:
        """``action``'s row, in a transaction of its own."""
        with self.engine.begin() as connection:
            self.write(connection, action)

    def read(
        self,
        *,
        limit: int = 100,
        before_id: int | None = None,
        actor: str | None = None,
        target: str | None = None,
    ) -> list[dict[str, Any]]:
        """The newest rows first (``before_id``: the page after one already read)."""
        query = select(staff_actions).order_by(staff_actions.c.id.desc())
        query = query.limit(max(1, min(limit, MAX_READ)))
        if before_id is not None:
            query = query.where(staff_actions.c.id < before_id)
        if actor:
            query = query.where(staff_actions.c.actor == actor)
        if target:
            query = query.where(staff_actions.c.target == target)
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [
            {
                "id": row.id,
                "at": iso(row.at),
                "actor": row.actor,
                "role": row.role,
                "action": row.action,
                "target": row.target,
                "reason": row.reason,
                "before": row.before,
                "after": row.after,
                "node": row.node,
            }
            for row in rows
        ]

    def disabled(self, table_id: int) -> str | None:
        """Why table ``table_id`` is disabled, as its last disable or enable left it (a table
        restarted, or taken over by another process, stays disabled: issue 30)."""
        query = (
            select(staff_actions.c.action, staff_actions.c.reason)
            .where(
                staff_actions.c.target == f"table:{table_id}",
                staff_actions.c.action.in_(("disable", "enable")),
            )
            .order_by(staff_actions.c.id.desc())
            .limit(1)
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        if row is None or row.action != "disable":
            return None
        return row.reason or "disabled"

    def count(self) -> int:
        with self.engine.connect() as connection:
            counted = connection.execute(select(func.count()).select_from(staff_actions))
            return int(counted.scalar_one())
