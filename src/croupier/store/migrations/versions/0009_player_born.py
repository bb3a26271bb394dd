"""A real-money player's date of birth (issue 29, item 8: registration refuses minors). Players
registered before it have none.

Revision ID: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("born", sa.Date))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("born")
