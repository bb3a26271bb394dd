"""The PostgreSQL stakes statement sent to libpq in one call (issue 32(4)): prepared by name
once a session, prepared again when the session has lost it, and its failures raised as
psycopg raises them (a short balance as :class:`ShortBalance`, nothing written; anything else
as the driver's own error, the connection fit for the next statement). PostgreSQL's alone:
SQLite writes its stakes by other statements (croupier.store.at_once_sqlite)."""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from sqlalchemy import Engine

from croupier.store.at_once import NAME, ShortBalance
from tests.store.test_at_once import Books, _at_once, _autocommit, _entry


@pytest.fixture
def books(postgres_engine: Engine) -> Books:
    return Books(postgres_engine)


def _prepared(driver: Any) -> list[str]:
    rows = driver.execute("SELECT name FROM pg_prepared_statements").fetchall()
    return [name for (name,) in rows if name == NAME.decode()]


def test_the_statement_is_prepared_once_a_session_and_again_when_the_session_lost_it(
    books: Books,
) -> None:
    round_id = books.records.writes.begin_round(books.table, 1, None)
    ana = books.people["ana"][1]
    with _autocommit(books) as c:
        driver = c.connection.dbapi_connection
        assert _prepared(driver) == []
        for n in range(1, 3):  # the first prepares it, the second finds it
            bet = books.bet("ana", "player", n * 1_00, 1_00)
            _at_once(books.records, c, round_id, books.escrow, [bet], n - 1, [])
            assert _prepared(driver) == [NAME.decode()]
        driver.execute(f"DEALLOCATE {NAME.decode()}")  # as a pooler or DISCARD ALL would
        bet = books.bet("ana", "player", 3_00, 1_00)
        balances = _at_once(books.records, c, round_id, books.escrow, [bet], 2, [])
        assert _prepared(driver) == [NAME.decode()]
    assert balances[ana] == 50_00 - 3_00 == books.ledger.balance(ana)
    assert books.ledger.audit() == []


def test_a_failure_other_than_a_balance_is_the_drivers_own_error_and_writes_nothing(
    books: Books,
) -> None:
    round_id = books.records.writes.begin_round(books.table, 1, None)
    before = books.counts()
    bet = books.bet("ana", "player", 1_00, 1_00)
    with _autocommit(books) as c:
        with pytest.raises(psycopg.errors.ForeignKeyViolation) as raised:  # no such round
            _at_once(books.records, c, round_id + 1, books.escrow, [bet], 0, [])
        assert not isinstance(raised.value, ShortBalance)
        assert books.counts() == before
        # the connection is fit for the next statement
        _at_once(books.records, c, round_id, books.escrow, [bet], 0, [_entry("ana", "player", 1)])
    assert books.counts() != before and books.ledger.audit() == []


def test_a_short_balance_names_the_constraint_and_writes_nothing(books: Books) -> None:
    round_id = books.records.writes.begin_round(books.table, 1, None)
    before = books.counts()
    short = books.bet("bruno", "banker", 25_00, 25_00)  # bruno holds 20.00
    with _autocommit(books) as c, pytest.raises(ShortBalance, match="balance_not_negative"):
        _at_once(books.records, c, round_id, books.escrow, [short], 0, [])
    assert books.counts() == before and books.ledger.audit() == []
