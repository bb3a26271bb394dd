"""The store's side of the table port (:mod:`croupier.table.port`): a running table's reads and
writes on SQLite or PostgreSQL, through the server's writer (group commit across tables).

Bets are the one write made two ways, and the store chooses (docs/store.md, "Bets at once"):

* **lock, then judge** (SQLite, and PostgreSQL's way back): the bettors' balances are read and
  locked, each bet judged by the rules and the money in arrival order, the accepted stakes
  written in one posting with the journal, in one transaction;
* **write at once, judge again if short** (PostgreSQL): the batch is judged by the rules alone
  and written, with the batches of other tables, by one statement that reads nothing first;
  when the database refuses a stake no balance covers, nothing was written, the batch is taken
  back and judged the first way, which says whose balance was short.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from sqlalchemy import Connection

from croupier.errors import RuleViolation
from croupier.people import Player
from croupier.store.at_once import Batch, ShortBalance
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
    StakeJob,
    StandingBet,
    TableAccounts,
)

log = logging.getLogger(__name__)
T = TypeVar("T")


class SqlRoundTx:
    """:class:`~croupier.table.port.RoundTx` on a connection inside a writer's transaction."""

    def __init__(self, records: RoundRecords, connection: Connection) -> None:
        self.records = records
        self.connection = connection

    def balances(self, accounts: Iterable[int]) -> dict[int, int]:
        return self.records.lock_balances(self.connection, accounts)

    def stake(self, round_id: int, escrow: int, stakes: Sequence[Stake]) -> None:
        try:
            self.records.stake_all(self.connection, round_id, escrow, stakes, checked=True)
        except RuleViolation as refusal:  # the balances were checked under lock: a fault
            raise RuntimeError(f"stakes refused after the balance check: {refusal}") from refusal

    def unstake(self, round_id: int, bet: StandingBet, escrow: int) -> None:
        self.records.unstake(self.connection, round_id, bet, escrow)

    def journal(self, round_id: int, first_seq: int, items: Sequence[JournalEntry]) -> None:
        self.records.write_journal(self.connection, round_id, first_seq, items)

    def settle(self, settling: Settling, accounts: TableAccounts) -> None:
        self.records.settle(
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
        self, table_id: int, number: int, shoe: str | None, carried: Iterable[StandingBet]
    ) -> int:
        return self.records.open_round(self.connection, table_id, number, shoe, carried)


def judge_locked(tx: RoundTx, job: StakeJob) -> list[Any]:
    """Lock, then judge: the balances read and locked first, so a short balance refuses its bet
    before anything is written; the accepted stakes then move in one posting."""
    balances = tx.balances(job.accounts())
    stakes = job.judge(balances)
    if stakes:
        tx.stake(job.round_id, job.escrow, stakes)
    first, items = job.journal()
    tx.journal(job.round_id, first, items)
    return job.written(balances)


class _AtOnce:
    """A batch as a stakes job of the writer (:class:`croupier.store.at_once.Stakes`)."""

    def __init__(self, records: RoundRecords, job: StakeJob) -> None:
        self.records = records
        self.job = job
        self.staked = False

    def prepare(self, connection: Connection) -> Batch | None:
        job = self.job
        stakes = job.judge(None)
        if not stakes:
            return None
        self.staked = True
        first, items = job.journal()
        try:
            return self.records.stake_batch(
                connection, job.round_id, job.escrow, stakes, first, items
            )
        except BaseException as failure:
            job.undo()  # nothing is written
            if isinstance(failure, RuleViolation):
                raise RuntimeError(f"stakes refused: {failure}") from failure
            raise

    def written(self, balances: dict[int, int]) -> list[Any]:
        return self.job.written(balances)

    def undo(self) -> None:
        self.job.undo()


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

    async def stake(self, table_id: int, job: StakeJob) -> list[Any]:
        if self.records.stakes_at_once:  # PostgreSQL: one statement, nothing read first
            try:
                answers: list[Any] = await self.writer.stake(_AtOnce(self.records, job), table_id)
                return answers
            except ShortBalance:
                pass  # judged again below, with the balances read, to say whose
            except Exception:  # nothing was written and the round is back as it was
                log.exception("table %s: a batch of bets could not be written", table_id)
        try:
            return await self.write(table_id, lambda tx: judge_locked(tx, job))
        except Exception:  # the transaction wrote nothing: neither does the round
            log.exception("table %s: a batch of bets could not be written", table_id)
            job.undo()
            # one bad bet refuses its batch, never voids the round (issue 16, finding 4)
            return [
                RuleViolation("bet", "the bet could not be written; nothing was staked", "ledger")
                for _ in range(job.size)
            ]

    async def open_table(
        self, table_id: int, currency: str, pool_seed: int | None, link: str = ""
    ) -> tuple[TableAccounts, int | None, list[OpenSession]]:
        return await asyncio.to_thread(self._open_table, table_id, currency, pool_seed, link)

    def _open_table(
        self, table_id: int, currency: str, pool_seed: int | None, link: str
    ) -> tuple[TableAccounts, int | None, list[OpenSession]]:
        accounts = self.records.table_accounts(table_id, currency, pool_seed=pool_seed, link=link)
        pool = self.records.ledger.balance(accounts.pool) if accounts.pool else None
        sessions = []
        for session_id, player_id, seat in self.records.open_sessions(table_id):
            player = self.players.by_id(player_id)
            if player is not None:
                account = self.players.account(player, currency)
                sessions.append(OpenSession(session_id, player, seat, account))
        return accounts, pool, sessions

    async def begin_round(self, table_id: int, number: int, shoe: str | None) -> int:
        return await asyncio.to_thread(self.records.begin_round, table_id, number, shoe)

    async def last_round_number(self, table_id: int) -> int:
        return await asyncio.to_thread(self.records.last_round_number, table_id)

    async def start_session(
        self, player: Player, table_id: int, seat: int, currency: str
    ) -> tuple[int, int]:
        account = await asyncio.to_thread(self.players.account, player, currency)
        session = await asyncio.to_thread(self.records.start_session, player.id, table_id, seat)
        return session, account

    async def end_session(self, session_id: int, reason: str) -> dict[str, Any]:
        await asyncio.to_thread(self.records.end_session, session_id, reason)
        statement = await asyncio.to_thread(self.records.statement, session_id)
        assert statement is not None
        return statement

    async def save_config(self, table_id: int, config: Mapping[str, Any]) -> None:
        await asyncio.to_thread(self.records.set_table_config, table_id, config)

    async def recover(self, table_id: int, reason: str | None = None) -> None:
        await asyncio.to_thread(self.records.recover, table_id, reason or VOID_ON_RESTART)
