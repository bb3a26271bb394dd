"""Statements compiled once per database dialect and run straight on the driver's cursor.

The ledger and the round records run a handful of statements for every bet. SQLAlchemy's work
around each execution (parameter processing, events, result objects) costs several times what
SQLite takes to execute the statement (docs/benchmarks-history.md), so the hot statements are
written as SQLAlchemy Core (the same SQL on SQLite and PostgreSQL, with the dialect's parameter
style and casts) but compiled once and executed on the DBAPI cursor of the caller's connection:
inside its transaction and savepoints, with each column type's own bind processing.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Table, bindparam, insert
from sqlalchemy.engine import Dialect
from sqlalchemy.sql.expression import BindParameter, ClauseElement


@dataclass(frozen=True)
class _Compiled:
    sql: str
    bind: Callable[[Mapping[str, Any]], Any]  # a row's parameters as the driver takes them


_ABSENT = object()


def _binder(
    order: tuple[str, ...] | None,
    processors: dict[str, Callable[[Any], Any]],
    fixed: dict[str, Any],
) -> Callable[[Mapping[str, Any]], Any]:
    """How a row's parameters become the driver's: planned once per statement, as a few rows
    a bet cost a quarter of the statement's time in merging and re-keying dictionaries.
    ``order``: the parameters' names in position order (qmark/format styles), None for named
    ones; ``fixed``: the values of the statement's literals (``balance + :delta >= 0``), under
    names SQLAlchemy made up, which no row gives; each column type's processor is applied."""
    if order is None:  # named style (PostgreSQL): a dictionary

        def named(params: Mapping[str, Any]) -> Any:
            if fixed:
                params = {**fixed, **params}
            if not processors:
                return params
            return {k: (processors[k](v) if k in processors else v) for k, v in params.items()}

        return named
    if not processors and not fixed:
        if len(order) == 1:
            (only,) = order
            return lambda params: (params[only],)
        return operator.itemgetter(*order)
    steps = tuple((name, processors.get(name), fixed.get(name, _ABSENT)) for name in order)

    def positional(params: Mapping[str, Any]) -> tuple[Any, ...]:
        values = []
        for name, process, literal in steps:
            value = params[name] if literal is _ABSENT else literal
            values.append(value if process is None else process(value))
        return tuple(values)

    return positional


ROWS_PER_STATEMENT = 100  # a batch of more rows is written in several multi-row statements


class Prepared:
    """One Core statement, compiled per dialect on first use. ``rows``, for an INSERT: the same
    statement for ``count`` rows at once, row ``n``'s parameters named ``{name}_{n}``
    (:func:`insert_rows`)."""

    def __init__(
        self, statement: ClauseElement, rows: Callable[[int], ClauseElement] | None = None
    ) -> None:
        self.statement = statement
        self._compiled: dict[str, _Compiled] = {}
        self._rows = rows
        self._multi: dict[int, Prepared] = {}

    def _for(self, dialect: Dialect) -> _Compiled:
        found = self._compiled.get(dialect.name)
        if found is None:
            compiled: Any = self.statement.compile(dialect=dialect)
            processors = {}
            fixed = {}
            for name, bind in compiled.binds.items():
                process = bind.type.dialect_impl(dialect).bind_processor(dialect)
                if process is not None:
                    processors[name] = process
                if not bind.required:
                    fixed[name] = bind.value
            positions = compiled.positiontup if compiled.positional else None
            order = tuple(positions) if positions else None
            found = _Compiled(str(compiled), _binder(order, processors, fixed))
            self._compiled[dialect.name] = found
        return found

    def execute(self, connection: Connection, params: Mapping[str, Any]) -> Any:
        """Run once; returns the driver's cursor (``rowcount``, ``fetchone``, ``fetchall``)."""
        compiled = self._for(connection.dialect)
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        cursor.execute(compiled.sql, compiled.bind(params))
        return cursor

    def execute_many(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run once per row; an INSERT with a multi-row form, once for many rows: the database
        executes one statement, not one per row (and on SQLite the driver lets go of the
        interpreter's lock once, not once a row: each time is a wait for it, and a switch of
        threads when the event loop holds it)."""
        if not rows:
            return
        if self._rows is not None and len(rows) > 1:
            for start in range(0, len(rows), ROWS_PER_STATEMENT):
                chunk = rows[start : start + ROWS_PER_STATEMENT]
                multi = self._multi.get(len(chunk))
                if multi is None:
                    multi = self._multi[len(chunk)] = Prepared(self._rows(len(chunk)))
                params = {f"{k}_{n}": v for n, row in enumerate(chunk) for k, v in row.items()}
                multi.execute(connection, params).close()
            return
        compiled = self._for(connection.dialect)
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        cursor.executemany(compiled.sql, [compiled.bind(row) for row in rows])
        cursor.close()


def insert_rows(table: Table, values: Mapping[str, Any]) -> Prepared:
    """``INSERT INTO table`` of ``values`` (column name -> ``bindparam`` or SQL expression),
    with its multi-row form for batches."""

    def for_rows(count: int) -> ClauseElement:
        return insert(table).values(
            [
                {
                    column: (
                        bindparam(f"{value.key}_{n}", type_=table.c[column].type)
                        if isinstance(value, BindParameter)
                        else value
                    )
                    for column, value in values.items()
                }
                for n in range(count)
            ]
        )

    return Prepared(insert(table).values(**values), rows=for_rows)
