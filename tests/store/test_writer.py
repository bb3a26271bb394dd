"""The writer thread's group commit (croupier.store.writer), on SQLite and PostgreSQL (where a
group's statements travel in psycopg's pipeline mode): jobs that arrive together share one
transaction, each in its own savepoint, so a job refused by the rules or by the database leaves
the others' work standing, and the refused one is answered with its own error."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, select, text

from croupier.errors import RuleViolation
from croupier.store.at_once import Batch, ShortBalance
from croupier.store.database import connect
from croupier.store.ledger import _MOVE, Ledger
from croupier.store.round_sql import lock_balances_statement
from croupier.store.rounds import RoundRecords
from croupier.store.schema import accounts
from croupier.store.writer import Writer, _Lane

_LOCK = lock_balances_statement(1)


@pytest.fixture
def books(engine: Engine) -> tuple[Ledger, int, int]:
    ledger = Ledger(engine)
    cashier = ledger.open_account("cashier", "cashier", "EUR", may_go_negative=True)
    alice = ledger.open_account("alice", "player", "EUR")
    ledger.transfer(cashier, alice, 10_00, "deposit", "d1")
    return ledger, cashier, alice


def _in_one_group(writer: Writer, jobs: list[Any]) -> list[Any]:
    """Run ``jobs`` as one group: the writer is held by a first job until all are queued."""
    held = threading.Event()

    async def main() -> list[Any]:
        blocker = asyncio.ensure_future(writer.run(lambda _c: held.wait(10)))
        await asyncio.sleep(0.05)  # the writer is inside the blocker's group now
        tasks = [asyncio.ensure_future(writer.run(job)) for job in jobs]
        await asyncio.sleep(0)  # every job is queued
        held.set()
        await blocker
        return await asyncio.gather(*tasks, return_exceptions=True)

    return asyncio.run(main())


def test_a_refused_job_leaves_the_others_of_its_group_standing(books) -> None:
    ledger, cashier, alice = books
    writer = Writer(ledger.engine)

    def pays(amount: int) -> Any:
        def job(c: Connection) -> int:
            ledger.post("deposit", f"p{amount}", [(cashier, -amount), (alice, amount)], c)
            return amount

        return job

    def refused_by_rule(c: Connection) -> None:
        ledger.post("deposit", "p2", [(cashier, -2_00), (alice, 2_00)], c)
        raise RuleViolation("job", "refused after writing", "test")

    def refused_by_database(c: Connection) -> None:
        ledger.post("deposit", "p3", [(cashier, -3_00), (alice, 3_00)], c)
        # past the ledger's own guard: the database's CHECK constraint refuses it
        _MOVE.execute(c, {"aid": alice, "delta": -1_000_00}).close()

    def refused_by_database_then_reads(c: Connection) -> None:
        # the error reaches the job at its next read (PostgreSQL's pipeline): still its own
        _MOVE.execute(c, {"aid": alice, "delta": -1_000_00}).close()
        _LOCK.execute(c, {"i0": alice}).fetchall()

    def reads_then_pays(c: Connection) -> int:
        seen = c.execute(select(accounts.c.balance).where(accounts.c.id == alice)).scalar_one()
        pays(4_00)(c)
        return int(seen)

    try:
        answers = _in_one_group(
            writer,
            [
                pays(1_00),
                refused_by_rule,
                refused_by_database,
                refused_by_database_then_reads,
                reads_then_pays,
            ],
        )
    finally:
        writer.stop()
    assert (writer.groups, writer.jobs) == (2, 6)  # the blocker, then the five together
    first, by_rule, by_database, at_a_read, seen = answers
    assert first == 1_00
    assert isinstance(by_rule, RuleViolation) and by_rule.field == "job"
    assert "balance_not_negative" in str(by_database)
    assert "balance_not_negative" in str(at_a_read)
    assert seen == 11_00  # inside the group: the first job's payment, nothing of the refused
    assert ledger.balance(alice) == 10_00 + 1_00 + 4_00
    assert ledger.audit() == []


def test_a_lone_refused_job_writes_nothing(books) -> None:
    ledger, cashier, alice = books
    writer = Writer(ledger.engine)

    def refused(c: Connection) -> None:
        ledger.post("deposit", "p5", [(cashier, -5_00), (alice, 5_00)], c)
        raise RuleViolation("job", "refused after writing", "test")

    async def main() -> None:
        with pytest.raises(RuleViolation):
            await writer.run(refused)
        await writer.run(lambda c: ledger.post("deposit", "p6", [(cashier, -6), (alice, 6)], c))

    try:
        asyncio.run(main())
    finally:
        writer.stop()
    assert ledger.balance(alice) == 10_06
    assert ledger.audit() == []


def test_lanes_keep_each_keys_order_and_commit_each_job_alone(books) -> None:
    # several lanes (PostgreSQL's server): a table's jobs run in the order it sent them, each
    # in its own transaction (locks taken in one ordered statement: lanes cannot deadlock)
    ledger, cashier, alice = books
    writer = Writer(ledger.engine, lanes=3)
    seen: list[tuple[int, int]] = []

    def job(key: int, n: int) -> Any:
        def run(c: Connection) -> int:
            ledger.post("deposit", f"k{key}-{n}", [(cashier, -1), (alice, 1)], c)
            seen.append((key, n))
            return n

        return run

    async def main() -> list[int]:
        return await asyncio.gather(
            *(writer.run(job(key, n), key) for n in range(10) for key in range(3))
        )

    try:
        answers = asyncio.run(main())
    finally:
        writer.stop()
    assert answers == [n for n in range(10) for _key in range(3)]
    for key in range(3):
        assert [n for k, n in seen if k == key] == list(range(10))
    assert (writer.groups, writer.jobs) == (30, 30)
    assert ledger.balance(alice) == 10_00 + 30
    assert ledger.audit() == []


def test_a_busy_lane_holds_up_another_only_on_sqlite(books) -> None:
    # SQLite has one writer at a time; PostgreSQL runs the lanes' transactions side by side
    ledger, cashier, alice = books
    writer = Writer(ledger.engine, lanes=2)
    held = threading.Event()

    async def main() -> bool:
        busy = asyncio.ensure_future(writer.run(lambda _c: held.wait(10), 0))
        await asyncio.sleep(0.05)
        other = asyncio.ensure_future(
            writer.run(lambda c: ledger.post("deposit", "o", [(cashier, -1), (alice, 1)], c), 1)
        )
        done, _ = await asyncio.wait({other}, timeout=1.0)
        held.set()
        await asyncio.gather(busy, other)
        return other in done

    try:
        beside = asyncio.run(main())
    finally:
        writer.stop()
    assert beside is (ledger.engine.dialect.name == "postgresql")
    assert ledger.balance(alice) == 10_01


def test_an_autocommit_job_runs_alone_outside_any_transaction(books) -> None:
    # on PostgreSQL its statements commit by themselves (a job of one statement then costs no
    # BEGIN and no COMMIT); elsewhere it is a transaction of its own
    ledger, cashier, alice = books
    writer = Writer(ledger.engine, lanes=1)
    rename = text("UPDATE accounts SET owner = :owner WHERE id = :id")

    def renamed_then_failed(owner: str):  # type: ignore[no-untyped-def]
        def job(c: Connection) -> None:
            c.execute(rename, {"owner": owner, "id": alice})
            raise RuntimeError("after the statement")

        return job

    async def main() -> list[Any]:
        return await asyncio.gather(
            writer.run(renamed_then_failed("by-autocommit"), autocommit=True),
            writer.run(renamed_then_failed("by-transaction")),
            writer.run(lambda c: ledger.post("deposit", "d", [(cashier, -1), (alice, 1)], c)),
            return_exceptions=True,
        )

    try:
        answers = asyncio.run(main())
    finally:
        writer.stop()
    assert [type(a) for a in answers] == [RuntimeError, RuntimeError, type(None)]
    owner = ledger.account(alice).owner
    # the autocommit job's statement stood on PostgreSQL; the transaction's never does
    assert owner == ("by-autocommit" if ledger.engine.dialect.name == "postgresql" else "alice")
    assert ledger.balance(alice) == 10_01 and ledger.audit() == []


class _Stakes:
    """A stakes job for the writer (croupier.store.at_once.Stakes): ``amount`` from alice to
    the cashier as a stake posting of its own round; ``hold`` keeps the lane inside prepare."""

    def __init__(
        self,
        records: RoundRecords,
        round_id: int,
        legs: tuple[int, int],
        amount: int,
        hold: threading.Event | None = None,
        refuse: bool = False,
    ) -> None:
        self.records, self.round_id, self.legs, self.amount = records, round_id, legs, amount
        self.hold, self.refuse = hold, refuse
        self.undone = False

    def prepare(self, connection: Connection) -> Batch | None:
        if self.hold is not None:
            self.hold.wait(10)
        if self.refuse:
            raise RuleViolation("amount", "refused by the table's rules", "test")
        if not self.amount:
            return None
        source, target = self.legs
        return Batch(
            self.round_id,
            f"round:{self.round_id}",
            datetime.now(UTC),
            [(source, -self.amount), (target, self.amount)],
            [],
            [],
        )

    def written(self, balances: dict[int, int]) -> dict[int, int]:
        return balances

    def undo(self) -> None:
        self.undone = True


def _stakes_together(writer: Writer, blocker: _Stakes, jobs: list[_Stakes]) -> list[Any]:
    """Send ``jobs`` while the stakes lane is held inside ``blocker``'s prepare, so that they
    all wait for the lane's next statement; their answers (or errors)."""
    blocker.hold = threading.Event()

    async def main() -> list[Any]:
        first = asyncio.ensure_future(writer.stake(blocker))
        await asyncio.sleep(0.05)  # the stakes lane is inside the blocker's prepare
        tasks = [asyncio.ensure_future(writer.stake(job, n)) for n, job in enumerate(jobs)]
        await asyncio.sleep(0)  # every job is queued
        blocker.hold.set()
        await first
        return await asyncio.gather(*tasks, return_exceptions=True)

    return asyncio.run(main())


def _stakes_books(ledger: Ledger) -> tuple[RoundRecords, list[int]]:
    records = RoundRecords(ledger.engine, ledger)
    table = records.tables.create_table("t", {})
    return records, [records.writes.begin_round(table, n, None) for n in range(1, 5)]


def test_stakes_waiting_together_share_one_statement(books) -> None:
    ledger, cashier, alice = books
    records, rounds_ = _stakes_books(ledger)
    writer = Writer(ledger.engine, lanes=2, stakes_lane=True)
    legs = (alice, cashier)
    jobs = [
        _Stakes(records, rounds_[1], legs, 1_00),
        _Stakes(records, rounds_[2], legs, 2_00, refuse=True),  # refused: answered alone
        _Stakes(records, rounds_[2], legs, 0),  # nothing to write
        _Stakes(records, rounds_[3], legs, 3_00),
    ]

    try:
        answers = _stakes_together(writer, _Stakes(records, rounds_[0], legs, 5), jobs)
    finally:
        writer.stop()
    after = 10_00 - 5 - 4_00
    assert answers[0] == answers[2] == answers[3] == {alice: after, cashier: 0 - 10_00 + 4_05}
    assert isinstance(answers[1], RuleViolation)
    assert (writer.groups, writer.jobs) == (2, 5)  # the blocker's statement, then one for four
    assert ledger.balance(alice) == after and ledger.audit() == []
    assert not any(job.undone for job in jobs)


def test_a_short_balance_in_a_shared_statement_undoes_every_job(books) -> None:
    ledger, cashier, alice = books
    records, rounds_ = _stakes_books(ledger)
    writer = Writer(ledger.engine, lanes=1, stakes_lane=True)
    # alice's 10.00 covers each stake alone, not the two together
    jobs = [_Stakes(records, rounds_[n], (alice, cashier), 6_00) for n in (1, 2)]

    try:
        answers = _stakes_together(writer, _Stakes(records, rounds_[0], (alice, cashier), 0), jobs)
    finally:
        writer.stop()
    assert [type(a) for a in answers] == [ShortBalance, ShortBalance]
    assert all(job.undone for job in jobs)
    assert ledger.balance(alice) == 10_00 and ledger.audit() == []


def test_the_stakes_lane_does_not_wait_for_a_busy_transaction_lane(books) -> None:
    # a table's bets never wait behind another table's settlement on PostgreSQL; SQLite has one
    # writer at a time (a server there runs one lane, where a group takes a kind of job at once)
    ledger, cashier, alice = books
    records, rounds_ = _stakes_books(ledger)
    writer = Writer(ledger.engine, lanes=1, stakes_lane=True)
    held = threading.Event()

    async def main() -> bool:
        busy = asyncio.ensure_future(writer.run(lambda _c: held.wait(10), 0))
        await asyncio.sleep(0.05)
        stake = asyncio.ensure_future(
            writer.stake(_Stakes(records, rounds_[0], (alice, cashier), 1_00), 0)
        )
        done, _ = await asyncio.wait({stake}, timeout=5.0)
        held.set()
        await asyncio.gather(busy, stake)
        return stake in done

    try:
        assert asyncio.run(main()) is (ledger.engine.dialect.name == "postgresql")
    finally:
        writer.stop()
    assert ledger.balance(alice) == 9_00 and ledger.audit() == []


def test_a_groups_answers_wake_each_event_loop_once() -> None:
    # each wake-up of a loop from the writer's thread is a write to its pipe and a turn of
    # the loop: a group's answers go to a loop in one call
    loop = asyncio.new_event_loop()
    calls: list[int] = []

    class Counting:
        def call_soon_threadsafe(self, callback: Any, *args: Any) -> None:
            calls.append(len(args[0]) if args else 0)
            loop.call_soon_threadsafe(callback, *args)

    try:
        futures = [loop.create_future() for _ in range(3)]
        counting: Any = Counting()
        group = [(None, f, counting, "transaction", 0.0) for f in futures]
        failure = RuleViolation("amount", "refused", "test")
        _Lane._answer_all(group, [(1, None), (None, failure), (3, None)])
        loop.run_until_complete(asyncio.sleep(0))
        assert calls == [3]
        assert [futures[0].result(), futures[2].result()] == [1, 3]
        assert futures[1].exception() is failure
    finally:
        loop.close()


def test_a_batch_the_database_refuses_fails_alone_in_a_shared_statement(books) -> None:
    """Issue 16, finding 4: a stake of 2**63 failed the statement it shared with other tables'
    bets, and every table of it voided its round. The batches are written again one by one: only
    the one that fails by itself fails."""
    ledger, cashier, alice = books
    records, rounds_ = _stakes_books(ledger)
    writer = Writer(ledger.engine, lanes=1, stakes_lane=True)
    good = _Stakes(records, rounds_[1], (alice, cashier), 3_00)
    bad = _Stakes(records, rounds_[2], (alice, cashier), 2**63)  # beyond the database's bigint
    try:
        answers = _stakes_together(
            writer,
            _Stakes(records, rounds_[0], (alice, cashier), 0),
            [
                bad,
                good,
            ],
        )
    finally:
        writer.stop()
    assert isinstance(answers[0], Exception) and not isinstance(answers[0], ShortBalance)
    assert answers[1] == {alice: 10_00 - 3_00, cashier: -10_00 + 3_00}
    assert bad.undone
    assert ledger.balance(alice) == 7_00 and ledger.audit() == []


def test_a_job_raising_what_a_future_refuses_is_answered_and_the_writer_goes_on(books) -> None:
    """Issue 16, finding 3: a StopIteration raised by a job could not be set on its future; its
    caller (a table) waited for ever and the server could no longer stop."""
    ledger, _cashier, alice = books
    writer = Writer(ledger.engine)

    async def main() -> tuple[BaseException | None, int]:
        failed: BaseException | None = None
        try:
            await asyncio.wait_for(writer.run(lambda _c: next(iter(()))), 10)
        except RuntimeError as error:
            failed = error
        read = select(accounts.c.balance).where(accounts.c.id == alice)
        balance = await asyncio.wait_for(writer.run(lambda c: c.execute(read).scalar_one()), 10)
        return failed, balance

    try:
        failed, balance = asyncio.run(main())
    finally:
        writer.stop()
    assert failed is not None and "StopIteration" in str(failed)
    assert balance == 10_00


def _spaced(writer: Writer, count: int, spacing: float, first_alone: bool = True) -> list[int]:
    """``count`` jobs sent ``spacing`` seconds apart (after a first job alone, when asked);
    each job's answer is the number of groups the writer had run when the job ran."""

    async def main() -> list[int]:
        if first_alone:
            await writer.run(lambda _c: writer.groups)
        tasks = []
        for _ in range(count):
            tasks.append(asyncio.ensure_future(writer.run(lambda _c: writer.groups)))
            await asyncio.sleep(spacing)
        return list(await asyncio.gather(*tasks))

    return asyncio.run(main())


def test_jobs_sent_close_together_gather_into_one_commit(books) -> None:
    """Group commit (issue 32(4)): on a busy lane a group waits until its first job is
    ``gather`` old, so jobs sent 5 ms apart within 200 ms share one transaction."""
    ledger, _, _ = books
    writer = Writer(ledger.engine, gather=0.2)
    try:
        before = writer.groups
        seen = _spaced(writer, 5, 0.005)
        assert len(set(seen)) == 1  # all five ran in the same group
        assert writer.groups - before == 2  # the first job alone, then the five together
    finally:
        writer.stop()


def test_without_gathering_jobs_apart_commit_one_by_one(books) -> None:
    ledger, _, _ = books
    writer = Writer(ledger.engine, gather=0)
    try:
        before = writer.groups
        seen = _spaced(writer, 3, 0.05)
        assert len(set(seen)) == 3
        assert writer.groups - before == 4
    finally:
        writer.stop()


def test_a_quiet_lane_commits_a_lone_job_without_waiting(books) -> None:
    """Gathering is for a busy server: a job that finds the lane idle for longer than
    ``gather`` is written at once. Were it held ``gather`` (0.5 s), a job sent 50 ms after it
    would share its commit; it does not."""
    ledger, _, _ = books
    writer = Writer(ledger.engine, gather=0.5)
    try:
        seen = _spaced(writer, 2, 0.05, first_alone=False)
        assert seen[0] != seen[1]
    finally:
        writer.stop()


def test_a_lane_of_one_job_per_group_never_waits_to_gather(books) -> None:
    """PostgreSQL's lanes run each job as its own transaction (so that no two lanes deadlock
    on accounts): there is nothing to gather, and jobs sent one after another each go at once
    (were each held 1 s, the four would take three seconds or more)."""
    ledger, _, _ = books
    writer = Writer(ledger.engine, 2, gather=1.0)

    async def main() -> None:
        for _ in range(4):
            await writer.run(lambda _c: None)

    async def bounded() -> None:
        await asyncio.wait_for(main(), 2.5)

    try:
        asyncio.run(bounded())
    finally:
        writer.stop()


@pytest.mark.parametrize("gather", [-0.001, 1.001, float("nan")])
def test_a_gathering_out_of_bounds_is_refused(books, gather: float) -> None:
    ledger, _, _ = books
    with pytest.raises(ValueError, match="gather"):
        Writer(ledger.engine, gather=gather)


def test_the_server_gathers_as_configured(tmp_path) -> None:
    """``croupier serve --group-commit-ms`` reaches the writer: Casino's
    ``group_commit_seconds`` (2 ms by default) is its lanes' gathering."""
    from croupier.server.service import Casino
    from croupier.store.writer import GATHER

    assert GATHER == 0.002
    for wanted in (None, 0.0, 0.05):
        extra = {} if wanted is None else {"group_commit_seconds": wanted}
        casino = Casino(f"sqlite:///{tmp_path / 'c.db'}", defaults=False, **extra)
        try:
            assert casino.writer.gather == (GATHER if wanted is None else wanted)
        finally:
            casino.writer.stop()


def test_the_sqlite_writer_keeps_its_statement_journals_in_memory(tmp_path) -> None:
    # a multi-row statement inside the writer's transaction keeps a statement journal, which
    # SQLite writes to a temporary file past 64 KiB: measured in the server at ~40 such files
    # and ~1,500 writes to them a second (docs/store.md). The writer's connection keeps them in
    # memory (temp_store 2); a reader's large sorts stay where SQLite puts them (0, default)
    engine = connect(f"sqlite:///{tmp_path / 'croupier.db'}")
    writer = Writer(engine)
    try:
        in_writer = asyncio.run(
            writer.run(lambda c: c.exec_driver_sql("PRAGMA temp_store").scalar())
        )
        with engine.connect() as reader:
            assert reader.exec_driver_sql("PRAGMA temp_store").scalar() == 0
    finally:
        writer.stop()
        engine.dispose()
    assert in_writer == 2
