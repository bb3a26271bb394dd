"""What a table's next shoe is promised, kept across a restart (issue 28, item 1's option;
docs/proof.md): the house's entropy drawn one shoe ahead, whose SHA-256 the table published
before players gave their values, and the contributions given for it so far.

Without it a process that starts again would draw the house's entropy anew and forget the values
players revealed: the published promise broken, and a house free to restart until a shoe suited
it (its own entropy alone deciding the order, or a new draw made after seeing the values). Both
are secret until the next shoe ends (its own record then reveals them): nothing here is exported
or served."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update

from croupier.store.schema import next_shoes

Contributions = list[dict[str, str | None]]


def promise(connection: Connection, table_id: int, entropy: str | None) -> None:
    """A new shoe began at the table: its next shoe's entropy (None: the table takes no
    values) replaces the last promise, and no contribution is given for it yet."""
    connection.execute(delete(next_shoes).where(next_shoes.c.table_id == table_id))
    if entropy is not None:
        connection.execute(
            insert(next_shoes).values(table_id=table_id, entropy=entropy, contributions="[]")
        )


def keep_contributions(engine: Engine, table_id: int, contributions: Contributions) -> None:
    """The contributions given for the table's next shoe so far."""
    with engine.begin() as connection:
        connection.execute(
            update(next_shoes)
            .where(next_shoes.c.table_id == table_id)
            .values(contributions=json.dumps(contributions))
        )


def promised(engine: Engine, table_id: int) -> tuple[str, Contributions] | None:
    """The table's next shoe's entropy (hex) and contributions, None where none is kept."""
    with engine.connect() as connection:
        row: Any = connection.execute(
            select(next_shoes.c.entropy, next_shoes.c.contributions).where(
                next_shoes.c.table_id == table_id
            )
        ).first()
    if row is None:
        return None
    return str(row.entropy), list(json.loads(row.contributions))
