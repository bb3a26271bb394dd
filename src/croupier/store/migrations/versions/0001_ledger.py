"""Accounts and the double-entry ledger.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("currency", sa.String(8), nullable=False),
        sa.Column("may_go_negative", sa.Boolean, nullable=False),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.CheckConstraint("balance >= 0 OR may_go_negative", name="balance_not_negative"),
    )
    op.create_table(
        "ledger_transactions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("reference", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "transaction_id", sa.Integer, sa.ForeignKey("ledger_transactions.id"), nullable=False
        ),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.CheckConstraint("amount <> 0", name="entry_not_zero"),
    )
    op.create_index("ix_ledger_entries_account", "ledger_entries", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_ledger_entries_account", "ledger_entries")
    op.drop_table("ledger_entries")
    op.drop_table("ledger_transactions")
    op.drop_table("accounts")
