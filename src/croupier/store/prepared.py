"""Statements compiled once per database dialect and run straight on the driver's cursor.

The ledger and the round records run a handful of statements for every bet. SQLAlchemy's work
around each execution (parameter processing, events, result objects) costs several times what
SQLite takes to execute the statement (docs/benchmarks.md), so the hot statements are written as
SQLAlchemy Core (the same SQL on SQLite and PostgreSQL, with the dialect's parameter style and
casts) but compiled once and executed on the DBAPI cursor of the caller's connection: inside its
transaction and savepoints, with each column type's own bind processing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.sql.expression import ClauseElement


@dataclass(frozen=True)
class _Compiled:
    sql: str
    order: tuple[str, ...] | None  # parameter names in position order (qmark/format styles)
    processors: dict[str, Callable[[Any], Any]]
    fixed: dict[str, Any]  # the values of literals in the statement (``balance + :delta >= 0``)


class Prepared:
    """One Core statement, compiled per dialect on first use."""

    def __init__(self, statement: ClauseElement) -> None:
        self.statement = statement
        self._compiled: dict[str, _Compiled] = {}

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
            found = _Compiled(
                str(compiled), tuple(positions) if positions else None, processors, fixed
            )
            self._compiled[dialect.name] = found
        return found

    def _params(self, compiled: _Compiled, params: Mapping[str, Any]) -> Any:
        if compiled.fixed:
            params = {**compiled.fixed, **params}
        if compiled.processors:
            params = {
                k: (compiled.processors[k](v) if k in compiled.processors else v)
                for k, v in params.items()
            }
        if compiled.order is not None:
            return tuple(params[name] for name in compiled.order)
        return params

    def execute(self, connection: Connection, params: Mapping[str, Any]) -> Any:
        """Run once; returns the driver's cursor (``rowcount``, ``fetchone``, ``fetchall``)."""
        compiled = self._for(connection.dialect)
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        cursor.execute(compiled.sql, self._params(compiled, params))
        return cursor

    def execute_many(self, connection: Connection, rows: Sequence[Mapping[str, Any]]) -> None:
        if not rows:
            return
        compiled = self._for(connection.dialect)
        cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        cursor.executemany(compiled.sql, [self._params(compiled, row) for row in rows])
        cursor.close()
