"""Prepared statements write what SQLAlchemy would: dates SQLAlchemy reads back, JSON that
round-trips, literals of the statement bound, and they join the caller's transaction (a
rollback undoes them), on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine, bindparam, insert, select, update

from croupier.store.ledger import Ledger
from croupier.store.prepared import ROWS_PER_STATEMENT, Prepared, insert_rows
from croupier.store.rounds import RoundRecords
from croupier.store.schema import accounts, journal, transactions

JOURNAL_ROW = {"round_id": 0, "seq": 0, "command": "bet", "args": {}, "events": []}
NEW_POSTING = Prepared(
    insert(transactions)
    .values(kind=bindparam("kind"), reference=bindparam("ref"), created_at=bindparam("at"))
    .returning(transactions.c.id)
)
GUARDED = Prepared(
    update(accounts)
    .where(accounts.c.id == bindparam("aid"), accounts.c.balance + bindparam("delta") >= 0)
    .values(balance=accounts.c.balance + bindparam("delta"))
)


def _account(engine: Engine, balance: int) -> int:
    with engine.begin() as c:
        made = c.execute(
            insert(accounts)
            .values(
                owner="t", kind="player", currency="EUR", may_go_negative=False, balance=balance
            )
            .returning(accounts.c.id)
        )
        return int(made.scalar_one())


def test_a_date_written_raw_is_read_back_by_sqlalchemy(engine: Engine) -> None:
    at = datetime(2026, 11, 22, 20, 30, 15, 123456, tzinfo=UTC)
    with engine.begin() as c:
        cursor = NEW_POSTING.execute(c, {"kind": "stake", "ref": "round:1", "at": at})
        posting = int(cursor.fetchone()[0])
    with engine.connect() as c:
        row = c.execute(select(transactions).where(transactions.c.id == posting)).one()
    assert (row.kind, row.reference) == ("stake", "round:1")
    assert row.created_at.replace(tzinfo=UTC) == at


def test_json_round_trips_and_many_rows_are_written(engine: Engine) -> None:
    records = RoundRecords(engine, Ledger(engine))
    round_id = records.writes.begin_round(
        records.tables.create_table("t", {"ruleset": "x"}), 1, None
    )
    rows = [
        {"round_id": round_id, "seq": n, "command": "bet", "args": {"n": n}, "events": [{"e": n}]}
        for n in range(3)
    ]
    statement = Prepared(insert(journal).values({k: bindparam(k) for k in rows[0]}))
    with engine.begin() as c:
        statement.execute_many(c, rows)
    with engine.connect() as c:
        read = c.execute(select(journal.c.args, journal.c.events).order_by(journal.c.seq)).all()
    assert [(r.args, r.events) for r in read] == [({"n": n}, [{"e": n}]) for n in range(3)]


@pytest.mark.parametrize("count", [1, 2, ROWS_PER_STATEMENT + 7])
def test_rows_written_together_read_back_in_order(engine: Engine, count: int) -> None:
    # on PostgreSQL a batch is one multi-row INSERT (several past ROWS_PER_STATEMENT rows)
    records = RoundRecords(engine, Ledger(engine))
    round_id = records.writes.begin_round(
        records.tables.create_table("t", {"ruleset": "x"}), 1, None
    )
    statement = insert_rows(journal, {k: bindparam(k) for k in JOURNAL_ROW})
    rows = [
        {**JOURNAL_ROW, "round_id": round_id, "seq": n, "args": {"n": n}, "events": [{"e": n}]}
        for n in range(count)
    ]
    with engine.begin() as c:
        statement.execute_many(c, rows)
    with engine.connect() as c:
        read = c.execute(
            select(journal.c.seq, journal.c.args, journal.c.events).order_by(journal.c.seq)
        ).all()
    assert [tuple(r) for r in read] == [(n, {"n": n}, [{"e": n}]) for n in range(count)]


def test_a_literal_is_bound_and_a_rollback_undoes_the_raw_statement(engine: Engine) -> None:
    account = _account(engine, 100)
    with engine.begin() as c:
        assert GUARDED.execute(c, {"aid": account, "delta": -150}).rowcount == 0  # 100 - 150 < 0
        assert GUARDED.execute(c, {"aid": account, "delta": -40}).rowcount == 1
        c.rollback()
    with engine.connect() as c:
        balance = c.execute(select(accounts.c.balance).where(accounts.c.id == account)).scalar()
    assert balance == 100


@pytest.mark.parametrize("count", [2, ROWS_PER_STATEMENT + 7])
def test_sqlite_writes_rows_together_in_as_few_statements_in_their_order(
    tmp_path, count: int
) -> None:
    """Issue 32(4): on SQLite too a batch of rows is one multi-row INSERT per
    ROWS_PER_STATEMENT rows (the driver then lets go of the interpreter's lock once per
    statement, not once per row), and the rows get their ids in the order given."""
    from sqlalchemy import event

    from croupier.store.database import connect, migrate

    engine = connect(f"sqlite:///{tmp_path / 'rows.db'}")
    migrate(engine)
    records = RoundRecords(engine, Ledger(engine))
    round_id = records.writes.begin_round(
        records.tables.create_table("t", {"ruleset": "x"}), 1, None
    )
    statements: list[str] = []

    @event.listens_for(engine, "connect")
    def _trace(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
        dbapi_connection.set_trace_callback(statements.append)

    engine.dispose()  # new connections, traced
    statement = insert_rows(journal, {k: bindparam(k) for k in JOURNAL_ROW})
    order = list(range(count))[::-1]  # seq descending: ids must follow the rows, not the seq
    rows = [{**JOURNAL_ROW, "round_id": round_id, "seq": n, "args": {"n": n}} for n in order]
    with engine.begin() as c:
        statements.clear()
        statement.execute_many(c, rows)
        inserts = [s for s in statements if s.lstrip().upper().startswith("INSERT")]
    assert len(inserts) == -(-count // ROWS_PER_STATEMENT)
    with engine.connect() as c:
        read = c.execute(select(journal.c.seq).order_by(journal.c.id)).scalars().all()
    assert list(read) == order
