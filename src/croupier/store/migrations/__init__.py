"""Alembic migrations of the store (run by :func:`croupier.store.database.migrate`)."""
