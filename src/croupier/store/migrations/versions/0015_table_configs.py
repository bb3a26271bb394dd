"""A table's configurations through its life, each from the round it applies to (the export
carries them: ``croupier verify`` checks each round by the rules it was played by).

Revision ID: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_configs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("from_round", sa.Integer, nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
    )
    op.create_index("ix_table_configs_table", "table_configs", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_configs_table", "table_configs")
    op.drop_table("table_configs")
