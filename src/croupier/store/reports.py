"""The operator's reports (issue 30), read from the ledger itself: per table and UTC day, the
rounds settled and void, the turnover (the stakes the settlements took out of the table's
escrow), the payouts (returned to the players with their winnings), the jackpot pool's change,
the house's result, and the gross gaming revenue (turnover less payouts: the house's result and
what went to the jackpot pool). Each figure is a sum of the settlement postings' entries,
account kind by account kind: the report is the ledger's. The bets by kind (their stakes, and
the sum of their squares for the confidence interval) are read from the rounds' bets.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from sqlalchemy import Engine, Numeric, String, cast, func, literal, select

from croupier.store.schema import accounts, entries, round_bets, rounds, transactions


@dataclass
class DayTable:
    """One table's figures for one day, in its currency's minor units."""

    day: str
    table_id: int
    currency: str = ""
    rounds: int = 0
    void_rounds: int = 0
    turnover: int = 0
    payouts: int = 0
    commission: int = 0
    jackpot: int = 0  # the pool's net change: contributions less prizes paid from it
    house: int = 0  # the house account's entries
    #: kind -> (stakes, sum of the stakes squared, bets): integers, the squares for the
    #: confidence interval's variance
    kinds: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def ggr(self) -> int:
        return self.turnover - self.payouts


def _utc_day(column: Any, dialect: str) -> Any:
    """The UTC calendar day of a timestamp column, as 'YYYY-MM-DD' on both databases."""
    if dialect == "postgresql":
        return func.to_char(func.timezone("UTC", column), "YYYY-MM-DD")
    return func.strftime("%Y-%m-%d", column)


def daily(engine: Engine, first: date, last: date) -> list[DayTable]:
    """Each table's figures for each day from ``first`` to ``last`` (UTC days, both included)."""
    start = datetime.combine(first, datetime.min.time(), UTC)
    end = datetime.combine(last + timedelta(days=1), datetime.min.time(), UTC)
    dialect = engine.dialect.name
    day = _utc_day(rounds.c.closed_at, dialect).label("day")
    window = (rounds.c.closed_at >= start, rounds.c.closed_at < end)
    found: dict[tuple[str, int], DayTable] = {}

    def row_of(d: str, table_id: int) -> DayTable:
        return found.setdefault((d, table_id), DayTable(d, table_id))

    reference = literal("round:") + cast(rounds.c.id, String)
    with engine.connect() as connection:
        counted = connection.execute(
            select(day, rounds.c.table_id, rounds.c.status, func.count())
            .where(*window, rounds.c.status.in_(("settled", "void")))
            .group_by(day, rounds.c.table_id, rounds.c.status)
        ).all()
        for d, table_id, status, count in counted:
            target = row_of(d, table_id)
            if status == "settled":
                target.rounds = count
            else:
                target.void_rounds = count
        legs = connection.execute(
            select(
                day,
                rounds.c.table_id,
                accounts.c.kind,
                accounts.c.currency,
                func.sum(entries.c.amount),
            )
            .select_from(rounds)
            .join(transactions, transactions.c.reference == reference)
            .join(entries, entries.c.transaction_id == transactions.c.id)
            .join(accounts, accounts.c.id == entries.c.account_id)
            .where(*window, rounds.c.status == "settled", transactions.c.kind == "settlement")
            .group_by(day, rounds.c.table_id, accounts.c.kind, accounts.c.currency)
        ).all()
        for d, table_id, kind, currency, amount in legs:
            target = row_of(d, table_id)
            target.currency = currency
            amount = int(amount)
            if kind == "escrow":
                target.turnover -= amount
            elif kind in ("player", "box"):
                target.payouts += amount
            elif kind == "jackpot":
                target.jackpot += amount
            elif kind == "house":
                target.house += amount
        stake = cast(round_bets.c.amount, Numeric(40, 0))  # a square can pass 2**63
        bets = connection.execute(
            select(
                day,
                rounds.c.table_id,
                round_bets.c.kind,
                func.sum(round_bets.c.amount),
                func.sum(stake * stake),
                func.count(),
                func.coalesce(func.sum(round_bets.c.commission), 0),
            )
            .select_from(rounds)
            .join(round_bets, round_bets.c.round_id == rounds.c.id)
            .where(*window, rounds.c.status == "settled", round_bets.c.outcome != "carried")
            .group_by(day, rounds.c.table_id, round_bets.c.kind)
        ).all()
        for d, table_id, kind, staked, squares, count, commission in bets:
            target = row_of(d, table_id)
            target.kinds[kind] = (int(staked), int(squares), int(count))
            target.commission += int(commission)
    return sorted(found.values(), key=lambda r: (r.day, r.table_id))


def jackpots(engine: Engine) -> list[dict[str, Any]]:
    """Each progressive jackpot pool: its balance (the liability: what the pool owes its
    winners), and what the settlements added to it and paid out of it."""
    with engine.connect() as connection:
        pools = connection.execute(
            select(accounts.c.id, accounts.c.owner, accounts.c.currency, accounts.c.balance)
            .where(accounts.c.kind == "jackpot")
            .order_by(accounts.c.owner)
        ).all()
        moved: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
        rows = connection.execute(
            select(entries.c.account_id, transactions.c.kind, entries.c.amount)
            .join(transactions, transactions.c.id == entries.c.transaction_id)
            .where(entries.c.account_id.in_([p.id for p in pools]))
        ).all()
    for account, kind, amount in rows:
        if kind == "jackpot_seed":
            moved[account][2] += amount
        elif amount > 0:
            moved[account][0] += amount
        else:
            moved[account][1] -= amount
    return [
        {
            "pool": p.owner,
            "currency": p.currency,
            "liability": p.balance,
            "seeded": moved[p.id][2],
            "contributions": moved[p.id][0],
            "prizes": moved[p.id][1],
        }
        for p in pools
    ]
