"""The database: accounts and the double-entry ledger (SQLAlchemy 2; SQLite embedded by default,
PostgreSQL by URL). Used by the table runtime through a small interface; knows no game."""

DEFAULT_URL = "sqlite:///croupier.db"  # the embedded default (croupier serve --database)
