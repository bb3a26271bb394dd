"""A round's writes, each in the transaction of the change it records: the round opened, bets
staked and withdrawn, its journal, its settlement (DESIGN.md, Server).

A bet's stake moves from the player's account to the table's escrow in the same transaction that
records the bet and journals the command; a settlement pays out of the escrow, books the house
result and the jackpot pool, marks the round settled and opens the next round (with the bets a
Macau tie carried, art. 12) in one transaction. So the escrow of a table always holds exactly
the stakes of its open round.

One way to stake: :func:`stake_posting` says what a batch of stakes posts and leaves standing;
:meth:`RoundWrites.stake_all` writes it in a transaction, :meth:`RoundWrites.stake_batch` makes it
part of the one statement of :mod:`croupier.store.at_once` (PostgreSQL).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update

from croupier.errors import RuleViolation
from croupier.shoe import ShoeSeal
from croupier.store import next_shoes
from croupier.store.at_once import Batch, stake_at_once
from croupier.store.at_once_sqlite import stake_in_transaction
from croupier.store.ledger import Ledger
from croupier.store.round_sql import (
    CLOSE_ROUND,
    JOURNAL,
    NEW_BET,
    OPEN_ROUND,
    RAISE_BET,
    lock_balances_statement,
    settle_rows,
)
from croupier.store.schema import accounts, round_bets, shoes
from croupier.store.stamps import now
from croupier.table.port import BetResult, JournalEntry, Stake, StandingBet, TableAccounts


def stake_posting(
    escrow: int, stakes: Sequence[Stake]
) -> tuple[list[tuple[int, int]], list[StandingBet]]:
    """What a batch of stakes writes, however it is written: one posting (each player's account
    debited by what their bets added, the escrow credited with the sum) and the bets standing
    after it (the last total of each player's bet of each kind)."""
    legs: dict[int, int] = {}
    for bet, added in stakes:
        legs[bet.account_id] = legs.get(bet.account_id, 0) - added
    legs[escrow] = sum(added for _, added in stakes)
    standing: dict[tuple[int, str], StandingBet] = {}
    for bet, _added in stakes:
        standing[(bet.player_id, bet.kind)] = bet
    return list(legs.items()), list(standing.values())


def record_shoe(connection: Connection, table_id: int, seal: ShoeSeal) -> None:
    """A new shoe at the table (kept with its document and entropy, secret until it ends), and
    the table's shoes before it ended: the round that opens it follows their last, settled."""
    at = now()
    known = connection.execute(
        select(shoes.c.id).where(shoes.c.commitment == seal.commitment)
    ).first()
    if known is None:
        connection.execute(
            insert(shoes).values(
                table_id=table_id,
                commitment=seal.commitment,
                document=seal.document,
                entropy=seal.entropy,
                players=json.dumps(list(seal.players)) if seal.players else None,
                started_at=at,
            )
        )
    connection.execute(
        update(shoes)
        .where(
            shoes.c.table_id == table_id,
            shoes.c.ended_at.is_(None),
            shoes.c.commitment != seal.commitment,
        )
        .values(ended_at=at)
    )
    if known is None:  # what its next shoe is promised, kept across a restart
        next_shoes.promise(connection, table_id, seal.next_entropy)


class RoundWrites:
    """A round's writes with their money."""

    def __init__(self, engine: Engine, ledger: Ledger) -> None:
        self.engine = engine
        self.ledger = ledger

    def open_round(
        self,
        connection: Connection,
        table_id: int,
        number: int,
        shoe: ShoeSeal | str | None,
        carried: Iterable[StandingBet] = (),
    ) -> int:
        """A new round, dealt from ``shoe`` (its commitment; or, the first round of a new shoe,
        its seal: the shoe recorded, the table's earlier shoes ended: issue 28, item 1)."""
        if isinstance(shoe, ShoeSeal):
            record_shoe(connection, table_id, shoe)
            shoe = shoe.commitment
        cursor = OPEN_ROUND.execute(
            connection,
            {"table_id": table_id, "number": number, "shoe": shoe, "opened_at": now()},
        )
        round_id = int(cursor.fetchone()[0])
        cursor.close()
        rows = [
            {
                "round_id": round_id,
                "session_id": b.session_id,
                "player_id": b.player_id,
                "kind": b.kind,
                "amount": b.amount,
            }
            for b in carried
        ]
        NEW_BET.execute_many(connection, rows)  # (no wait for an answer on PostgreSQL)
        return round_id

    def begin_round(self, table_id: int, number: int, shoe: ShoeSeal | str | None) -> int:
        with self.engine.begin() as connection:
            return self.open_round(connection, table_id, number, shoe)

    def lock_balances(self, connection: Connection, ids: Iterable[int]) -> dict[int, int]:
        """Balances of ``ids``, locked until the transaction ends (PostgreSQL ``FOR UPDATE``, in
        id order so concurrent tables cannot deadlock; SQLite holds its one write lock already
        since ``BEGIN IMMEDIATE``)."""
        wanted = sorted(set(ids))
        cursor = lock_balances_statement(len(wanted)).execute(
            connection, {f"i{n}": account for n, account in enumerate(wanted)}
        )
        rows = cursor.fetchall()
        cursor.close()
        return {account: balance for account, balance in rows}

    def stake_all(
        self,
        connection: Connection,
        round_id: int,
        escrow: int,
        bets: Sequence[Stake],
        *,
        checked: bool = False,
    ) -> None:
        """Bets accepted together: each ``(bet, added)`` raises a standing bet to ``bet.amount``
        by ``added``. The stakes move from the players to the escrow in one posting (one entry
        per player); a short balance refuses the whole posting (the caller checked them under
        lock, so that means a fault). ``checked``: the caller locked the balances of the players
        and the escrow (:meth:`lock_balances`) and saw that they cover the stakes."""
        legs, standing = stake_posting(escrow, bets)
        self.ledger.post("stake", f"round:{round_id}", legs, connection, checked=checked)
        new = {(bet.player_id, bet.kind) for bet, added in bets if bet.amount == added}
        inserted = [bet for bet in standing if (bet.player_id, bet.kind) in new]
        raised = [bet for bet in standing if (bet.player_id, bet.kind) not in new]
        if inserted:
            NEW_BET.execute_many(
                connection,
                [
                    {
                        "round_id": round_id,
                        "session_id": bet.session_id,
                        "player_id": bet.player_id,
                        "kind": bet.kind,
                        "amount": bet.amount,
                    }
                    for bet in inserted
                ],
            )
        if raised:
            RAISE_BET.execute_many(
                connection,
                [{"r": round_id, "p": b.player_id, "k": b.kind, "a": b.amount} for b in raised],
            )

    @property
    def stakes_at_once(self) -> bool:
        """Whether :meth:`write_at_once` is available (PostgreSQL and SQLite)."""
        return self.engine.dialect.name in ("postgresql", "sqlite")

    def stake_batch(
        self,
        connection: Connection,
        round_id: int,
        escrow: int,
        bets: Sequence[Stake],
        first_seq: int,
        items: Sequence[JournalEntry],
    ) -> Batch:
        """A round's part of a statement of :meth:`write_at_once`: what :meth:`stake_all` and
        :meth:`write_journal` write (the same :func:`stake_posting`), as data. Writes nothing;
        refuses a posting the ledger would refuse whatever the balances."""
        legs, standing = stake_posting(escrow, bets)
        self.ledger.verify_posting(connection, legs)
        return Batch(
            round_id=round_id,
            reference=f"round:{round_id}",
            created_at=now(),
            legs=legs,
            bets=[(b.session_id, b.player_id, b.kind, b.amount) for b in standing],
            logged=[
                (first_seq + i, item.command, dict(item.args), [dict(e) for e in item.events])
                for i, item in enumerate(items)
            ],
        )

    @staticmethod
    def write_at_once(connection: Connection, batches: Sequence[Batch]) -> dict[int, int]:
        """Write ``batches`` (of :meth:`stake_batch`, any rounds) together: on PostgreSQL by one
        statement that commits by itself (``connection`` outside any transaction, in
        autocommit), on SQLite in ``connection``'s transaction. Returns the new balance of
        every account moved; raises :class:`~croupier.store.at_once.ShortBalance`, having
        written nothing, when a balance does not cover its stakes."""
        if connection.dialect.name == "sqlite":
            return stake_in_transaction(connection, batches)
        return stake_at_once(connection.connection.dbapi_connection, batches)

    def unstake(self, connection: Connection, round_id: int, bet: StandingBet, escrow: int) -> None:
        """Withdraw a standing bet during the betting window: its stake goes back."""
        self.ledger.post(
            "withdrawal",
            f"round:{round_id}",
            [(escrow, -bet.amount), (bet.account_id, bet.amount)],
            connection,
        )
        connection.execute(
            delete(round_bets).where(
                round_bets.c.round_id == round_id,
                round_bets.c.player_id == bet.player_id,
                round_bets.c.kind == bet.kind,
            )
        )

    def write_journal(
        self, connection: Connection, round_id: int, first_seq: int, items: Sequence[JournalEntry]
    ) -> None:
        if not items:
            return
        JOURNAL.execute_many(
            connection,
            [
                {
                    "round_id": round_id,
                    "seq": first_seq + i,
                    "command": item.command,
                    "args": dict(item.args),
                    "events": [dict(e) for e in item.events],
                }
                for i, item in enumerate(items)
            ],
        )

    def settle(
        self,
        connection: Connection,
        round_id: int,
        results: Sequence[BetResult],
        accounts: TableAccounts,
        *,
        house_result: int,
        pool_change: int,
        status: str,
        result: Mapping[str, Any] | None,
        void_reason: str | None = None,
    ) -> None:
        """Pay a round out of the escrow in one posting: each player's payout, the house result
        and the jackpot pool's change. Stakes = payouts + house result + pool change, to the
        unit, or the posting is refused (double entry)."""
        paid = [r for r in results if r.outcome != "carried"]
        legs: dict[int, int] = {}

        def leg(account: int, amount: int) -> None:
            legs[account] = legs.get(account, 0) + amount

        leg(accounts.escrow, -sum(r.stake for r in paid))
        for r in paid:
            leg(r.account_id, r.payout)
        leg(accounts.house, house_result)
        if pool_change:
            if accounts.pool is None:
                raise RuleViolation("pool", "this table has no jackpot pool", "jackpot")
            leg(accounts.pool, pool_change)
        nonzero = [(a, m) for a, m in legs.items() if m]
        if nonzero:
            kind = "refund" if status == "void" else "settlement"
            # the escrow holds the round's stakes, which cover what it pays (the settlement
            # conserves money); a jackpot pool pays no more than it holds (games' pool rules):
            # nothing here can be short, and a mistake fails the transaction
            self.ledger.post(kind, f"round:{round_id}", nonzero, connection, sure=True)
        settle_rows(connection, round_id, results)
        CLOSE_ROUND.execute(
            connection,
            {
                "r": round_id,
                "v_status": status,
                "v_result": None if result is None else dict(result),
                "v_void_reason": void_reason,
                "v_closed_at": now(),
            },
        ).close()

    def balances(self, connection: Connection, ids: Iterable[int]) -> dict[int, int]:
        wanted = sorted(set(ids))
        if not wanted:
            return {}
        rows = connection.execute(
            select(accounts.c.id, accounts.c.balance).where(accounts.c.id.in_(wanted))
        ).all()
        return {row.id: row.balance for row in rows}
