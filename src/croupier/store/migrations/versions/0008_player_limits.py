"""The limits players set on their own play, and the operator on them (issue 29), every change
kept with when it takes effect.

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_limits",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("amount", sa.BigInteger),
        sa.Column("set_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("effective_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("by_operator", sa.Boolean, nullable=False),
        sa.Column("set_by", sa.String(100), nullable=False),
    )
    op.create_index("ix_player_limits_player", "player_limits", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_player_limits_player", "player_limits")
    op.drop_table("player_limits")
