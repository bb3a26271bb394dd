"""One online table as a single-writer actor (DESIGN.md, Server).

One asyncio task owns the table's state: its game (shoe, rounds), its seats and its betting
window. Players and the operator talk to it through commands put on its queue; each command is
answered through a future, and what happens is published as events (to everyone at the table,
or to one player). Money and the round journal are written by the store in the same database
transaction as the change they record; the database work runs in a worker thread while the
actor waits, so the event loop keeps serving other tables and clients.

Bets that arrive together are judged together on the table's task and written by the store as
one batch (:mod:`croupier.table.bet_taking`, :meth:`croupier.table.port.TableStore.stake`).

This module is the actor: the queue, the batching of commands, their dispatch, and a fault
turned into a void round. The table's concepts are its collaborators, each with what it needs
and no more (issue 27(4)): its terms (:mod:`~croupier.table.terms`), the round in play
(:mod:`~croupier.table.in_play`), its deadlines (:mod:`~croupier.table.timers`), who is told
what (:mod:`~croupier.table.announcer`), the seats and sessions (:mod:`~croupier.table.
sessions`), the bets (:mod:`~croupier.table.bet_taking`), the round cycle with its decisions
(:mod:`~croupier.table.cycle`, :mod:`~croupier.table.decisions`) and the view
(:mod:`~croupier.table.view`); the database is behind :class:`~croupier.table.port.TableStore`.

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
from croupier.games.live import LiveCards
from croupier.games.protocol import TableGame
from croupier.games.registry import jackpot_seed, table_game
from croupier.mailbox import Mailbox
from croupier.protection.limits import SeatLimits
from croupier.rng import RandomSource, SystemRandomSource
from croupier.rulesets.loader import Ruleset
from croupier.shoe import StackedCards
from croupier.table.announcer import Announcer, Publish
from croupier.table.bet_taking import Betting
from croupier.table.betting import BetRequest
from croupier.table.clock import Clock
from croupier.table.config import TableConfig
from croupier.table.cycle import Cycle
from croupier.table.disabling import UNDEALT, Disabling
from croupier.table.errors import REFUSALS
from croupier.table.in_play import InPlay
from croupier.table.port import VOID_ON_SHUTDOWN, TableAccounts, TableStore
from croupier.table.seats import Seat
from croupier.table.sessions import Seating
from croupier.table.shoe_entropy import RULE as ENTROPY_RULE
from croupier.table.shoe_entropy import ShoeEntropy, give
from croupier.table.terms import TableTerms
from croupier.table.timers import Timers
from croupier.table.view import JackpotDisplay, TableView

log = logging.getLogger(__name__)
MAX_BATCH = 512


@dataclass
class _Command:
    name: str
    args: dict[str, Any]
    future: asyncio.Future[Any] | None


class Table:
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
        self.store = store
        self.clock = clock
        self.terms = TableTerms(config)
        self.seats: dict[str, Seat] = {}
        self.timers = Timers()
        self.in_play = InPlay(table_id, store)
        if config.players_entropy:
            self.in_play.entropy = ShoeEntropy()
        self.announcer = Announcer(publish, config.mode, self.seats)
        self.seating = Seating(
            store, clock, self.terms, self.in_play, self.announcer, self.seats, self._verify_window
        )
        self.betting = Betting(
            store,
            self.in_play,
            self.seats,
            self.terms,
            clock,
            self._verify_window,
            self.announcer,
        )
        self.display = JackpotDisplay(self.announcer)
        if config.live:  # cards from a physical shoe, handed over coup by coup (issue 31)
            cards = LiveCards()
        self.cycle = Cycle(
            store,
            clock,
            self.terms,
            self.in_play,
            self.timers,
            self.announcer,
            self.seating,
            self.betting,
            self.display,
            source or SystemRandomSource(),
            cards,
        )
        self.disabling = Disabling(
            table_id, self.in_play, self.timers, self.announcer, self.cycle.open_window
        )
        self.reader = TableView(
            table_id,
            self.terms,
            self.in_play,
            self.seats,
            self.timers,
            clock,
            self.display,
            self.cycle.live,
        )
        self.queue: Mailbox[_Command] = Mailbox()  # read by the table's task alone
        self._task: asyncio.Task[None] | None = None
        self.idle = True  # no command in progress (tests wait for this)

    # -- what the server reads -----------------------------------------------------------
    @property
    def config(self) -> TableConfig:
        return self.terms.config

    @property
    def ruleset(self) -> Ruleset:
        return self.terms.ruleset

    @property
    def rules(self) -> Any:
        return self.terms.rules

    @property
    def information(self) -> Any:
        return self.terms.information

    @property
    def currency(self) -> str:
        return self.terms.currency

    @property
    def game(self) -> TableGame:
        return self.in_play.game

    @property
    def accounts(self) -> TableAccounts:
        return self.in_play.accounts

    @property
    def round_id(self) -> int:
        """The round in play's id in the store."""
        return self.in_play.round_id

    @property
    def checked_at(self) -> float:
        return self.timers.checked_at

    @property
    def jackpot_shown(self) -> int | None:
        return self.display.jackpot_shown

    @property
    def view(self) -> dict[str, Any]:
        return self.reader.view()

    def view_for(self, viewer: str | None, *, operator: bool) -> dict[str, Any]:
        return self.reader.view_for(viewer, operator=operator)

    def show_jackpot(self, pool: int | None) -> None:
        self.display.show(pool)

    def _verify_window(self) -> None:
        self.timers.verify_window(self.clock.now())

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self) -> None:
        rules, in_play = self.terms.rules, self.in_play
        in_play.accounts, pool, sessions = await self.store.open_table(
            self.id, self.terms.currency, jackpot_seed(rules), self.config.linked_jackpot
        )
        in_play.game = table_game(
            rules,
            self.cycle.source,
            jackpot_pool=pool,
            cards=self.cycle.cards,
            players=in_play.entropy,
        )
        # the next round's number follows the table's last, whoever ran it (a restart, a
        # takeover after a crash): a number a player saw is never given to another round
        in_play.game.rounds_played = await self.store.last_round_number(self.id)
        given = in_play.entropy
        promised = await self.store.next_shoe(self.id) if given is not None else None
        if given is not None and promised is not None:  # as promised before this start
            entropy, contributions = promised  # (issue 28: the house's, then the players')
            try:
                in_play.game.promise_next_shoe(bytes.fromhex(entropy))
            except ValueError:  # changed behind the table's back: a new draw, said loudly
                log.error("table %s: the next shoe's kept entropy is unreadable", self.id)
            if given.restore(contributions):
                log.error("table %s: kept contributions failed their checks", self.id)
        self.display.jackpot_shown = pool
        now = self.clock.now()
        for s in sessions:
            self.seats[s.player.name] = Seat(
                s.session_id, s.player.id, s.player.name, s.account, s.seat, now
            )
        await in_play.begin()
        self.cycle.open_window()
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    @property
    def running(self) -> bool:
        """Whether the table's task has started (it takes commands)."""
        return self._task is not None

    async def close(self, *, for_good: str | None = None) -> bool:
        """A graceful stop (issue 34(2)), on the table's own task: True once the table holds
        no round in play. A round no card of which was dealt is voided and its stakes returned
        with the shutdown as its reason (nothing was decided, as when bets are withdrawn in the
        window); a dealt round is left to finish (False: ask again), so that the next start
        has nothing to recover. ``for_good``: the operator closes the table (issue 30), that
        reason given to the void round, and every session at it ends (``table_closed``)."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(_Command("close", {"for_good": for_good}, future))
        return await future

    async def _close(self, for_good: str | None = None) -> bool:
        timers, rnd = self.timers, self.in_play.round
        if timers.closing and for_good is None:
            return True
        if timers.opens_at is None and rnd.phase_name not in UNDEALT:
            return False  # cards are out: the round finishes first
        reason = VOID_ON_SHUTDOWN if for_good is None else for_good
        if not timers.closing:
            timers.closing = True
            timers.stop()
            await self.store.recover(self.id, reason)
            self.announcer.publish(
                {"type": "round_void", "round": rnd.number, "void_reason": reason}, None
            )
        if for_good is not None:
            for seat in list(self.seats.values()):
                await self.seating.end_session(seat, "table_closed")
            self.announcer.publish({"type": "table_closed", "reason": for_good}, None)
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
            batch = await self.queue.get_many(MAX_BATCH)
            self.idle = False
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
                await self.cycle.check_time()
        except Exception as error:
            answer = error
            if isinstance(error, StopIteration):  # a future refuses it: its caller would hang
                answer = RuntimeError(f"the table failed: StopIteration {error}")
            for command in commands:
                if command.future is not None and not command.future.done():
                    command.future.set_exception(answer)
            if not isinstance(error, REFUSALS):
                log.exception("table %s: fault; voiding the round in play (rule 29)", self.id)
                await self.cycle.recover_from_fault(str(error))

    async def _one(self, command: _Command) -> None:
        handlers: dict[str, Callable[..., Any]] = {
            "join": self.seating.join,
            "leave": self.seating.leave,
            "withdraw": self.seating.withdraw,
            "deal": self.cycle.deal,
            "fault": self.cycle.fault,
            "set_limits": self.cycle.set_limits,
            "announce": self.cycle.announce,
            "decide": self.cycle.decisions.decide,
            "card": self.cycle.card,
            "remedy": self.cycle.remedy,
            "new_shoe": self.cycle.new_shoe,
            "acknowledge_reality": self._acknowledge_reality,
            "shoe_entropy": self._shoe_entropy,
            "limit_seat": self._limit_seat,
            "tick": self._noop,
            "close": self._close,
            "disable": self.disabling.disable,
            "enable": self.disabling.enable,
        }
        result = await handlers[command.name](**command.args)
        if command.future is not None and not command.future.done():
            command.future.set_result(result)

    async def _noop(self) -> None:
        return None

    async def _acknowledge_reality(self, player: str) -> dict[str, Any]:
        return self.seating.acknowledge_reality(player)

    async def _shoe_entropy(
        self, player: str, commitment: str | None = None, value: str | None = None
    ) -> dict[str, Any]:
        """A seated player's value for the next shoe: its SHA-256 first, the value after."""
        entropy = self.in_play.entropy
        before = entropy.saved() if entropy is not None else []
        state = give(entropy, player, player in self.seats, commitment, value)
        if entropy is not None:  # kept before it is answered: a restart keeps it (issue 28)
            try:
                await self.store.keep_next_shoe(self.id, entropy.saved())
            except Exception as failure:  # not kept: not taken, and no fault of the round's
                entropy.restore(before)
                log.exception("table %s: a player's value for the next shoe not kept", self.id)
                raise RuleViolation(
                    "commitment" if commitment is not None else "value",
                    "the value could not be kept: nothing was taken, send it again",
                    ENTROPY_RULE,
                ) from failure
        return {"next_shoe_entropy_sha256": self.in_play.game.next_entropy_sha256(), **state}

    async def _limit_seat(self, player: str, limits: SeatLimits) -> dict[str, Any]:
        return self.seating.limit_seat(player, limits)

    # -- bets -----------------------------------------------------------------------------
    async def _bets(self, commands: list[_Command]) -> None:
        answers = await self.betting.take([BetRequest(**c.args) for c in commands])
        for command, answer in zip(commands, answers, strict=True):
            future = command.future
            assert future is not None
            if future.done():  # its caller stopped waiting (cancelled): the bet is as answered
                continue
            if isinstance(answer, Exception):
                future.set_exception(answer)
            else:
                future.set_result(answer)
