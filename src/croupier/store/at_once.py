"""Tables' accepted bets written by one PostgreSQL statement (docs/store.md, "Bets at once").

On PostgreSQL each statement costs the writer's thread a turn through the driver, the database a
parse of its parameters, an executor start and a commit, and the server's one core is what
limits how many bets it acknowledges (docs/server.md, "Latency"). So the batches of bets that
tables have judged by the rules are written by one data-modifying statement, outside any
transaction (PostgreSQL commits a lone statement by itself, whole or not at all); a writer lane
puts into one statement the batches of every table waiting for it (:class:`Stakes`), so that
the statement's fixed cost is shared. Per batch (:class:`Batch`, one table's round): the stake
posting and its entries, the standing bets, new or raised, and the journal of the commands; for
all of them together: the balances they move, locked first in id order (so concurrent writers
cannot deadlock) and moved once each, by the sum of the account's legs. Nothing is read before:
the CHECK constraint on balances is what refuses a stake that a balance does not cover, and
then nothing at all is written (:class:`ShortBalance`): each table takes its bets back and
judges its batch the careful way, balances read under lock, to tell each player which bet was
short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from psycopg import errors, pq
from sqlalchemy import Connection

from croupier import json_text
from croupier.store.schema import accounts, entries, journal, round_bets, transactions

BALANCE_CHECK = "balance_not_negative"  # schema.accounts' CHECK constraint
T_co = TypeVar("T_co", covariant=True)


class ShortBalance(Exception):
    """A debit of the statement would have taken a balance below zero: nothing was written."""


@dataclass(frozen=True)
class Batch:
    """One table's part of the statement: a stake posting of round ``round_id`` (``legs``:
    account, signed amount), the ``bets`` (session, player, kind, total) standing after it and
    the ``logged`` journal rows (seq, command, args, events)."""

    round_id: int
    reference: str
    created_at: datetime
    legs: Sequence[tuple[int, int]]
    bets: Sequence[tuple[int, int, str, int]]
    logged: Sequence[tuple[int, str, Any, Any]]

    def document(self, n: int) -> dict[str, Any]:
        return {
            "n": n,
            "round": self.round_id,
            "reference": self.reference,
            "at": self.created_at.isoformat(),
            "legs": [{"n": i, "account": a, "amount": m} for i, (a, m) in enumerate(self.legs)],
            "bets": [
                {"session": s, "player": p, "kind": k, "amount": m} for s, p, k, m in self.bets
            ],
            "log": [{"seq": q, "command": c, "args": a, "events": e} for q, c, a, e in self.logged],
        }


class Stakes(Protocol[T_co]):
    """A writer job whose writing can share a statement with others' (``Writer.stake``): the
    writer calls :meth:`prepare` (judge, place, say what to write; it leaves nothing changed
    when it raises), writes every prepared batch of its group in one statement, then calls
    :meth:`written` with the balances it returned, or :meth:`undo` when nothing was written
    (and answers the job with the statement's error: :class:`ShortBalance` or a fault)."""

    def prepare(self, connection: Connection) -> Batch | None:
        """What to write (None: nothing, every bet refused)."""
        ...

    def written(self, balances: dict[int, int]) -> T_co:
        """The job's answer once its batch is written (``balances``: every moved account's)."""
        ...

    def undo(self) -> None:
        """Take back what :meth:`prepare` placed: its batch was not written."""
        ...


def _statement() -> str:
    """The statement: its one parameter is a JSON array of the batches, each with its legs,
    bets and journal rows, so the statement's text is the same whatever it writes (prepared
    once). Each batch's posting takes its id from the sequence first, so that its entries can
    name it; an account's legs of every batch move its balance once, by their sum."""
    a, t, e = accounts.name, transactions.name, entries.name
    steps = [
        "batch AS (SELECT %s::jsonb AS j)",
        f"part AS MATERIALIZED (SELECT p.*, nextval(pg_get_serial_sequence('{t}', 'id')) AS id "
        "FROM batch, jsonb_to_recordset(j) AS p(n int, round int, reference text, "
        "at timestamptz, legs jsonb, bets jsonb, log jsonb))",
        "leg AS (SELECT part.n AS p, part.id AS posting, l.* FROM part, "
        "jsonb_to_recordset(part.legs) AS l(n int, account int, amount bigint))",
        "total AS (SELECT account, sum(amount) AS amount FROM leg GROUP BY account)",
        f"locked AS MATERIALIZED (SELECT id FROM {a} "
        "WHERE id IN (SELECT account FROM total) ORDER BY id FOR UPDATE)",
        f"moved AS (UPDATE {a} SET balance = {a}.balance + total.amount FROM total, locked "
        f"WHERE {a}.id = total.account AND locked.id = total.account "
        f"RETURNING {a}.id, {a}.balance)",
        f"posting AS (INSERT INTO {t} (id, kind, reference, created_at) "
        "SELECT id, 'stake', reference, at FROM part ORDER BY n)",
        f"entry AS (INSERT INTO {e} (transaction_id, account_id, amount) "
        "SELECT posting, account, amount FROM leg ORDER BY p, n)",
        f"bet AS (INSERT INTO {round_bets.name} (round_id, session_id, player_id, kind, amount) "
        "SELECT part.round, b.session, b.player, b.kind, b.amount FROM part, "
        "jsonb_to_recordset(part.bets) AS b(session int, player int, kind text, amount bigint) "
        "ON CONFLICT (round_id, player_id, kind) DO UPDATE SET amount = EXCLUDED.amount)",
        f"logged AS (INSERT INTO {journal.name} (round_id, seq, command, args, events) "
        "SELECT part.round, x.seq, x.command, x.args, x.events FROM part, "
        "jsonb_to_recordset(part.log) AS x(seq int, command text, args json, events json) "
        "ORDER BY part.n, x.seq)",
    ]
    return "WITH " + ", ".join(steps) + " SELECT id, balance FROM moved"


STATEMENT = _statement()


#: the statement as libpq prepares it (its one parameter numbered) and its name in a session
PREPARED = STATEMENT.replace("%s", "$1").encode()
NAME = b"croupier_stakes"
_UNPREPARED = b"26000"  # invalid_sql_statement_name: not prepared in this session yet


def stake_at_once(driver: Any, batches: Sequence[Batch]) -> dict[int, int]:
    """Run the statement on ``driver`` (a psycopg connection in autocommit mode) for
    ``batches``, each of one table's round. Returns the new balance of every account of their
    legs; raises :class:`ShortBalance` when a debit is refused (nothing written).

    The statement goes to libpq as one call (prepared once a session, executed by name), not
    through psycopg's cursor, which costs the writer's thread more Python than the rest of the
    write (issue 32(4)); libpq lets go of the interpreter's lock while it waits."""
    document = json_text.dumps([batch.document(n) for n, batch in enumerate(batches)]).encode()
    pgconn = driver.pgconn
    result = pgconn.exec_prepared(NAME, [document])
    if _failed_with(result, _UNPREPARED):
        _check(driver, pgconn.prepare(NAME, PREPARED))
        result = pgconn.exec_prepared(NAME, [document])
    _check(driver, result)
    get = result.get_value
    return {int(get(row, 0)): int(get(row, 1)) for row in range(result.ntuples)}


def _failed_with(result: Any, sqlstate: bytes) -> bool:
    return bool(
        result.status == pq.ExecStatus.FATAL_ERROR
        and result.error_field(pq.DiagnosticField.SQLSTATE) == sqlstate
    )


def _check(driver: Any, result: Any) -> None:
    """Raise what psycopg would for a failed ``result``: :class:`ShortBalance` for the balances'
    CHECK constraint (nothing written), the driver's own error otherwise."""
    if result.status in (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK):
        return
    error = errors.error_from_result(result, encoding=driver.info.encoding)
    if result.error_field(pq.DiagnosticField.CONSTRAINT_NAME) == BALANCE_CHECK.encode():
        raise ShortBalance(str(error)) from error
    raise error
