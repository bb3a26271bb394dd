"""Players, tables, rounds, the round journal and sessions (online table server).

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_index(
        "ux_accounts_owner_kind_currency", "accounts", ["owner", "kind", "currency"], unique=True
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("role", sa.String(10), nullable=False),
        sa.Column("demo", sa.Boolean, nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created_at", _WHEN, nullable=False),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("shoe", sa.String(64)),
        sa.Column("result", sa.JSON),
        sa.Column("void_reason", sa.String(200)),
        sa.Column("opened_at", _WHEN, nullable=False),
        sa.Column("closed_at", _WHEN),
    )
    op.create_index("ix_rounds_table_status", "rounds", ["table_id", "status"])
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("started_at", _WHEN, nullable=False),
        sa.Column("ended_at", _WHEN),
        sa.Column("end_reason", sa.String(30)),
    )
    op.create_index("ix_sessions_player", "sessions", ["player_id"])
    op.create_table(
        "round_bets",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id"), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("amount", sa.BigInteger, nullable=False),
        sa.Column("outcome", sa.String(12)),
        sa.Column("payout", sa.BigInteger),
        sa.Column("commission", sa.BigInteger),
        sa.Column("reason", sa.String(200)),
        sa.CheckConstraint("amount > 0", name="bet_positive"),
        sa.UniqueConstraint("round_id", "player_id", "kind", name="one_bet_per_kind"),
    )
    op.create_index("ix_round_bets_session", "round_bets", ["session_id"])
    op.create_table(
        "journal",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("command", sa.String(30), nullable=False),
        sa.Column("args", sa.JSON, nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
        sa.UniqueConstraint("round_id", "seq", name="journal_order"),
    )


def downgrade() -> None:
    for table in ("journal", "round_bets", "sessions", "rounds", "game_tables", "players"):
        op.drop_table(table)
    op.drop_index("ux_accounts_owner_kind_currency", "accounts")
