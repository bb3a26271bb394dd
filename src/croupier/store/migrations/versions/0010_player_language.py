"""The language a player chose for the page and the messages (issue 29, item 1: "remembered per
player"); none until they choose one.

Revision ID: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("language", sa.String(10)))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("language")
