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
    else:
        eng = connect(POSTGRES_URL)
        with eng.begin() as connection:  # a clean database for every test
            metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    migrate(eng)
    yield eng
    eng.dispose()
