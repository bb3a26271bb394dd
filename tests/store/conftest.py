"""The store's tests run on SQLite always, and on PostgreSQL too when
``CROUPIER_TEST_DATABASE_URL`` names one (``.ci/run`` always sets it)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, text

from croupier.store.database import connect, migrate
from croupier.store.schema import metadata

POSTGRES_URL = os.environ.get("CROUPIER_TEST_DATABASE_URL")
BACKENDS = ["sqlite"] + (["postgresql"] if POSTGRES_URL else [])


@pytest.fixture(params=BACKENDS)
def engine(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Engine]:
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("store") / "croupier.db"
        eng = connect(f"sqlite:///{path}")
    else:
        assert POSTGRES_URL is not None
        eng = connect(POSTGRES_URL)
        with eng.begin() as connection:  # a clean database for every test
            metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    migrate(eng)
    yield eng
    eng.dispose()
