"""The writer of every table of a server (docs/store.md).

One lane (SQLite): one thread, and jobs that arrive together share one database transaction
(group commit across tables); on a busy lane a group first gathers for up to ``GATHER``.
Several lanes (PostgreSQL): a thread and a connection each, a table's jobs always on the same
lane, each job its own transaction.

A job is a function of a connection. In a group each job runs inside its own savepoint, so a job
that fails leaves the others' work intact; the transaction then commits once for all of them,
and only then is each job's caller answered (a bet is acknowledged after its stake is durable).
If the commit itself fails, every job of the group is answered with that error: nothing of
theirs was written.

A job sent with ``autocommit`` runs alone and outside any transaction (on PostgreSQL the
connection is in autocommit mode: each statement commits by itself): for a job that is one
statement, which then costs no BEGIN and no COMMIT. Elsewhere it runs as a transaction of its
own, which for one statement is the same thing.

Tables' bets are :class:`~croupier.store.at_once.Stakes` jobs (:meth:`Writer.stake`): the stakes
jobs waiting together in a lane are prepared one after the other and written together, on
PostgreSQL by one statement in autocommit (:mod:`croupier.store.at_once`), on SQLite by a few
multi-row statements in one transaction (:mod:`croupier.store.at_once_sqlite`), so that the
write's fixed cost (the driver's turns, the database's executor and commit) is shared by every
table whose bets it carries.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine

from croupier.store.at_once import Batch, ShortBalance, Stakes
from croupier.store.database import pipelined
from croupier.store.round_writes import RoundWrites

T = TypeVar("T")
MAX_GROUP = 256
#: group commit's gathering (seconds): a job sent within ``GATHER`` of the last group's start
#: (jobs are coming faster than commits) waits until it is this old for others to share its
#: commit. A commit is the dearest part of a lone bet on SQLite (its pages written to the log:
#: docs/store.md); under 2,100 bets a second over twelve tables a commit then carries ~6
#: tables' batches, for up to 2 ms more on their acknowledgements; a quiet lane waits for
#: nothing. 0: no wait (``croupier serve --group-commit-ms``).
GATHER = 0.002
MAX_GATHER = 1.0

#: how a job runs: in a transaction (grouped with others on one lane), alone in autocommit, or
#: as stakes written together with the other stakes waiting in its lane
TRANSACTION, ALONE, STAKES = "transaction", "alone", "stakes"
#: (job, its future, the future's loop, its mode, when it was sent: ``time.monotonic()``)
_Job = tuple[Any, asyncio.Future[Any], asyncio.AbstractEventLoop, str, float]


def _answer_each(items: list[tuple[Any, ...]]) -> None:
    for future, result, error in items:
        _answer(future, result, error)


def _answer(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """Resolve ``future``, whatever the job raised: an exception a future refuses (StopIteration,
    KeyboardInterrupt, SystemExit) reaches the caller as a RuntimeError naming it, so no job can
    leave its caller waiting for ever (issue 16, finding 3)."""
    if future.done():
        return
    if error is None:
        future.set_result(result)
        return
    if not isinstance(error, Exception) or isinstance(error, StopIteration):
        wrapped = RuntimeError(f"a database job failed: {type(error).__name__}: {error}")
        wrapped.__cause__ = error
        error = wrapped
    future.set_exception(error)


class Writer:
    """``lanes`` writer threads, each with its own connection. A job's ``key`` (a table) picks
    its lane, so one table's jobs run in the order they were sent. With one lane the jobs that
    arrive together share a transaction (group commit); with several (PostgreSQL, where
    transactions run side by side) each job is its own transaction, so that a transaction
    locks its accounts in one ordered statement and two lanes can never deadlock on them
    (jobs of one group would lock one set after another: docs/store.md).

    ``stakes_lane``: stakes jobs (:meth:`stake`) of every table go to a lane of their own, so
    that one statement carries the bets of as many tables as possible and no table's bets wait
    behind another table's settlement. A table has one job in flight at a time (its actor
    waits for each), so its jobs still run in the order it sent them; each statement of stakes
    locks its accounts in one ordered statement, like the transactions beside it."""

    def __init__(
        self,
        engine: Engine,
        lanes: int = 1,
        *,
        stakes_lane: bool = False,
        gather: float = GATHER,
    ) -> None:
        if lanes < 1:
            raise ValueError(f"lanes: {lanes!r} must be at least 1")
        if not 0 <= gather <= MAX_GATHER:
            raise ValueError(f"gather: {gather!r} s must be 0 to {MAX_GATHER} s")
        self.engine = engine
        self.gather = gather
        group = MAX_GROUP if lanes == 1 else 1
        self._lanes = [_Lane(engine, f"croupier-writer-{n}", group, gather) for n in range(lanes)]
        # a lane of stakes alone on PostgreSQL keeps its connection in autocommit (its one
        # statement commits by itself), rather than setting it there and back for every group
        kept = engine.dialect.name == "postgresql"
        self._stakes = (
            [_Lane(engine, "croupier-stakes", 1, gather, autocommit=kept)]
            if stakes_lane
            else self._lanes
        )

    @property
    def _all(self) -> list[_Lane]:
        return self._lanes + [lane for lane in self._stakes if lane not in self._lanes]

    @property
    def groups(self) -> int:
        return sum(lane.groups for lane in self._all)

    @property
    def jobs(self) -> int:
        return sum(lane.jobs for lane in self._all)

    @property
    def slowest_group_ms(self) -> float:
        """The longest transaction so far (health reporting)."""
        return max(lane.slowest_group_ms for lane in self._all)

    async def run(
        self, job: Callable[[Connection], T], key: int = 0, *, autocommit: bool = False
    ) -> T:
        """Run ``job`` in its lane's next transaction; return when that transaction committed.
        ``autocommit``: alone, outside any transaction (see the module's text)."""
        answer: T = await self._send(self._lanes, job, key, ALONE if autocommit else TRANSACTION)
        return answer

    async def stake(self, job: Stakes[T], key: int = 0) -> T:
        """Run a stakes job (:mod:`croupier.store.at_once`) in its lane's next write of
        stakes; return the job's answer once that write committed. Raises
        :class:`~croupier.store.at_once.ShortBalance` when the write wrote nothing because a
        balance (of this job's or another's) did not cover its stakes: the job was undone."""
        answer: T = await self._send(self._stakes, job, key, STAKES)
        return answer

    async def _send(self, lanes: list[_Lane], job: Any, key: int, mode: str) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        lanes[key % len(lanes)].jobs_in.put((job, future, loop, mode, time.monotonic()))
        return await future

    def stop(self) -> None:
        for lane in self._all:
            lane.jobs_in.put(None)
        for lane in self._all:
            lane.thread.join(30)


class _Lane:
    """One writer thread and its connection."""

    def __init__(
        self, engine: Engine, name: str, max_group: int, gather: float, *, autocommit: bool = False
    ) -> None:
        self.engine = engine
        self.autocommit = autocommit  # its connection stays in autocommit (stakes alone)
        self.max_group = max_group
        self.gather = gather
        self._gathered = float("-inf")  # when the last group stopped gathering
        self.jobs_in: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._connection: Connection | None = None  # the thread's own, opened on first use
        self.groups = 0
        self.jobs = 0
        self.slowest_group_ms = 0.0
        self.thread = threading.Thread(target=self._work, name=name, daemon=True)
        self.thread.start()

    def _reset(self) -> None:
        """After a failure the connection may be broken: the next group opens a fresh one."""
        if self._connection is not None:
            with contextlib.suppress(Exception):
                self._connection.close()
            self._connection = None

    def _work(self) -> None:
        try:
            self._loop()
        finally:
            if self._connection is not None:
                self._connection.close()

    def _loop(self) -> None:
        held: _Job | None = None  # a job of another mode that ended the group before it
        while True:
            first = held if held is not None else self.jobs_in.get()
            held = None
            if first is None:
                return
            mode = first[3]
            if mode == ALONE:
                self._run_alone(first)
                continue
            group = [first]
            limit = self.max_group if mode == TRANSACTION else MAX_GROUP
            # group commit: a job sent within ``gather`` of the last group's start (a busy lane)
            # gathers what is sent until it is ``gather`` old; a job that found the lane quiet
            # is written at once, and a lane of one job per group takes no other
            if limit > 1 and first[4] - self._gathered < self.gather:
                # asleep rather than waiting on the queue: a job sent meanwhile wakes no one
                time.sleep(max(0.0, first[4] + self.gather - time.monotonic()))
            while len(group) < limit:
                try:
                    item = self.jobs_in.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self.jobs_in.put(None)  # stop after this group
                    break
                if item[3] != mode:
                    held = item  # it runs after this group
                    break
                group.append(item)
            self._gathered = time.monotonic()
            try:
                if mode == STAKES:
                    self._run_stakes(group)
                else:
                    self._run_group(group)
            except BaseException as failure:  # the thread lives on: no job waits for ever
                self._answer_failed(group, failure)

    def _answer_failed(self, group: list[_Job], failure: BaseException) -> None:
        """Answer every job of a group that failed outside its jobs (issue 16, finding 3)."""
        with contextlib.suppress(BaseException):
            self._reset()
        for _job, future, loop, _mode, _sent in group:
            with contextlib.suppress(RuntimeError):  # a loop already closed
                loop.call_soon_threadsafe(_answer, future, None, failure)

    def _connect(self) -> Connection:
        if self._connection is None:
            # one connection for the thread's life: no pool checkout and reset per group
            connection = self.engine.connect()
            driver: Any = connection.connection.dbapi_connection
            if self.autocommit:
                driver.autocommit = True
            if self.engine.dialect.name == "sqlite":
                # the statement journals of its multi-row statements, which SQLite spills to a
                # temporary file past 64 KiB: in memory (docs/store.md, "The writer")
                driver.execute("PRAGMA temp_store=MEMORY")
            self._connection = connection
        return self._connection

    def _run_stakes(self, group: list[_Job]) -> None:
        """Prepare each stakes job in turn and write all their batches together."""
        answers: list[tuple[Any, BaseException | None]] = [(None, None)] * len(group)
        prepared: list[Batch | None] = [None] * len(group)
        balances: dict[int, int] = {}
        problem: BaseException | None = None
        try:
            with self._for_stakes() as connection:
                for n, (job, _future, _loop, _mode, _sent) in enumerate(group):
                    try:
                        prepared[n] = job.prepare(connection)
                    except BaseException as refused:  # the job left nothing changed
                        answers[n] = (None, refused)
                batches = [batch for batch in prepared if batch is not None]
                if batches:
                    balances = RoundWrites.write_at_once(connection, batches)
        except BaseException as failure:  # nothing of the write was written
            problem = failure
            self._reset_if_broken(failure)
        shared = [n for n, batch in enumerate(prepared) if batch is not None]
        if problem is not None and not isinstance(problem, ShortBalance) and len(shared) > 1:
            # one table's failing batch is nobody else's: each is written again alone, so only
            # the batch that fails by itself fails (issue 16, finding 4)
            for n in shared:
                group[n][0].undo()
            alone = [n for n in range(len(group)) if n not in shared]
            self._answer_all([group[n] for n in alone], [answers[n] for n in alone])
            for n in shared:
                self._run_stakes([group[n]])
            return
        for n, batch in enumerate(prepared):
            job = group[n][0]
            if answers[n][1] is not None:
                continue
            try:
                if batch is not None and problem is not None:
                    job.undo()
                    answers[n] = (None, problem)
                else:
                    answers[n] = (job.written(balances), None)
            except BaseException as failure:
                answers[n] = (None, failure)
        self.groups += 1
        self.jobs += len(group)
        self._answer_all(group, answers)

    @staticmethod
    def _answer_all(group: list[_Job], answers: list[tuple[Any, BaseException | None]]) -> None:
        """Each job's answer, handed to its event loop: one wake-up of a loop for all its jobs
        of the group (each wake-up is a write to the loop's pipe and a turn of the loop)."""
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[Any, ...]]] = {}
        for (_job, future, loop, _, _), (outcome, problem) in zip(group, answers, strict=True):
            by_loop.setdefault(loop, []).append((future, outcome, problem))
        for loop, items in by_loop.items():
            loop.call_soon_threadsafe(_answer_each, items)

    def _run_alone(self, item: _Job) -> None:
        job, future, loop, _mode, _sent = item
        if self.engine.dialect.name != "postgresql":
            self._run_group([item])
            return
        outcome: Any = None
        problem: BaseException | None = None
        try:
            with self._autocommit() as connection:
                outcome = job(connection)
        except BaseException as failure:
            problem = failure
            self._reset_if_broken(failure)
        self.groups += 1
        self.jobs += 1
        loop.call_soon_threadsafe(_answer, future, outcome, problem)

    @contextlib.contextmanager
    def _for_stakes(self) -> Iterator[Connection]:
        """The lane's connection as stakes are written: in autocommit on PostgreSQL (the
        statement commits by itself), in a transaction on SQLite (undone whole on a failure)."""
        if self.engine.dialect.name != "sqlite":
            with self._autocommit() as connection:
                yield connection
            return
        connection = self._connect()
        with connection.begin():
            yield connection

    @contextlib.contextmanager
    def _autocommit(self) -> Iterator[Connection]:
        """The lane's connection in autocommit: each statement commits by itself."""
        connection = self._connect()
        driver: Any = connection.connection.dbapi_connection
        driver.autocommit = True  # a lane of stakes alone keeps it there (``self.autocommit``)
        try:
            yield connection
        finally:
            if connection.in_transaction():  # SQLAlchemy began one on a statement
                connection.rollback()  # (each statement has committed by itself)
            driver.autocommit = self.autocommit

    def _reset_if_broken(self, failure: BaseException) -> None:
        if not isinstance(failure, Exception) or _broken(self._connection, self.autocommit):
            self._reset()

    def _run_group(self, group: list[_Job]) -> None:
        started = time.perf_counter()
        answers: list[tuple[Any, BaseException | None]] = []
        try:
            connection = self._connect()
            with connection.begin() as transaction:
                with pipelined(connection) as flush:
                    answers = _run_jobs(connection, group, flush)
                if len(group) == 1 and answers[0][1] is not None:
                    transaction.rollback()  # alone: the transaction itself undoes it
        except BaseException as failure:  # the commit failed: nobody's work stands
            answers = [(None, failure) for _ in group]
            self._reset()
        self.groups += 1
        self.jobs += len(group)
        self.slowest_group_ms = max(self.slowest_group_ms, (time.perf_counter() - started) * 1000)
        self._answer_all(group, answers)


def _run_jobs(
    connection: Connection, group: list[_Job], flush: Callable[[], None]
) -> list[tuple[Any, BaseException | None]]:
    """Each job in its own savepoint (a job alone needs none); ``flush`` makes the database
    answer everything the job sent, so an error is raised inside the job that caused it."""
    raw = connection.connection.dbapi_connection
    assert raw is not None
    answers: list[tuple[Any, BaseException | None]] = []
    alone = len(group) == 1
    for job, _future, _loop, _mode, _sent in group:
        if not alone:
            raw.execute("SAVEPOINT job")
        try:
            result = job(connection)
            if not alone:  # alone, its errors come with the commit: the whole job is undone
                flush()
        except BaseException as refused:  # handed to the job's caller
            if not alone:
                with contextlib.suppress(Exception):
                    flush()  # after a database error the pipeline waits for a sync
                raw.execute("ROLLBACK TO SAVEPOINT job")
                raw.execute("RELEASE SAVEPOINT job")
            answers.append((None, refused))
        else:
            if not alone:
                raw.execute("RELEASE SAVEPOINT job")
            answers.append((result, None))
    return answers


def _broken(connection: Connection | None, autocommit: bool = False) -> bool:
    """Whether the driver's connection can serve the next job (after a failed one): open, and
    in autocommit only on a lane whose connection stays there."""
    if connection is None:
        return True
    driver: Any = connection.connection.dbapi_connection
    closed = bool(getattr(driver, "closed", True))
    return closed or getattr(driver, "autocommit", False) != autocommit
