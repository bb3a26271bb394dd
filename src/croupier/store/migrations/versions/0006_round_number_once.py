"""The round number a player sees is never reused at a table (issue 34(2): after a crash the
new process numbered its first round 1 again, so a table held two rounds numbered 1). Recall,
disputes and a lab's game recall name a round by its table and number: the database now keeps
the pair unique. A database written before this revision may already hold a repeated number:
each repeat (the later round, by id) is renumbered after the table's last number, in id order,
and the renumbering is logged.

Revision ID: 0006
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

log = logging.getLogger("croupier.store")


def upgrade() -> None:
    bind = op.get_bind()
    rows = bind.execute(sa.text("SELECT id, table_id, number FROM rounds ORDER BY id")).all()
    top: dict[int, int] = {}
    for _, table, number in rows:
        top[table] = max(top.get(table, 0), int(number))
    seen: set[tuple[int, int]] = set()
    for round_id, table, number in rows:
        if (table, number) in seen:
            top[table] += 1
            log.warning(
                "table %s: round %s renumbered %s (a repeated number)", table, number, top[table]
            )
            bind.execute(
                sa.text("UPDATE rounds SET number = :n WHERE id = :id"),
                {"n": top[table], "id": round_id},
            )
        else:
            seen.add((table, number))
    op.create_index("ux_round_number_per_table", "rounds", ["table_id", "number"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_round_number_per_table", "rounds")
