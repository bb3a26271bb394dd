"""A table's accepted bets written by one PostgreSQL statement (docs/store.md, "Bets at once").

On PostgreSQL each statement costs the writer's thread a turn through the driver and each
answer a wait, and the server's one core is what limits how many bets it acknowledges
(docs/server.md, "Latency"). So a batch of bets that the table has judged by the rules is
written by one data-modifying statement, outside any transaction (PostgreSQL commits a lone
statement by itself, whole or not at all): the balances it moves, locked first in id order (so
concurrent tables cannot deadlock), moved together; the stake posting and its entries; the
standing bets, new or raised; and the journal of the commands. Nothing is read before: the
CHECK constraint on balances is what refuses a stake that a balance does not cover, and then
nothing at all is written (:class:`ShortBalance`): the table takes its bets back and judges the
batch the careful way, balances read under lock, to tell each player which bet was short.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from croupier.store.schema import accounts, entries, journal, round_bets, transactions

BALANCE_CHECK = "balance_not_negative"  # schema.accounts' CHECK constraint


class ShortBalance(Exception):
    """A debit of the statement would have taken a balance below zero: nothing was written."""


def _statement() -> str:
    """The statement: its one parameter is a JSON document of the legs (account, amount), the
    bets (session, player, kind, amount) and the journal rows (seq, command, args, events) of
    a batch, so the statement's text is the same for every batch (prepared once)."""
    a, t, e = accounts.name, transactions.name, entries.name
    steps = [
        "batch AS (SELECT %s::jsonb AS j)",
        "leg AS (SELECT l.* FROM batch, jsonb_to_recordset(j->'legs') "
        "AS l(n int, account int, amount bigint))",
        f"locked AS MATERIALIZED (SELECT id FROM {a} "
        "WHERE id IN (SELECT account FROM leg) ORDER BY id FOR UPDATE)",
        f"moved AS (UPDATE {a} SET balance = {a}.balance + leg.amount FROM leg, locked "
        f"WHERE {a}.id = leg.account AND locked.id = leg.account RETURNING {a}.id, {a}.balance)",
        f"posting AS (INSERT INTO {t} (kind, reference, created_at) "
        "SELECT 'stake', j->>'reference', (j->>'at')::timestamptz FROM batch RETURNING id)",
        f"entry AS (INSERT INTO {e} (transaction_id, account_id, amount) "
        "SELECT posting.id, leg.account, leg.amount FROM posting, leg ORDER BY leg.n)",
        f"bet AS (INSERT INTO {round_bets.name} (round_id, session_id, player_id, kind, amount) "
        "SELECT (j->>'round')::int, b.session, b.player, b.kind, b.amount FROM batch, "
        "jsonb_to_recordset(j->'bets') AS b(session int, player int, kind text, amount bigint) "
        "ON CONFLICT (round_id, player_id, kind) DO UPDATE SET amount = EXCLUDED.amount)",
        f"logged AS (INSERT INTO {journal.name} (round_id, seq, command, args, events) "
        "SELECT (j->>'round')::int, x.seq, x.command, x.args, x.events FROM batch, "
        "jsonb_to_recordset(j->'log') AS x(seq int, command text, args json, events json) "
        "ORDER BY x.seq)",
    ]
    return "WITH " + ", ".join(steps) + " SELECT id, balance FROM moved"


STATEMENT = _statement()


def stake_at_once(
    driver: Any,
    *,
    round_id: int,
    reference: str,
    created_at: datetime,
    legs: Sequence[tuple[int, int]],
    bets: Sequence[tuple[int, int, str, int]],
    logged: Sequence[tuple[int, str, Any, Any]],
) -> dict[int, int]:
    """Run the statement on ``driver`` (a psycopg connection in autocommit mode) for a batch of
    round ``round_id``: ``legs`` (account, signed amount) of the stake posting, ``bets``
    (session, player, kind, total) standing after it, ``logged`` (seq, command, args, events)
    journal rows. Returns the new balance of every account of ``legs``; raises
    :class:`ShortBalance` when a debit is refused (nothing written)."""
    batch = {
        "round": round_id,
        "reference": reference,
        "at": created_at.isoformat(),
        "legs": [{"n": n, "account": a, "amount": m} for n, (a, m) in enumerate(legs)],
        "bets": [{"session": s, "player": p, "kind": k, "amount": m} for s, p, k, m in bets],
        "log": [{"seq": q, "command": c, "args": a, "events": e} for q, c, a, e in logged],
    }
    try:
        rows = driver.execute(STATEMENT, (json.dumps(batch),), prepare=True).fetchall()
    except Exception as error:  # the driver's CheckViolation: named by the constraint
        if getattr(getattr(error, "diag", None), "constraint_name", None) == BALANCE_CHECK:
            raise ShortBalance(str(error)) from error
        raise
    return {account: balance for account, balance in rows}
