"""Tables of the store. Money is integer minor units (DESIGN.md, Money).

The ledger is double-entry and append-only: a posting (``ledger_transactions``) holds entries
(``ledger_entries``) whose amounts sum to zero, so the sum over all accounts is always zero.
``accounts.balance`` is the running sum of the account's entries, kept in the same database
transaction as the entries; the CHECK constraint makes a negative balance impossible for a
player's account even under concurrent writers (a player cannot spend the same money twice).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
)

metadata = MetaData()

accounts = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("owner", String(100), nullable=False),
    Column("kind", String(20), nullable=False),  # player, house, cashier, jackpot, ...
    Column("currency", String(8), nullable=False),  # e.g. EUR; DEMO for play money (rules 37-38)
    Column("may_go_negative", Boolean, nullable=False),
    Column("balance", BigInteger, nullable=False),
    CheckConstraint("balance >= 0 OR may_go_negative", name="balance_not_negative"),
)

transactions = Table(
    "ledger_transactions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", String(30), nullable=False),  # stake, payout, commission, refund, deposit, ...
    Column("reference", String(100), nullable=False),  # the round or request that caused it
    Column("created_at", DateTime(timezone=True), nullable=False),
)

entries = Table(
    "ledger_entries",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("transaction_id", Integer, ForeignKey("ledger_transactions.id"), nullable=False),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False),
    Column("amount", BigInteger, nullable=False),
    CheckConstraint("amount <> 0", name="entry_not_zero"),
    Index("ix_ledger_entries_account", "account_id"),
)
