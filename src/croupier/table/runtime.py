"""One online table as a single-writer actor (DESIGN.md, Server).

One asyncio task owns the table's state: its game (shoe, rounds), its seats and its betting
window. Players and the operator talk to it through commands put on its queue; each command is
answered through a future, and what happens is published as events (to everyone at the table,
or to one player). Money and the round journal are written by the store in the same database
transaction as the change they record; the database work runs in a worker thread while the
actor waits, so the event loop keeps serving other tables and clients.

Bets that arrive together are judged together (:mod:`croupier.table.betting`) and written by
the store as one batch (:meth:`croupier.table.port.TableStore.stake`).

This module is the actor: the queue, the batching of commands, their dispatch, and a fault
turned into a void round. The table's concepts are its bases: :class:`~croupier.table.sessions.
Sessions`, :class:`~croupier.table.cycle.Cycle`, :class:`~croupier.table.decisions.Decisions`
and :class:`~croupier.table.view.View`, over :class:`~croupier.table.state.TableState`; the
database is behind :class:`~croupier.table.port.TableStore`.

The round cycle:

* multi-player table (PT rules 5, 27): a betting window common to every player, announced with
  "Place your bets" and a countdown set by the operator, closed with "No more bets, cards being
  dealt"; the round is dealt and settled at once, and the next window opens. A window that
  closes with no bet on the table deals no cards: the window opens again;
* individual table (rules 4, 28): the player bets, then starts the deal.

Faults: an operator-side fault voids the round in play and refunds every stake (rule 29); a
player who disconnects keeps their bets, the round settles normally and the result is there
when they come back (rule 30). After a crash the store voids and refunds the open round exactly
once (:mod:`croupier.store.recovery`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.registry import jackpot_seed, table_currency, table_game, table_information
from croupier.money import DEMO
from croupier.rng import RandomSource, SystemRandomSource
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from croupier.table.betting import BetBatch, BetRequest
from croupier.table.clock import Clock
from croupier.table.config import TableConfig
from croupier.table.cycle import Cycle
from croupier.table.decisions import Decisions
from croupier.table.port import VOID_ON_SHUTDOWN, TableStore
from croupier.table.seats import Seat
from croupier.table.sessions import Sessions
from croupier.table.state import REFUSALS, Publish, in_points
from croupier.table.view import View

log = logging.getLogger(__name__)
MAX_BATCH = 512
UNDEALT = frozenset({"betting", "closed"})  # the phases of a round no card of which is out
BETS_EVERY = 0.1  # seconds between two "bets" messages of a table


@dataclass
class _Command:
    name: str
    args: dict[str, Any]
    future: asyncio.Future[Any] | None


class Table(Sessions, Cycle, Decisions, View):
    """A running table. Create it, ``await start()``, then send commands."""

    def __init__(
        self,
        table_id: int,
        config: TableConfig,
        store: TableStore,
        clock: Clock,
        publish: Publish,
        source: RandomSource | None = None,
        cards: StackedCards | None = None,
    ) -> None:
        self.id = table_id
        self.cards = cards  # a stacked sequence instead of a shuffled shoe (tests, lab testing)
        self.config = config
        self.store = store
        self.clock = clock
        self._send = publish  # to the hub; tables speak through :meth:`publish`
        ruleset = load_ruleset(config.ruleset, dict(config.overrides))
        self.ruleset = ruleset
        self.rules = in_points(ruleset.rules) if config.demo else ruleset.rules
        currency, self.minor_digits = table_currency(self.rules)
        self.currency = DEMO if config.demo else currency  # rules 37-38
        self.shown_currency = currency  # what messages say: "points" at a demo (in_points)
        self.information = table_information(self.rules)
        self.source = source or SystemRandomSource()
        self.seats: dict[str, Seat] = {}
        self.queue: asyncio.Queue[_Command] = asyncio.Queue()
        self.closes_at: float | None = None
        self.opens_at: float | None = None  # the result is shown until then (multi-player)
        self.decides_by: float | None = None  # when undecided hands take the default decision
        self._asked: dict[str, Any] = {}  # the felt as it was when decisions were last asked
        self.round_id = 0
        self.jackpot_shown: int | None = None  # the progressive jackpot's display (view.py)
        self.journaled = 0
        self._task: asyncio.Task[None] | None = None
        self._ending: list[Seat] = []
        self._unpublished: list[dict[str, Any]] = []  # bets not yet in a "bets" message
        self._flush_handle: asyncio.TimerHandle | None = None
        self.checked_at = float("-inf")
        self.idle = True
        self.closing = False  # a graceful stop voided its undealt round: no bet, no new round

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self) -> None:
        seed = jackpot_seed(self.rules)
        self.accounts, pool, sessions = await self.store.open_table(
            self.id, self.currency, seed, self.config.linked_jackpot
        )
        self.game = table_game(self.rules, self.source, jackpot_pool=pool, cards=self.cards)
        # the next round's number follows the table's last, whoever ran it (a restart, a
        # takeover after a crash): a number a player saw is never given to another round
        self.game.rounds_played = await self.store.last_round_number(self.id)
        self.jackpot_shown = pool
        now = self.clock.now()
        for s in sessions:
            self.seats[s.player.name] = Seat(
                s.session_id, s.player.id, s.player.name, s.account, s.seat, now
            )
        await self._new_round()
        self._open_window()
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    @property
    def running(self) -> bool:
        """Whether the table's task has started (it takes commands)."""
        return self._task is not None

    async def close(self) -> bool:
        """A graceful stop (issue 34(2)), on the table's own task: True once the table holds
        no round in play. A round no card of which was dealt is voided and its stakes returned
        with the shutdown as its reason (nothing was decided, as when bets are withdrawn in the
        window); a dealt round is left to finish (False: ask again), so that the next start
        has nothing to recover."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(_Command("close", {}, future))
        return await future

    async def _close(self) -> bool:
        if self.closing:
            return True
        if self.opens_at is None and self.round.phase_name not in UNDEALT:
            return False  # cards are out: the round finishes first
        self.closing = True
        self.closes_at = self.opens_at = self.decides_by = None
        await self.store.recover(self.id, VOID_ON_SHUTDOWN)
        self.publish(
            {"type": "round_void", "round": self.round.number, "void_reason": VOID_ON_SHUTDOWN},
            None,
        )
        return True

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    # -- commands (called by the server) ---------------------------------------------------
    async def command(self, name: str, **args: Any) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(_Command(name, args, future))  # unbounded: never waits
        return await future

    def tick(self) -> None:
        """Look at the clock (thread-safe through ``call_soon_threadsafe`` by the caller)."""
        self.queue.put_nowait(_Command("tick", {}, None))

    async def _run(self) -> None:
        while True:
            first = await self.queue.get()
            self.idle = False
            batch = [first]
            while len(batch) < MAX_BATCH and not self.queue.empty():
                batch.append(self.queue.get_nowait())
            index = 0
            while index < len(batch):
                command = batch[index]
                if command.name == "bet":
                    end = index
                    while end < len(batch) and batch[end].name == "bet":
                        end += 1
                    await self._guard(batch[index:end])
                    index = end
                    continue
                await self._guard([command])
                index += 1
            await self._guard([])
            self.idle = self.queue.empty()

    async def _guard(self, commands: list[_Command]) -> None:
        try:
            if commands and commands[0].name == "bet":
                await self._bets(commands)
            elif commands:
                await self._one(commands[0])
            else:
                await self._check_time()
        except Exception as error:
            answer = error
            if isinstance(error, StopIteration):  # a future refuses it: its caller would hang
                answer = RuntimeError(f"the table failed: StopIteration {error}")
            for command in commands:
                if command.future is not None and not command.future.done():
                    command.future.set_exception(answer)
            if not isinstance(error, REFUSALS):
                log.exception("table %s: fault; voiding the round in play (rule 29)", self.id)
                await self._recover_from_fault(str(error))

    async def _one(self, command: _Command) -> None:
        handlers: dict[str, Callable[..., Any]] = {
            "join": self._join,
            "leave": self._leave,
            "withdraw": self._withdraw,
            "deal": self._deal,
            "fault": self._fault,
            "set_limits": self._set_limits,
            "announce": self._announce,
            "decide": self._decide,
            "tick": self._noop,
            "close": self._close,
        }
        result = await handlers[command.name](**command.args)
        if command.future is not None and not command.future.done():
            command.future.set_result(result)

    async def _noop(self) -> None:
        return None

    # -- bets -----------------------------------------------------------------------------
    async def _bets(self, commands: list[_Command]) -> None:
        requests = [BetRequest(**c.args) for c in commands]
        batch = BetBatch(
            self, self.seats, requests, self.accounts.escrow, self._verify_window, self.money
        )
        results = await self.store.stake(self.id, batch)
        now = self.clock.now()
        accepted = []
        for command, result in zip(commands, results, strict=True):
            assert command.future is not None
            if isinstance(result, RuleViolation):
                command.future.set_exception(result)
            else:
                self.seats[command.args["player"]].betted(now)
                command.future.set_result(result)
                accepted.append({k: v for k, v in result.items() if k not in ("balance", "round")})
        if accepted:
            self._unpublished.extend(accepted)
            if self._flush_handle is None:  # at most BETS_EVERY seconds between bets messages
                loop = asyncio.get_running_loop()
                self._flush_handle = loop.call_later(BETS_EVERY, self._publish_bets)

    def _publish_bets(self) -> None:
        """The bets accepted since the last message, with the table's totals, to everyone: one
        message per interval rather than one per bet (a busy table would flood its watchers)."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if not self._unpublished:
            return
        totals: dict[str, int] = {}
        for b in self.round.bets:
            totals[b.kind] = totals.get(b.kind, 0) + b.amount
        bets, self._unpublished = self._unpublished, []
        self.publish(
            {"type": "bets", "round": self.round.number, "bets": bets, "totals": totals}, None
        )
