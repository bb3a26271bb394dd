"""The limits on players' play, every change kept (issue 29; :mod:`croupier.protection.limits`),
and what a limit is measured against: the deposits of a period, read in the transaction that
makes the next one."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select

from croupier.protection.calendar import Calendar
from croupier.protection.limits import LOSS_PERIODS, LimitChange, Standing
from croupier.store.exclusions import _at, _seconds
from croupier.store.schema import entries, player_limits, transactions


class Limits:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, player_id: int, change: LimitChange) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                insert(player_limits).values(
                    player_id=player_id,
                    kind=change.kind,
                    amount=change.amount,
                    set_at=_at(change.set_at),
                    effective_at=_at(change.effective_at),
                    by_operator=change.by_operator,
                    set_by=change.set_by,
                )
            )

    def changes(self, player_id: int, connection: Connection | None = None) -> list[LimitChange]:
        """Every change of the player's limits, the oldest first."""
        query = (
            select(player_limits)
            .where(player_limits.c.player_id == player_id)
            .order_by(player_limits.c.id)
        )
        if connection is None:
            with self.engine.connect() as own:
                rows = own.execute(query).all()
        else:
            rows = connection.execute(query).all()
        out = []
        for row in rows:
            m = row._mapping
            set_at, effective_at = _seconds(m["set_at"]), _seconds(m["effective_at"])
            assert set_at is not None and effective_at is not None
            amount = None if m["amount"] is None else int(m["amount"])
            out.append(
                LimitChange(
                    str(m["kind"]),
                    amount,
                    set_at,
                    effective_at,
                    bool(m["by_operator"]),
                    str(m["set_by"]),
                )
            )
        return out


def _moved_since(connection: Connection, account: int, since: float, postings: Any) -> int:
    """The sum of what the ``postings`` (a condition on the posting) moved on ``account`` from
    ``since`` on."""
    total = connection.execute(
        select(func.coalesce(func.sum(entries.c.amount), 0))
        .select_from(entries.join(transactions, entries.c.transaction_id == transactions.c.id))
        .where(
            entries.c.account_id == account,
            postings,
            transactions.c.created_at >= datetime.fromtimestamp(since, UTC),
        )
    ).scalar_one()
    return int(total)


def deposited_since(connection: Connection, account: int, since: float) -> int:
    """What was deposited into ``account`` from ``since`` on."""
    return _moved_since(connection, account, since, transactions.c.kind == "deposit")


def lost_since(connection: Connection, account: int, since: float) -> int:
    """The net loss of ``account`` at the tables from ``since`` on: what it staked less what its
    bets returned (their withdrawals, payouts and refunds): every posting of a round
    (reference ``round:...``) that moved it. Negative when the player is ahead (choice X8)."""
    return -_moved_since(connection, account, since, transactions.c.reference.like("round:%"))


def losses_standing(
    connection: Connection,
    account: int,
    limits: Sequence[tuple[str, int]],
    now: float,
    calendar: Calendar,
) -> list[Standing]:
    """Each loss limit of ``account`` with its period's net loss so far at ``now``, periods
    of the casino's ``calendar``."""
    out = []
    for kind, limit in limits:
        start, resets = calendar.period_bounds(LOSS_PERIODS[kind], now)
        out.append(Standing(kind, limit, lost_since(connection, account, start), resets))
    return out
