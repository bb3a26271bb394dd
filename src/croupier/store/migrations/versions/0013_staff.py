"""The casino's staff (issue 30): a suspended account's reason, and the staff's append-only audit
trail, which the database itself refuses to change or delete (a trigger on each engine).

Revision ID: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

REFUSAL = "staff_actions is append-only"

SQLITE_TRIGGERS = [
    f"CREATE TRIGGER staff_actions_no_{verb.lower()} BEFORE {verb} ON staff_actions "
    f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END"
    for verb in ("UPDATE", "DELETE")
]
POSTGRESQL_TRIGGERS = [
    "CREATE OR REPLACE FUNCTION staff_actions_append_only() RETURNS trigger AS $$ "
    f"BEGIN RAISE EXCEPTION '{REFUSAL}'; END $$ LANGUAGE plpgsql",
    "CREATE TRIGGER staff_actions_append_only BEFORE UPDATE OR DELETE ON staff_actions "
    "FOR EACH ROW EXECUTE FUNCTION staff_actions_append_only()",
]


def upgrade() -> None:
    op.add_column("players", sa.Column("suspended", sa.String(200)))
    op.create_table(
        "staff_actions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("role", sa.String(10), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("target", sa.String(100), nullable=False),
        sa.Column("reason", sa.String(500)),
        sa.Column("before", sa.JSON),
        sa.Column("after", sa.JSON),
        sa.Column("node", sa.String(40), nullable=False),
    )
    op.create_index("ix_staff_actions_target", "staff_actions", ["target"])
    dialect = op.get_bind().dialect.name
    for statement in POSTGRESQL_TRIGGERS if dialect == "postgresql" else SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    op.drop_table("staff_actions")
    op.drop_column("players", "suspended")
