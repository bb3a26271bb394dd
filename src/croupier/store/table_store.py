"""The store's side of the table port (:mod:`croupier.table.port`): a running table's reads and
writes on SQLite or PostgreSQL, through the server's writer (group commit across tables).

Bets are the one write made two ways, and the store chooses (docs/store.md, "Bets at once"):

* **lock, then write** (the way back, and a batch with a loss limit to read under lock): the
  balances the stakes move are read and locked; when they cover the stakes, these are written
  in one posting with the journal, in one transaction; when not, nothing is written and the
  balances go back to the table, which judges its batch again with them
  (:mod:`croupier.table.bet_taking`);
* **write at once** (both databases): the stakes are written, with the batches of other
  tables, by one statement (PostgreSQL) or a few statements of one transaction (SQLite) that
  read nothing first; when the database refuses a stake no balance covers, nothing was written,
  and the batch is written the first way (the short balance may have been another table's).

Either way the store only writes what the table judged: it never calls back into the table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import Connection

from croupier.errors import RuleViolation
from croupier.people import Player
from croupier.protection.limits import Standing
from croupier.shoe import ShoeSeal
from croupier.store import next_shoes
from croupier.store.at_once import Batch, ShortBalance
from croupier.store.limits import losses_standing
from croupier.store.players import Players
from croupier.store.recovery import VOID_ON_RESTART
from croupier.store.rounds import RoundRecords
from croupier.store.writer import Writer
from croupier.table.port import (
    JournalEntry,
    OpenSession,
    RoundTx,
    Settling,
    Stake,
    Staked,
    StakeWrite,
    StandingBet,
    TableAccounts,
    covered,
    within_loss_limits,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


class SqlRoundTx:
    """:class:`~croupier.table.port.RoundTx` on a connection inside a writer's transaction."""

    def __init__(self, records: RoundRecords, connection: Connection) -> None:
        self.records = records
        self.connection = connection

    def balances(self, accounts: Iterable[int]) -> dict[int, int]:
        return self.records.writes.lock_balances(self.connection, accounts)

    def losses(self, account: int, limits: Sequence[tuple[str, int]]) -> list[Standing]:
        records = self.records
        return losses_standing(
            self.connection, account, limits, records.ledger.wall(), records.calendar
        )

    def stake(self, round_id: int, escrow: int, stakes: Sequence[Stake]) -> None:
        try:
            self.records.writes.stake_all(self.connection, round_id, escrow, stakes, checked=True)
        except RuleViolation as refusal:  # the balances were checked under lock: a fault
            raise RuntimeError(f"stakes refused after the balance check: {refusal}") from refusal

    def unstake(self, round_id: int, bet: StandingBet, escrow: int) -> None:
        self.records.writes.unstake(self.connection, round_id, bet, escrow)

    def journal(self, round_id: int, first_seq: int, items: Sequence[JournalEntry]) -> None:
        self.records.writes.write_journal(self.connection, round_id, first_seq, items)

    def settle(self, settling: Settling, accounts: TableAccounts) -> None:
        self.records.writes.settle(
            self.connection,
            settling.round_id,
            settling.results,
            accounts,
            house_result=settling.house_result,
            pool_change=settling.pool_change,
            status=settling.status,
            result=settling.result,
            void_reason=settling.void_reason,
        )

    def open_round(
        self, table_id: int, number: int, shoe: ShoeSeal | str | None,
        carried: Iterable[StandingBet],
    ) -> int:  # fmt: skip
        return self.records.writes.open_round(self.connection, table_id, number, shoe, carried)


def write_locked(tx: RoundTx, write: StakeWrite) -> Staked:
    """Lock, then write: the balances the stakes move read and locked first; the stakes written
    in one posting with the journal when they cover them, else nothing (and the balances, for
    the table to judge again)."""
    balances = tx.balances(write.accounts())
    losses = {a: tx.losses(a, limits) for a, limits in write.loss_limits.items()}
    if not covered(balances, write.stakes, write.boxes):
        return Staked(False, balances, losses)
    if not within_loss_limits(losses, write.stakes):  # issue 29, item 6: under the lock
        return Staked(False, balances, losses)
    tx.stake(write.round_id, write.escrow, write.stakes)
    tx.journal(write.round_id, write.first_seq, write.journal)
    for bet, added in write.stakes:
        balances[bet.account_id] -= added
    balances[write.escrow] += sum(added for _, added in write.stakes)
    return Staked(True, balances)


class _AtOnce:
    """A batch as a stakes job of the writer (:class:`croupier.store.at_once.Stakes`): data the
    table judged, so nothing to take back when it is not written."""

    def __init__(self, records: RoundRecords, write: StakeWrite) -> None:
        self.records = records
        self.write = write

    def prepare(self, connection: Connection) -> Batch | None:
        w = self.write
        try:
            return self.records.writes.stake_batch(
                connection, w.round_id, w.escrow, w.stakes, w.first_seq, w.journal
            )
        except RuleViolation as failure:
            raise RuntimeError(f"stakes refused: {failure}") from failure

    def written(self, balances: dict[int, int]) -> Staked:
        return Staked(True, balances)

    def undo(self) -> None:
        return None


class SqlTableStore:
    """:class:`~croupier.table.port.TableStore` on the casino's database."""

    def __init__(self, records: RoundRecords, players: Players, writer: Writer) -> None:
        self.records = records
        self.players = players
        self.writer = writer

    async def write(self, table_id: int, work: Callable[[RoundTx], T]) -> T:
        records = self.records
        result: T = await self.writer.run(lambda c: work(SqlRoundTx(records, c)), table_id)
        return result

    async def stake(self, table_id: int, write: StakeWrite) -> Staked:
        # bets at once, nothing read first; but a loss limit is read under lock
        if self.records.writes.stakes_at_once and not write.loss_limits:
            try:
                staked: Staked = await self.writer.stake(_AtOnce(self.records, write), table_id)
                return staked
            except ShortBalance:
                pass  # a balance of this batch's, or of another batch of the statement, was
                # short: written again the careful way, which says whose
        return await self.write(table_id, lambda tx: write_locked(tx, write))

    async def open_table(
        self, table_id: int, currency: str, pool_seed: int | None, link: str = ""
    ) -> tuple[TableAccounts, int | None, list[OpenSession]]:
        return await asyncio.to_thread(self._open_table, table_id, currency, pool_seed, link)

    def _open_table(
        self, table_id: int, currency: str, pool_seed: int | None, link: str
    ) -> tuple[TableAccounts, int | None, list[OpenSession]]:
        accounts = self.records.tables.table_accounts(
            table_id, currency, pool_seed=pool_seed, link=link
        )
        pool = self.records.ledger.balance(accounts.pool) if accounts.pool else None
        sessions = []
        for session_id, player_id, seat in self.records.sessions.open_sessions(table_id):
            player = self.players.by_id(player_id)
            if player is not None:
                account = self.players.account(player, currency)
                sessions.append(OpenSession(session_id, player, seat, account))
        return accounts, pool, sessions

    async def begin_round(self, table_id: int, number: int, shoe: ShoeSeal | str | None) -> int:
        return await asyncio.to_thread(self.records.writes.begin_round, table_id, number, shoe)

    async def next_shoe(self, table_id: int) -> tuple[str, list[dict[str, str | None]]] | None:
        return await asyncio.to_thread(next_shoes.promised, self.records.engine, table_id)

    async def keep_next_shoe(
        self, table_id: int, contributions: list[dict[str, str | None]]
    ) -> None:
        engine = self.records.engine
        await asyncio.to_thread(next_shoes.keep_contributions, engine, table_id, contributions)

    async def last_round_number(self, table_id: int) -> int:
        return await asyncio.to_thread(self.records.tables.last_round_number, table_id)

    async def start_session(
        self, player: Player, table_id: int, seat: int, currency: str
    ) -> tuple[int, int]:
        account = await asyncio.to_thread(self.players.account, player, currency)
        session = await asyncio.to_thread(
            self.records.sessions.start_session, player.id, table_id, seat
        )
        return session, account

    async def end_session(self, session_id: int, reason: str) -> dict[str, Any]:
        await asyncio.to_thread(self.records.sessions.end_session, session_id, reason)
        statement = await asyncio.to_thread(self.records.sessions.statement, session_id)
        assert statement is not None
        return statement

    async def save_config(
        self, table_id: int, config: Mapping[str, Any], from_round: int | None = None
    ) -> None:
        tables = self.records.tables
        await asyncio.to_thread(tables.set_table_config, table_id, config, from_round)

    async def recover(self, table_id: int, reason: str | None = None) -> None:
        await asyncio.to_thread(self.records.recovery.recover, table_id, reason or VOID_ON_RESTART)
