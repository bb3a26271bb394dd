"""Tokens that expire unused, and passwords to log in again (issue 16, finding 10; GLI-19
2.5.4: re-authentication after 30 minutes of inactivity).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("players", sa.Column("token_seen_at", sa.DateTime(timezone=True)))
    op.add_column("players", sa.Column("password_hash", sa.String(200)))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("password_hash")
        batch.drop_column("token_seen_at")
