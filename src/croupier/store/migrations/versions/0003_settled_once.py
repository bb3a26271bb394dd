"""A round is paid out once: at most one settlement or refund posting per round, checked by the
database (issue 16, finding 2: two servers on one database settled a round the other had voided).

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

PAID_ONCE = "kind IN ('settlement', 'refund')"


def upgrade() -> None:
    op.create_index(
        "ux_round_paid_once",
        "ledger_transactions",
        ["reference"],
        unique=True,
        postgresql_where=sa.text(PAID_ONCE),
        sqlite_where=sa.text(PAID_ONCE),
    )


def downgrade() -> None:
    op.drop_index("ux_round_paid_once", "ledger_transactions")
