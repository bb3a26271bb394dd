"""Tables of the store. Money is integer minor units (DESIGN.md, Money).

The ledger is double-entry and append-only: a posting (``ledger_transactions``) holds entries
(``ledger_entries``) whose amounts sum to zero, so the sum over all accounts is always zero.
``accounts.balance`` is the running sum of the account's entries, kept in the same database
transaction as the entries; the CHECK constraint makes a negative balance impossible for a
player's account even under concurrent writers (a player cannot spend the same money twice).
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    text,
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
    Index("ux_accounts_owner_kind_currency", "owner", "kind", "currency", unique=True),
)

transactions = Table(
    "ledger_transactions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("kind", String(30), nullable=False),  # stake, payout, commission, refund, deposit, ...
    Column("reference", String(100), nullable=False),  # the round or request that caused it
    Column("created_at", DateTime(timezone=True), nullable=False),
    # a round is paid out once, settled or refunded (migration 0003; issue 16, finding 2)
    Index(
        "ux_round_paid_once",
        "reference",
        unique=True,
        postgresql_where=text("kind IN ('settlement', 'refund')"),
        sqlite_where=text("kind IN ('settlement', 'refund')"),
    ),
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

# -- the online table server (issue 7): players, tables, rounds, their journal, sessions --------

players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(100), nullable=False, unique=True),
    Column("token_hash", String(64), nullable=False, unique=True),  # SHA-256 of the bearer token
    Column("role", String(10), nullable=False),  # player, box or a staff role (staff.py)
    Column("demo", Boolean, nullable=False),  # a demo player holds play money only (rules 37-38)
    Column("created_at", DateTime(timezone=True), nullable=False),
    # the token's last use: a player's expires 30 minutes unused (GLI-19 2.5.4; migration 0004)
    Column("token_seen_at", DateTime(timezone=True)),
    Column("password_hash", String(200)),  # scrypt, to log in again (POST /login)
    Column("born", Date),  # a real-money player's date of birth: 18 or older (issue 29)
    Column("language", String(10)),  # the language the player chose (issue 29, item 1)
    # why the account is suspended (issue 30; migration 0013): none while it is not
    Column("suspended", String(200)),
)

game_tables = Table(
    "game_tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(100), nullable=False, unique=True),
    Column("config", JSON, nullable=False),  # ruleset, overrides, seats, window, demo ...
    Column("status", String(10), nullable=False),  # open or closed
    Column("created_at", DateTime(timezone=True), nullable=False),
)

rounds = Table(
    "rounds",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_tables.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("status", String(10), nullable=False),  # open, settled, void
    Column("shoe", String(64)),  # the SHA-256 commitment of the shoe the round is dealt from
    Column("result", JSON),  # cards, totals, winner: what recall shows (PT rule 31)
    Column("void_reason", String(200)),
    Column("opened_at", DateTime(timezone=True), nullable=False),
    Column("closed_at", DateTime(timezone=True)),
    Index("ix_rounds_table_status", "table_id", "status"),
    # the number a player sees names one round of the table, for good (migration 0006)
    Index("ux_round_number_per_table", "table_id", "number", unique=True),
)

#: the verifiable shoes (issue 28, item 1; migration 0011): the document each committed to and
#: its entropy, revealed once the shoe has ended (``ended_at``: its table's next shoe began)
shoes = Table(
    "shoes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_tables.id"), nullable=False),
    Column("commitment", String(64), nullable=False),
    Column("document", Text, nullable=False),
    Column("entropy", String(128), nullable=False),
    Column("players", Text),  # players' values mixed in, JSON list of hex (migration 0012)
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Index("ux_shoes_commitment", "commitment", unique=True),
    Index("ix_shoes_table", "table_id"),
)

#: a table's configurations through its life (migration 0015), each from the round it applies to:
#: the one it was opened with (from round 1) once the operator first changes it, then each change
#: (``POST /tables/{id}/limits``), so that each round is checked by the rules it was played by
table_configs = Table(
    "table_configs",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_tables.id"), nullable=False),
    Column("from_round", Integer, nullable=False),
    Column("config", JSON, nullable=False),
    Index("ix_table_configs_table", "table_id"),
)

#: what a table's next shoe is promised (issue 28, item 1's option; migration 0014), kept so that
#: a process starting again shuffles it as promised: the house's entropy drawn one shoe ahead
#: (hex; secret: its SHA-256 is what the table publishes) and the players' contributions given
#: for it so far (a JSON list of {"player", "commitment", "value"}, in the order committed)
next_shoes = Table(
    "next_shoes",
    metadata,
    Column("table_id", Integer, ForeignKey("game_tables.id"), primary_key=True),
    Column("entropy", String(128), nullable=False),
    Column("contributions", Text, nullable=False),
)

round_bets = Table(
    "round_bets",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("round_id", Integer, ForeignKey("rounds.id"), nullable=False),
    Column("session_id", Integer, ForeignKey("sessions.id"), nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("kind", String(30), nullable=False),
    Column("amount", BigInteger, nullable=False),
    Column("outcome", String(12)),  # None while standing; win, lose, push, void, carried
    Column("payout", BigInteger),
    Column("commission", BigInteger),
    Column("reason", String(200)),
    CheckConstraint("amount > 0", name="bet_positive"),
    UniqueConstraint("round_id", "player_id", "kind", name="one_bet_per_kind"),
    Index("ix_round_bets_session", "session_id"),
)

journal = Table(
    "journal",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("round_id", Integer, ForeignKey("rounds.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("command", String(30), nullable=False),
    Column("args", JSON, nullable=False),
    Column("events", JSON, nullable=False),
    UniqueConstraint("round_id", "seq", name="journal_order"),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("table_id", Integer, ForeignKey("game_tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True)),
    Column("end_reason", String(30)),  # player, inactivity, table_closed, restart
    Index("ix_sessions_player", "player_id"),
)

#: self-exclusions, time-outs and the operator's exclusion list (issue 29; RJO art. 39): kept
#: with their history, never deleted (an early end is asked, then takes effect)
exclusions = Table(
    "exclusions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("kind", String(10), nullable=False),  # self, timeout, operator
    Column("starts_at", DateTime(timezone=True), nullable=False),
    Column("ends_at", DateTime(timezone=True)),  # none: indefinitely
    Column("end_asked_at", DateTime(timezone=True)),
    Column("reason", String(200), nullable=False),
    Column("set_by", String(100), nullable=False),  # the player, or the operator
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_exclusions_player", "player_id"),
)

#: the limits players set on their own play, and the operator on them (issue 29): every change
#: kept, with when it takes effect (a raise waits for its cooling-off)
player_limits = Table(
    "player_limits",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("kind", String(20), nullable=False),  # deposit_day, deposit_week, deposit_month
    Column("amount", BigInteger),  # none: no limit
    Column("set_at", DateTime(timezone=True), nullable=False),
    Column("effective_at", DateTime(timezone=True), nullable=False),
    Column("by_operator", Boolean, nullable=False),
    Column("set_by", String(100), nullable=False),
    Index("ix_player_limits_player", "player_id"),
)

#: where each process serving the database is reached (issue 20): a command for a table another
#: process runs is forwarded to that process's ``url``; who runs which table is the claims'
#: (store/claims.py), not this table's
cluster_nodes = Table(
    "cluster_nodes",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("url", String(200), nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
)

#: the casino's own settings (migration 0016): its time zone (``croupier serve --time-zone``),
#: which every process serving the database uses (store/casino_settings.py)
casino_settings = Table(
    "casino_settings",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)

#: the staff's actions (issue 30; migration 0013): who, when, what, on what, why, before and
#: after. Append-only: the database refuses to change or delete a row (triggers).
staff_actions = Table(
    "staff_actions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("actor", String(100), nullable=False),
    Column("role", String(10), nullable=False),
    Column("action", String(40), nullable=False),
    Column("target", String(100), nullable=False),
    Column("reason", String(500)),
    Column("before", JSON),
    Column("after", JSON),
    Column("node", String(40), nullable=False),
    Index("ix_staff_actions_target", "target"),
)
