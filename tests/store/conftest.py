"""The store's tests run on SQLite and on PostgreSQL (the machine's: tests/services.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, text

from croupier.store.database import connect, migrate
from croupier.store.schema import metadata
from tests.services import POSTGRES_URL

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(params=BACKENDS)
def engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("store") / "croupier.db"
        eng = connect(f"sqlite:///{path}")
        migrate(eng)
    else:
        eng = clean_postgres()
    yield eng
    eng.dispose()


@pytest.fixture
def postgres_engine() -> Iterator[Engine]:
    """The machine's PostgreSQL alone, for what only it has (tests/store/test_at_once_libpq.py)."""
    eng = clean_postgres()
    yield eng
    eng.dispose()


def clean_postgres() -> Engine:
    """The machine's PostgreSQL, emptied and migrated: a clean database for every test."""
    eng = connect(POSTGRES_URL)
    with eng.begin() as connection:
        metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    migrate(eng)
    return eng
