"""Self-exclusions, time-outs and the operator's exclusion list (issue 29; RJO art. 39), kept
with their history.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "exclusions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True)),
        sa.Column("end_asked_at", sa.DateTime(timezone=True)),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("set_by", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_exclusions_player", "exclusions", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_exclusions_player", "exclusions")
    op.drop_table("exclusions")
