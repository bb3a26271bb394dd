"""What a table's next shoe is promised (issue 28, item 1's option): the house's entropy drawn
one shoe ahead and the players' contributions given for it, kept so that a process starting
again shuffles the next shoe as its table promised.

Revision ID: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "next_shoes",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), primary_key=True),
        sa.Column("entropy", sa.String(128), nullable=False),
        sa.Column("contributions", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("next_shoes")
