"""Tables' accepted bets written together on SQLite (docs/store.md, "Bets at once").

What :mod:`croupier.store.at_once` writes on PostgreSQL by one statement, written here by five
statements in the caller's transaction (SQLite has one writer, which holds the database's lock
from ``BEGIN IMMEDIATE``): the batches of every table waiting for the writer, each table's rows
in multi-row statements shared with the others'. Written one batch at a time, each batch cost
the writer about ten statements, two of them a savepoint, and the writer's thread, not the
database, was what the server's one core spent most on per bet. (Rows bound as parameters cost
SQLite a third of rows read from a JSON document with ``json_each``, which parses each row's
object again for every value it takes: measured, docs/benchmarks.md.)

The balances go first, each account once, by the sum of its legs of every batch; the CHECK
constraint refuses a balance taken below zero, and SQLite backs out that statement whole: then
nothing of the batches was written (:class:`~croupier.store.at_once.ShortBalance`) and the
caller's transaction is as it was. Then the postings, numbered from the table's last id (no
other writer can insert meanwhile), their entries, the standing bets (new or raised) and the
journal. Any other failure (the driver refuses an integer beyond 64 bits) may leave rows
written: the caller rolls its transaction back.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect

from croupier.json_text import dumps
from croupier.store.at_once import BALANCE_CHECK, Batch, ShortBalance
from croupier.store.prepared import ROWS_PER_STATEMENT  # more rows: several statements
from croupier.store.schema import accounts, entries, journal, round_bets, transactions

LAST_POSTING = f"SELECT coalesce(max(id), 0) FROM {transactions.name}"


def _values(count: int, width: int) -> str:
    row = "(" + ", ".join("?" * width) + ")"
    return ", ".join([row] * count)


@cache
def move(count: int) -> str:
    """``count`` accounts' balances each moved by its amount; their new balances returned."""
    a = accounts.name
    return (
        f"WITH t(account, amount) AS (VALUES {_values(count, 2)}) "
        f"UPDATE {a} SET balance = {a}.balance + t.amount FROM t WHERE {a}.id = t.account "
        f"RETURNING {a}.id, {a}.balance"
    )


@cache
def postings(count: int) -> str:
    return (
        f"INSERT INTO {transactions.name} (id, kind, reference, created_at) "
        f"VALUES {_values(count, 4)}"
    )


@cache
def entry_rows(count: int) -> str:
    columns = "(transaction_id, account_id, amount)"
    return f"INSERT INTO {entries.name} {columns} VALUES {_values(count, 3)}"


@cache
def bet_rows(count: int) -> str:
    """A bet new to the round inserted, a standing one raised to its total."""
    return (
        f"INSERT INTO {round_bets.name} (round_id, session_id, player_id, kind, amount) "
        f"VALUES {_values(count, 5)} "
        "ON CONFLICT (round_id, player_id, kind) DO UPDATE SET amount = excluded.amount"
    )


@cache
def journal_rows(count: int) -> str:
    """The journal's rows, their JSON columns given as text: what SQLAlchemy's JSON type binds
    (the engine's serializer, :func:`croupier.json_text.dumps`), without its per-value work."""
    columns = "(round_id, seq, command, args, events)"
    return f"INSERT INTO {journal.name} {columns} VALUES {_values(count, 5)}"


@cache
def _stamp(dialect: Dialect) -> Callable[[datetime], Any]:
    """How the dialect writes ``created_at`` (SQLAlchemy's DateTime on SQLite: a string)."""
    process = transactions.c.created_at.type.dialect_impl(dialect).bind_processor(dialect)
    return process if process is not None else (lambda when: when)


def _write(
    driver: Any, statement: Callable[[int], str], rows: list[tuple[Any, ...]]
) -> list[tuple[Any, ...]]:
    """``rows`` by the multi-row ``statement`` for their count, ``ROWS_PER_STATEMENT`` at a
    time; the rows it returns (``RETURNING``)."""
    returned: list[tuple[Any, ...]] = []
    for start in range(0, len(rows), ROWS_PER_STATEMENT):
        chunk = rows[start : start + ROWS_PER_STATEMENT]
        cursor = driver.execute(statement(len(chunk)), [value for row in chunk for value in row])
        returned += cursor.fetchall()
    return returned


def stake_in_transaction(connection: Connection, batches: Sequence[Batch]) -> dict[int, int]:
    """Write ``batches`` in ``connection``'s transaction (SQLite). Returns the new balance of
    every account of their legs; raises :class:`ShortBalance`, having written nothing, when a
    debit would take a balance below zero."""
    driver: Any = connection.connection.dbapi_connection
    net: dict[int, int] = {}
    for batch in batches:
        for account, amount in batch.legs:
            net[account] = net.get(account, 0) + amount
    try:
        moved = _write(driver, move, list(net.items()))
    except sqlite3.IntegrityError as error:
        if BALANCE_CHECK in str(error):
            raise ShortBalance(str(error)) from error
        raise
    (last,) = driver.execute(LAST_POSTING).fetchone()
    stamp = _stamp(connection.dialect)
    ids = range(last + 1, last + 1 + len(batches))
    _write(
        driver,
        postings,
        [(i, "stake", b.reference, stamp(b.created_at)) for i, b in zip(ids, batches, strict=True)],
    )
    _write(
        driver,
        entry_rows,
        [(i, a, m) for i, b in zip(ids, batches, strict=True) for a, m in b.legs],
    )
    _write(driver, bet_rows, [(b.round_id, *bet) for b in batches for bet in b.bets])
    _write(  # the JSON columns as the careful way's statement writes them
        driver,
        journal_rows,
        [
            (b.round_id, seq, command, dumps(a), dumps(e))
            for b in batches
            for seq, command, a, e in b.logged
        ],
    )
    return dict(moved)
