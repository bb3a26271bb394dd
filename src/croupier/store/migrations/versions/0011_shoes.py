"""The verifiable shoe (issue 28, item 1): each shoe a table deals from, with the document it
committed to and its entropy, kept secret until the shoe ends (``ended_at``).

Revision ID: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shoes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("entropy", sa.String(128), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True)),
    )
    op.create_index("ux_shoes_commitment", "shoes", ["commitment"], unique=True)
    op.create_index("ix_shoes_table", "shoes", ["table_id"])


def downgrade() -> None:
    op.drop_table("shoes")
