"""The staff's actions as the server carries them out (issue 30), each one written to the audit
trail (store/audit_trail.py) with who, what, on what, why, before and after; and closing a
table for good.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.store.audit_trail import Action, AuditTrail
from croupier.store.claims import TableClaims
from croupier.store.rounds import RoundRecords
from croupier.table.runtime import Table

T = TypeVar("T")


class Casino(Protocol):
    """What the back office needs of the casino (server/service.py, seen only so)."""

    @property
    def audit(self) -> AuditTrail: ...

    @property
    def tables(self) -> dict[int, Table]: ...

    @property
    def records(self) -> RoundRecords: ...

    @property
    def claims(self) -> TableClaims: ...

    def table(self, table_id: int) -> Table: ...


def _shown(value: Any) -> Mapping[str, Any] | None:
    if value is None or isinstance(value, Mapping):
        return value
    return {"value": value}


async def audited(
    casino: Casino,
    actor: Player,
    action: str,
    target: str,
    work: Awaitable[T],
    *,
    reason: str | None = None,
    before: Any = None,
) -> T:
    """``work``'s result, once its row is in the audit trail (a refusal writes none: it
    changed nothing)."""
    result = await work
    await recorded(casino, actor, action, target, result, reason=reason, before=before)
    return result


async def recorded(
    casino: Casino,
    actor: Player,
    action: str,
    target: str,
    after: Any,
    *,
    reason: str | None = None,
    before: Any = None,
) -> None:
    """The audit trail's row for an action done."""
    row = Action(actor, action, target, reason, _shown(before), _shown(after))
    await asyncio.to_thread(casino.audit.record, row)


def in_transaction(
    casino: Casino,
    actor: Player,
    action: str,
    target: str,
    *,
    reason: str | None = None,
    before: Any = None,
    after: Any = None,
) -> Callable[[Connection], None]:
    """The audit trail's row, to be written in the transaction of the change itself."""
    row = Action(actor, action, target, reason, _shown(before), _shown(after))
    return lambda connection: casino.audit.write(connection, row)


async def close_table(casino: Casino, table_id: int, reason: str) -> dict[str, Any]:
    """Close a table for good (issue 30): a round whose cards are out finishes first (refused:
    disable the table, then close it once the round has settled); an undealt round is void and
    its stakes returned (PT 812/2015 rule 29), every session at the table ends, and no process
    runs it again."""
    table = casino.table(table_id)
    if not await table.close(for_good=reason):
        raise RuleViolation(
            "table",
            msg("a round is in play: it finishes first (disable the table, then close it)"),
            "GLI-19 4.15 (docs/operator.md)",
        )
    await asyncio.to_thread(casino.records.tables.set_table_status, table_id, "closed")
    await table.stop()
    casino.tables.pop(table_id, None)
    await asyncio.to_thread(casino.claims.release, table_id)
    return {"table": table_id, "closed": reason}
