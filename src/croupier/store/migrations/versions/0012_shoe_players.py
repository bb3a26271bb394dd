"""Players' values mixed into a shoe (issue 28, item 1's option): the values, hexadecimal, as a
JSON list, revealed with the shoe's document and entropy once it ends.

Revision ID: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("shoes", sa.Column("players", sa.Text))


def downgrade() -> None:
    op.drop_column("shoes", "players")
