"""What a player's statement of account reads (issue 29, items 8-9): the postings that moved
their accounts in a period, and, for the operator's export, the protection records of every
player (limits and exclusions), streamed rather than loaded whole."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, select

from croupier.protection.history import history
from croupier.store.exclusions import Exclusions
from croupier.store.limits import Limits
from croupier.store.schema import (
    accounts,
    entries,
    exclusions,
    player_limits,
    players,
    transactions,
)
from croupier.store.stamps import iso

MOST_POSTINGS = 1_000  # a statement's page: its ``more`` says when the period holds more


def postings(
    engine: Engine, owner: str, since: float, until: float, most: int = MOST_POSTINGS
) -> tuple[list[dict[str, Any]], bool]:
    """The postings that moved ``owner``'s player accounts from ``since`` to before ``until``,
    the oldest first, at most ``most`` (and whether there are more)."""
    query = (
        select(
            transactions.c.id,
            transactions.c.kind,
            transactions.c.reference,
            transactions.c.created_at,
            accounts.c.currency,
            entries.c.amount,
        )
        .select_from(
            entries.join(transactions, entries.c.transaction_id == transactions.c.id).join(
                accounts, entries.c.account_id == accounts.c.id
            )
        )
        .where(
            accounts.c.owner == owner,
            accounts.c.kind == "player",
            transactions.c.created_at >= datetime.fromtimestamp(since, UTC),
            transactions.c.created_at < datetime.fromtimestamp(until, UTC),
        )
        .order_by(transactions.c.id, entries.c.id)
        .limit(most + 1)
    )
    with engine.connect() as connection:
        rows = connection.execute(query).all()
    out = [
        {
            "posting": row.id,
            "at": iso(row.created_at),
            "kind": row.kind,
            "reference": row.reference,
            "currency": row.currency,
            "amount": int(row.amount),
        }
        for row in rows[:most]
    ]
    return out, len(rows) > most


def protection_records(engine: Engine, batch: int = 500) -> Iterator[dict[str, Any]]:
    """Every player's protection history (:func:`croupier.protection.history.history`), player
    by player, each event with the player's name: read a player at a time."""
    with engine.connect() as connection:
        names = connection.execute(
            select(players.c.id, players.c.name)
            .where(
                players.c.id.in_(select(player_limits.c.player_id))
                | players.c.id.in_(select(exclusions.c.player_id))
            )
            .order_by(players.c.id)
            .execution_options(yield_per=batch)
        ).all()
        limits, excluded = Limits(engine), Exclusions(engine)
        for player_id, name in names:
            changes = limits.changes(player_id, connection)
            for event in history(changes, excluded.of(player_id, connection)):
                yield {"player": name, **event}
