"""The operator's reports (issue 30), read from the ledger itself: per table and day, the
rounds settled and void, the turnover (the stakes the settlements took out of the table's
escrow), the payouts (returned to the players with their winnings), the jackpot pool's change,
the house's result, and the gross gaming revenue (turnover less payouts: the house's result and
what went to the jackpot pool). Each figure is a sum of the settlement postings' entries,
account kind by account kind: the report is the ledger's. The bets by kind (their stakes, and
the sum of their squares for the confidence interval) are read from the rounds' bets.

A day is a calendar day of the report's time zone (UTC unless asked: a casino's day in Macau or
Lisbon is its own), a round counted on the day it closed there; a zone whose offset changes in
the period (summer time) is read with each offset over the instants it applies to.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, tzinfo
from typing import Any

from sqlalchemy import Engine, Interval, Numeric, String, case, cast, func, literal, select

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


def _shifted_day(column: Any, dialect: str, offset: int) -> Any:
    """The calendar day, as 'YYYY-MM-DD' on both databases, of a timestamp column read
    ``offset`` seconds ahead of UTC."""
    if dialect == "postgresql":
        utc: Any = func.timezone("UTC", column)
        if offset:
            utc = utc + literal(timedelta(seconds=offset), Interval())
        return func.to_char(utc, "YYYY-MM-DD")
    return func.strftime("%Y-%m-%d", column, f"{offset:+d} seconds")


def offsets(zone: tzinfo, start: datetime, end: datetime) -> list[tuple[datetime, int]]:
    """``zone``'s offsets from UTC (seconds) over the instants from ``start`` to ``end``: each
    with the instant it stops applying at (the last one at ``end``). Found hour by hour, each
    change to the second."""

    def offset(at: datetime) -> int:
        shift = at.astimezone(zone).utcoffset()
        return int(shift.total_seconds()) if shift is not None else 0

    found: list[tuple[datetime, int]] = []
    current, at = offset(start), start
    while at < end:
        step = min(at + timedelta(hours=1), end)
        if offset(step) != current:  # changed within the hour: bisected to the second
            low, high = at, step
            while high - low > timedelta(seconds=1):
                middle = low + (high - low) / 2
                low, high = (middle, high) if offset(middle) == current else (low, middle)
            found.append((high, current))
            current, step = offset(high), high
        at = step
    found.append((end, current))
    return found


def _local_day(column: Any, dialect: str, zone: tzinfo, start: datetime, end: datetime) -> Any:
    """The calendar day in ``zone`` of a timestamp column between ``start`` and ``end``."""
    spans = offsets(zone, start, end)
    *changes, (_end, last) = spans
    if not changes:
        return _shifted_day(column, dialect, last)
    return case(
        *[(column < until, _shifted_day(column, dialect, shift)) for until, shift in changes],
        else_=_shifted_day(column, dialect, last),
    )


def daily(engine: Engine, first: date, last: date, zone: tzinfo = UTC) -> list[DayTable]:
    """Each table's figures for each day from ``first`` to ``last`` (both included), days of
    ``zone``."""
    start = datetime.combine(first, datetime.min.time(), zone).astimezone(UTC)
    end = datetime.combine(last + timedelta(days=1), datetime.min.time(), zone).astimezone(UTC)
    dialect = engine.dialect.name
    day = _local_day(rounds.c.closed_at, dialect, zone, start, end).label("day")
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
