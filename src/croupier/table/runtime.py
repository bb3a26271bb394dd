"""One online table as a single-writer actor (DESIGN.md, Server).

One asyncio task owns the table's state: its game (shoe, rounds), its seats and its betting
window. Players and the operator talk to it through commands put on its queue; each command is
answered through a future, and what happens is published as events (to everyone at the table,
or to one player). Money and the round journal are written by the store in the same database
transaction as the change they record; the database work runs in a worker thread while the
actor waits, so the event loop keeps serving other tables and clients.

Bets that arrive together are written in one transaction (group commit) but judged one by one,
in arrival order, each against the table as the bets before it left it: a refused bet (limits,
PT rules 13, 15, 41-43; a short balance) changes nothing and does not hold up the others.

The round cycle:

* multi-player table (PT rules 5, 27): a betting window common to every player, announced with
  "Place your bets" and a countdown set by the operator, closed with "No more bets, cards being
  dealt"; the round is dealt and settled at once, and the next window opens. A window that
  closes with no bet on the table deals no cards: the window opens again;
* individual table (rules 4, 28): the player bets, then starts the deal.

Faults: an operator-side fault voids the round in play and refunds every stake (rule 29); a
player who disconnects keeps their bets, the round settles normally and the result is there
when they come back (rule 30). After a crash the store voids and refunds the open round exactly
once (:meth:`croupier.store.rounds.RoundRecords.recover`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from croupier.errors import RulesetError, RuleViolation
from croupier.games.protocol import (
    DecidingRound,
    Event,
    LogEntry,
    TableGame,
    TableRound,
    TableSettlement,
)
from croupier.games.registry import (
    shown_result,
    table_currency,
    table_game,
    table_information,
)
from croupier.money import format_amount
from croupier.rng import RandomSource, SystemRandomSource
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from croupier.store.at_once import Batch, ShortBalance
from croupier.store.ledger import DEMO
from croupier.store.players import Player, Players
from croupier.store.rounds import BetResult, JournalEntry, RoundRecords, StandingBet, TableAccounts
from croupier.store.writer import Writer
from croupier.table.clock import Clock
from croupier.table.config import TableConfig
from croupier.table.seats import (
    INVITATION,
    WARNING_INDIVIDUAL,
    WARNING_MULTI,
    Seat,
)

log = logging.getLogger(__name__)

Publish = Callable[[dict[str, Any], str | None], None]
PLACE_YOUR_BETS = "Place your bets"  # PT rule 27
NO_MORE_BETS = "No more bets, cards being dealt"  # PT rule 27
SESSION_RULE = "PT 812/2015 rule 34: bets are placed within a session the player started"
MAX_BATCH = 512
POINTS = "points"  # the unit a demo table's amounts are read in
#: what a command raises when it is refused: it changed nothing, so the round plays on (a
#: RulesetError is an operator's option its regulation does not allow; issue 16, finding 5)
REFUSALS = (RuleViolation, RulesetError)
BETS_EVERY = 0.1  # seconds between two "bets" messages of a table


@dataclass
class _Command:
    name: str
    args: dict[str, Any]
    future: asyncio.Future[Any] | None


def in_points(rules: Any) -> Any:
    """A demo table's rules, whose amounts read in points: demo play is with points that are
    never money (PT 812/2015 rules 37-38), so no message may quote euros or patacas (issue 18,
    item 3). The amounts and limits are the ruleset's; only the unit's name changes."""
    return dataclasses.replace(rules, money=dataclasses.replace(rules.money, currency=POINTS))


def _events_json(events: tuple[Event, ...]) -> list[dict[str, Any]]:
    return [{"event": e.kind, "data": dict(e.data)} for e in events]


#: an accepted bet of a batch: its answer's index, the seat, the kind, the bet's total, the stake
_Placed = tuple[int, Seat, str, int, int]


def _journal(entries: list[LogEntry]) -> list[JournalEntry]:
    return [JournalEntry(e.command, dict(e.args), _events_json(e.events)) for e in entries]


class _BetsAtOnce:
    """A batch of bets as a stakes job of the writer (PostgreSQL: docs/store.md, "Bets at
    once"): judged by the rules and placed on the round, then written with the batches of other
    tables by one statement that reads nothing first. When that statement refuses a stake no
    balance covers, nothing was written: the round goes back to its checkpoint and the writer
    raises :class:`ShortBalance`, and the table judges the batch again with the balances read
    (:meth:`Table._write_bets`), which says whose."""

    def __init__(self, table: Table, commands: list[_Command]) -> None:
        self.table = table
        self.commands = commands
        self.checkpoint: Any = None
        self.out: list[dict[str, Any] | RuleViolation] = []
        self.placed: list[_Placed] = []
        self.logged = 0

    def prepare(self, connection: Connection) -> Batch | None:
        table = self.table
        self.checkpoint = table.round.checkpoint()
        self.out, self.placed = table._judge_bets(self.commands, None)
        if not self.placed:
            return None
        self.logged = len(table.round.log)
        try:
            return table.records.stake_batch(
                connection,
                table.round_id,
                table.accounts.escrow,
                table._standing(self.placed),
                table.journaled,
                _journal(table.round.log[table.journaled :]),
            )
        except BaseException as failure:
            self.undo()  # nothing is written
            if isinstance(failure, RuleViolation):
                raise RuntimeError(f"stakes refused: {failure}") from failure
            raise

    def written(self, balances: dict[int, int]) -> list[dict[str, Any] | RuleViolation]:
        if self.placed:
            self.table.journaled = self.logged
        return self.table._accepted(self.out, self.placed, balances)

    def undo(self) -> None:
        self.table.round.restore(self.checkpoint)


class Table:
    """A running table. Create it, ``await start()``, then send commands."""

    def __init__(
        self,
        table_id: int,
        config: TableConfig,
        records: RoundRecords,
        players: Players,
        clock: Clock,
        publish: Publish,
        writer: Writer,
        source: RandomSource | None = None,
        cards: StackedCards | None = None,
    ) -> None:
        self.id = table_id
        self.cards = cards  # a stacked sequence instead of a shuffled shoe (tests, lab testing)
        self.config = config
        self.records = records
        self.players = players
        self.clock = clock
        self._send = publish  # to the hub; tables speak through :meth:`publish`
        self.writer = writer  # the server's one writer thread (group commit across tables)
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
        self.journaled = 0
        self._task: asyncio.Task[None] | None = None
        self._ending: list[Seat] = []
        self._unpublished: list[dict[str, Any]] = []  # bets not yet in a "bets" message
        self._flush_handle: asyncio.TimerHandle | None = None
        self.checked_at = float("-inf")  # when the table last looked at the clock
        self.idle = True  # no command in progress (tests wait for this)
        self.game: TableGame
        self.round: TableRound
        self.accounts: TableAccounts

    # -- lifecycle ------------------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(self._load)
        self._open_window()
        self._task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    def _load(self) -> None:
        seed = None
        jackpot = getattr(self.rules, "jackpot", None)
        if jackpot is not None:
            seed = jackpot.seed
        self.accounts = self.records.table_accounts(self.id, self.currency, pool_seed=seed)
        pool = self.records.ledger.balance(self.accounts.pool) if self.accounts.pool else None
        self.game = table_game(self.rules, self.source, jackpot_pool=pool, cards=self.cards)
        now = self.clock.now()
        for session_id, player_id, seat_no, name, demo in self._sessions():
            account = self.players.account(Player(player_id, name, "player", demo), self.currency)
            self.seats[name] = Seat(session_id, player_id, name, account, seat_no, now)
        self._new_round()

    def _sessions(self) -> list[tuple[int, int, int, str, bool]]:
        out = []
        for session_id, player_id, seat in self.records.open_sessions(self.id):
            player = self.players.by_id(player_id)
            if player is not None:
                out.append((session_id, player_id, seat, player.name, player.demo))
        return out

    def _new_round(self) -> None:
        self.round = self.game.start_round()
        self.round_id = self.records.begin_round(
            self.id, self.round.number, self.game.shoe_commitment()
        )
        self.journaled = 0

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def publish(self, event: dict[str, Any], to: str | None) -> None:
        """Tell ``event`` to player ``to``, or to the table. An individual table's round is its
        player's alone (PT 812/2015 rules 4, 28): what it tells the table goes to its seated
        player, and watchers learn only that its seat was taken or freed (issue 16, finding 6)."""
        if to is not None or self.config.mode != "individual":
            self._send(event, to)
        elif event.get("type") in ("seat_taken", "seat_free"):
            self._send({k: v for k, v in event.items() if k != "player"}, None)
        else:
            for name in list(self.seats):
                self._send(event, name)

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
        }
        result = await handlers[command.name](**command.args)
        if command.future is not None and not command.future.done():
            command.future.set_result(result)

    async def _noop(self) -> None:
        return None

    # -- seats and sessions (PT rules 33-36) ----------------------------------------------
    async def _join(self, player: Player, seat: int | None = None) -> dict[str, Any]:
        if player.role != "player":
            raise RuleViolation("player", "operators do not play", "roles")
        if player.name in self.seats:
            raise RuleViolation(
                "session", "you already have a session at this table", "PT 812/2015 rule 34"
            )
        if player.demo != self.config.demo:
            raise RuleViolation(
                "table",
                "demo players play at demo tables only, real players at real tables",
                "PT 812/2015 rules 37-38",
            )
        taken = {s.seat for s in self.seats.values()}
        free = [n for n in range(1, self.config.seats + 1) if n not in taken]
        if seat is None:
            if not free:
                raise RuleViolation("seat", "the table is full", "PT 812/2015 rule 6")
            seat = free[0]
        elif (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or seat not in range(1, self.config.seats + 1)
        ):
            raise RuleViolation(
                "seat", f"{seat!r}: seats are 1 to {self.config.seats}", "PT 812/2015 rule 6"
            )
        elif seat in taken:
            raise RuleViolation("seat", f"seat {seat} is taken", "PT 812/2015 rule 6")
        account = await asyncio.to_thread(self.players.account, player, self.currency)
        session_id = await asyncio.to_thread(self.records.start_session, player.id, self.id, seat)
        self.seats[player.name] = Seat(
            session_id, player.id, player.name, account, seat, self.clock.now()
        )
        self.publish({"type": "seat_taken", "seat": seat, "player": player.name}, None)
        return {
            "session": session_id,
            "table": self.id,
            "seat": seat,
            "information": self.information,
        }

    async def _leave(self, player: str, reason: str = "player") -> dict[str, Any]:
        seat = self._seat(player)
        mine = [b for b in self.round.bets if b.bettor == player]
        if mine and self.round.phase_name != "betting":  # cards are out: the round decides
            seat.leaving = True
            return {"session": seat.session_id, "ending": "after this round"}
        if mine:
            try:
                kinds = [b.kind for b in mine]
                await self.writer.run(lambda c: self._withdraw_all(c, seat, kinds), self.id)
            except RuleViolation:
                seat.leaving = True  # its bets stand (table limits): it ends after the round
                return {"session": seat.session_id, "ending": "after this round"}
        return await self._end_session(seat, reason)

    async def _end_session(self, seat: Seat, reason: str) -> dict[str, Any]:
        await asyncio.to_thread(self.records.end_session, seat.session_id, reason)
        statement = await asyncio.to_thread(self.records.statement, seat.session_id)
        assert statement is not None
        self.seats.pop(seat.name, None)
        self.publish({"type": "session_ended", "statement": statement}, seat.name)
        self.publish({"type": "seat_free", "seat": seat.seat, "player": seat.name}, None)
        return statement

    def _seat(self, player: str) -> Seat:
        seat = self.seats.get(player)
        if seat is None:
            raise RuleViolation(
                "session", "no session at this table: start one first", SESSION_RULE
            )
        return seat

    # -- bets -----------------------------------------------------------------------------
    async def _bets(self, commands: list[_Command]) -> None:
        results = None
        if self.records.stakes_at_once:  # PostgreSQL: one statement, nothing read first
            try:
                results = await self.writer.stake(_BetsAtOnce(self, commands), self.id)
            except ShortBalance:
                pass  # judged again below, with the balances read, to say whose
            except Exception:  # nothing was written and the round is back at its checkpoint
                log.exception("table %s: a batch of bets could not be written", self.id)
        if results is None:  # a balance fell short: judged again with the balances read
            before, journaled = self.round.checkpoint(), self.journaled
            try:
                results = await self.writer.run(
                    lambda connection: self._write_bets(connection, commands), self.id
                )
            except Exception:  # the transaction wrote nothing: neither does the round
                log.exception("table %s: a batch of bets could not be written", self.id)
                self.round.restore(before)
                self.journaled = journaled
                # one bad bet refuses its batch, never voids the round (issue 16, finding 4)
                results = [
                    RuleViolation(
                        "bet", "the bet could not be written; nothing was staked", "ledger"
                    )
                    for _ in commands
                ]
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

    def _write_bets(
        self, connection: Connection, commands: list[_Command]
    ) -> list[dict[str, Any] | RuleViolation]:
        """Judge each bet in arrival order and write the accepted ones in one transaction: the
        players' balances are read (and locked) first, so a short balance refuses a bet here
        before anything is written; the stakes then move in one posting, escrow credited."""
        wanted = {seat.account for c in commands if (seat := self.seats.get(c.args["player"]))}
        balances = self.records.lock_balances(connection, wanted | {self.accounts.escrow})
        out, placed = self._judge_bets(commands, balances)
        if placed:
            # balances were checked under lock: a refusal now is a fault, not a refusal
            self._stake_all_or_fault(connection, placed)
        self._write_log(connection)
        return self._accepted(out, placed, balances)

    def _judge_bets(
        self, commands: list[_Command], balances: dict[int, int] | None
    ) -> tuple[list[dict[str, Any] | RuleViolation], list[_Placed]]:
        """Each bet in arrival order, by the rules and (given ``balances``, which it debits)
        by the money; the accepted ones are placed on the round."""
        out: list[dict[str, Any] | RuleViolation] = []
        placed: list[_Placed] = []
        standing = {(b.bettor, b.kind): b.amount for b in self.round.bets}
        for command in commands:
            player, kind, amount = (command.args[k] for k in ("player", "kind", "amount"))
            seat = self.seats.get(player)
            try:
                if seat is None:
                    raise RuleViolation(
                        "session", "no session at this table: start one first", SESSION_RULE
                    )
                if seat.leaving:
                    raise RuleViolation("session", "your session is ending", SESSION_RULE)
                self._verify_window()
                before = self.round.checkpoint() if balances is not None else None
                self.round.place_bet(player, kind, amount)  # judged by the rules first
                if before is not None and balances is not None and balances[seat.account] < amount:
                    self.round.restore(before)
                    have = format_amount(balances[seat.account], self.minor_digits)
                    raise RuleViolation(
                        "amount",
                        f"the stake {format_amount(amount, self.minor_digits)} would take "
                        f"the balance {have} {self.shown_currency} below zero",
                        "ledger: balances never go negative (DESIGN.md, Money)",
                    )
            except RuleViolation as refusal:
                out.append(refusal)
                continue
            if balances is not None:
                balances[seat.account] -= amount
            total = standing.get((player, kind), 0) + amount
            standing[(player, kind)] = total
            placed.append((len(out), seat, kind, total, amount))
            out.append({})
        return out, placed

    def _accepted(
        self,
        out: list[dict[str, Any] | RuleViolation],
        placed: list[_Placed],
        balances: dict[int, int],
    ) -> list[dict[str, Any] | RuleViolation]:
        """Each accepted bet's answer: the bet standing now and the balance after the batch."""
        for index, seat, kind, total, _added in placed:
            out[index] = {
                "round": self.round.number,
                "player": seat.name,
                "seat": seat.seat,
                "kind": kind,
                "amount": total,
                "balance": balances[seat.account],
            }
        return out

    def _standing(self, placed: list[_Placed]) -> list[tuple[StandingBet, int]]:
        return [
            (StandingBet(seat.session_id, seat.player_id, seat.account, kind, total), added)
            for _, seat, kind, total, added in placed
        ]

    def _stake_all_or_fault(self, connection: Connection, placed: list[_Placed]) -> None:
        try:
            self.records.stake_all(
                connection,
                self.round_id,
                self.accounts.escrow,
                self._standing(placed),
                checked=True,
            )
        except RuleViolation as refusal:
            raise RuntimeError(f"stakes refused after the balance check: {refusal}") from refusal

    def _write_log(self, connection: Connection) -> None:
        fresh = self.round.log[self.journaled :]
        self.records.write_journal(connection, self.round_id, self.journaled, _journal(fresh))
        self.journaled = len(self.round.log)

    def _verify_window(self) -> None:
        if self.opens_at is not None:
            left = max(0.0, self.opens_at - self.clock.now())
            raise RuleViolation(
                "phase",
                f"no more bets: the betting window is closed; the next opens in {left:.0f} s",
                "PT 812/2015 rule 27",
            )

    async def _withdraw(self, player: str, kind: str) -> dict[str, Any]:
        seat = self._seat(player)
        self._verify_window()
        self.round.verify_withdraw_bet(player, kind)
        await self.writer.run(lambda c: self._withdraw_all(c, seat, [kind]), self.id)
        self.publish(
            {"type": "bet_withdrawn", "player": player, "kind": kind, "round": self.round.number},
            None,
        )
        return {"round": self.round.number, "kind": kind, "withdrawn": True}

    def _withdraw_all(self, connection: Connection, seat: Seat, kinds: list[str]) -> None:
        for kind in kinds:
            self.round.verify_withdraw_bet(seat.name, kind)
        for kind in kinds:
            amount = sum(
                b.amount for b in self.round.bets if b.bettor == seat.name and b.kind == kind
            )
            standing = StandingBet(seat.session_id, seat.player_id, seat.account, kind, amount)
            self.records.unstake(connection, self.round_id, standing, self.accounts.escrow)
            self.round.withdraw_bet(seat.name, kind)
        self._write_log(connection)

    # -- the round cycle ------------------------------------------------------------------
    def _open_window(self) -> None:
        self.opens_at = None
        info: dict[str, Any] = {
            "type": "betting_open",
            "round": self.round.number,
            "announcement": PLACE_YOUR_BETS,
            "cut_card_out": bool(getattr(self.game, "cut_card_out", False)),
        }
        if self.config.mode == "multi":
            self.closes_at = self.clock.now() + self.config.betting_seconds
            info["seconds"] = self.config.betting_seconds  # the countdown (rule 27)
        carried = [
            {"player": b.bettor, "kind": b.kind, "amount": b.amount} for b in self.round.bets
        ]
        if carried:
            info["carried"] = carried  # Macau art. 12: the bets a tie left on the table
        self.publish(info, None)

    async def _deal(self, player: str) -> dict[str, Any]:
        """The player starts the deal at an individual table (PT rule 28)."""
        self._seat(player)
        if self.config.mode != "individual":
            raise RuleViolation(
                "deal",
                "at a multi-player table the betting window closes by itself",
                "PT 812/2015 rule 27",
            )
        if not any(b.bettor == player for b in self.round.bets):
            raise RuleViolation(
                "deal", "place a bet before starting the deal", "PT 812/2015 rule 28"
            )
        return await self._play()

    async def _play(self) -> dict[str, Any]:
        self._publish_bets()  # the last bets are told before "no more bets"
        rnd = self.round
        self.publish(
            {"type": "betting_closed", "round": rnd.number, "announcement": NO_MORE_BETS}, None
        )
        rnd.close_betting()
        rnd.deal()
        if isinstance(rnd, DecidingRound) and rnd.undecided_bettors():
            return self._open_decisions(rnd)
        settlement = rnd.settle()
        return await self._finish(rnd, settlement, "settled", None)

    # -- decisions after the deal (stud: raise or fold; blackjack: insurance, then each hand) --
    def _open_decisions(self, rnd: DecidingRound) -> dict[str, Any]:
        """Ask the undecided bettors, with ``decision_seconds`` to answer. Asked again, with
        fresh time, whenever what is on the felt changes (a blackjack hand's card, the next
        box's turn); a stud table asks once."""
        self.closes_at = None
        self.decides_by = self.clock.now() + self.config.decision_seconds
        view = rnd.public_view()
        self._asked = view
        opened = {
            "type": "decisions_open",
            "round": self.round.number,
            "seconds": self.config.decision_seconds,
            "waiting_for": rnd.undecided_bettors(),
            **view,
        }
        self.publish(opened, None)
        for bettor in rnd.undecided_bettors():  # each player sees only their own cards
            self.publish({"type": "your_hand", **rnd.private_view(bettor)}, bettor)
        return opened

    async def _decide(self, player: str, decision: str) -> dict[str, Any]:
        rnd = self.round
        if not isinstance(rnd, DecidingRound) or self.decides_by is None:
            raise RuleViolation("phase", "no decision is asked now", "decisions after the deal")
        seat = self._seat(player)
        rnd.verify_decide(player, decision)
        stake = rnd.decision_stake(player, decision)
        if stake:
            await self.writer.run(
                lambda c: self._write_decision(c, rnd, seat, decision, stake), self.id
            )
        else:
            rnd.decide(player, decision)
        self.publish({"type": "decided", "player": player, "decision": decision}, None)
        answer: dict[str, Any] = {"round": self.round.number, "decision": decision, "stake": stake}
        settlement = await self._after_decisions(rnd)
        if settlement is not None:
            answer["settlement"] = settlement
        return answer

    async def _after_decisions(self, rnd: DecidingRound) -> dict[str, Any] | None:
        """Settle when no one is left to decide; ask again when the felt changed."""
        if not rnd.undecided_bettors():
            return await self._settle_decided()
        if rnd.public_view() != self._asked:
            self._open_decisions(rnd)
        return None

    def _write_decision(
        self, connection: Connection, rnd: DecidingRound, seat: Seat, decision: str, stake: int
    ) -> None:
        """A decision that costs a stake (a raise): refused, with nothing written, when the
        balance is short; otherwise the stake joins the escrow with the decision's journal."""
        balance = self.records.lock_balances(connection, [seat.account, self.accounts.escrow])
        if balance[seat.account] < stake:
            have = format_amount(balance[seat.account], self.minor_digits)
            raise RuleViolation(
                "decision",
                f"the {decision} needs {format_amount(stake, self.minor_digits)}; the balance is "
                f"{have} {self.shown_currency}",
                "ledger: balances never go negative (DESIGN.md, Money)",
            )
        kind = rnd.decision_kind(seat.name, decision)  # stud: a raise; blackjack: the bet
        standing = sum(
            b.amount for b in self.round.bets if b.bettor == seat.name and b.kind == kind
        )
        bet = StandingBet(seat.session_id, seat.player_id, seat.account, kind, standing + stake)
        self.records.stake_all(
            connection, self.round_id, self.accounts.escrow, [(bet, stake)], checked=True
        )
        rnd.decide(seat.name, decision)
        self._write_log(connection)

    async def _settle_decided(self) -> dict[str, Any]:
        rnd = self.round
        settlement = rnd.settle()
        self.decides_by = None
        return await self._finish(rnd, settlement, "settled", None)

    async def _fault(self, reason: str = "operator fault") -> dict[str, Any]:
        """An operator-side fault before the totals are known: the round is void and every stake
        returned (PT rule 29)."""
        self._publish_bets()
        rnd = self.round
        rnd.verify_void()
        settlement = rnd.void(reason)
        self.decides_by = None
        return await self._finish(rnd, settlement, "void", reason)

    async def _finish(
        self, rnd: TableRound, settlement: TableSettlement, status: str, reason: str | None
    ) -> dict[str, Any]:
        assert settlement.conserved
        bettors = {b.bettor for b in settlement.bets}
        carried = {(b.bettor, b.kind) for b in settlement.carry_over}
        results = []
        for b in settlement.bets:
            seat = self.seats[b.bettor]
            outcome = "carried" if (b.bettor, b.kind) in carried else b.outcome
            results.append(
                BetResult(
                    seat.player_id,
                    seat.account,
                    b.kind,
                    b.stake,
                    outcome,
                    b.payout,
                    b.commission,
                    b.reason,
                )
            )
        result = rnd.result()
        old_round_id, old_number = self.round_id, rnd.number
        self.game.finish_round()
        await self.writer.run(
            lambda c: self._write_finish(c, rnd, settlement, results, status, result, reason),
            self.id,
        )
        summary = {
            "type": "round_" + status,
            "round": old_number,
            "round_id": old_round_id,
            "result": shown_result(self.rules, result, None),  # e.g. stud's folded hands
            "void_reason": reason,
            "bets": [
                {
                    "player": b.bettor,
                    "kind": b.kind,
                    "stake": b.stake,
                    "outcome": "carried" if (b.bettor, b.kind) in carried else b.outcome,
                    "payout": b.payout,
                    "commission": b.commission,
                    "reason": b.reason,
                }
                for b in settlement.bets
            ],
            "house_result": settlement.house_result,
        }
        self.publish(summary, None)
        self._after_window(bettors)
        for seat in [s for s in self.seats.values() if s.leaving]:
            await self._end_session(seat, "player")
        self._pause_or_open()
        return summary

    def _pause_or_open(self) -> None:
        """Show the result for the table's pause, then open the next window (multi-player)."""
        if self.config.mode == "multi" and self.config.pause_seconds > 0:
            self.closes_at = None
            self.opens_at = self.clock.now() + self.config.pause_seconds
        else:
            self._open_window()

    def _write_finish(
        self,
        connection: Connection,
        rnd: TableRound,
        settlement: TableSettlement,
        results: list[BetResult],
        status: str,
        result: dict[str, Any],
        reason: str | None,
    ) -> None:
        nxt = self.game.start_round()
        carried = [
            StandingBet(
                self.seats[b.bettor].session_id,
                self.seats[b.bettor].player_id,
                self.seats[b.bettor].account,
                b.kind,
                b.amount,
            )
            for b in settlement.carry_over
        ]
        self._write_log(connection)
        self.records.settle(
            connection,
            self.round_id,
            results,
            self.accounts,
            house_result=settlement.house_result,
            pool_change=settlement.pool_change,
            status=status,
            result=result,
            void_reason=reason,
        )
        new_id = self.records.open_round(
            connection, self.id, nxt.number, self.game.shoe_commitment(), carried
        )
        self.round, self.round_id, self.journaled = nxt, new_id, 0
        self._write_log(connection)

    # -- time: the betting window and inactivity (PT rules 27, 35-36) ----------------------
    async def _check_time(self) -> None:
        now = self.clock.now()
        self.checked_at = now
        if self.opens_at is not None and now >= self.opens_at:
            self._open_window()
        if self.decides_by is not None and now >= self.decides_by:
            rnd = self.round
            if isinstance(rnd, DecidingRound):
                for bettor in rnd.undecided_bettors():  # out of time: stud folds, blackjack stands
                    default = rnd.default_decision
                    rnd.decide(bettor, default)
                    self.publish(
                        {
                            "type": "decided",
                            "player": bettor,
                            "decision": default,
                            "timed_out": True,
                        },
                        None,
                    )
                if rnd.undecided_bettors():
                    self._open_decisions(rnd)  # the next hand's turn, with its own time
                else:
                    await self._settle_decided()
        if self.config.mode == "multi" and self.closes_at is not None and now >= self.closes_at:
            if self.round.bets:
                try:
                    await self._play()
                except RuleViolation as refused:  # the rules refuse to deal these bets: the
                    # window must not close again and again on them; void and refund (rule 29)
                    log.warning("table %s: the deal was refused (%s); round void", self.id, refused)
                    self.closes_at = None
                    await self._fault(f"the deal was refused: {refused.message} ({refused.rule})")
            else:  # no bet, no cards: no round was played, so nobody missed one (PT rule 2,
                # «Jogada»: "operações que se iniciam com a realização das apostas"; rule 35(b))
                self.publish(
                    {
                        "type": "betting_closed",
                        "round": self.round.number,
                        "announcement": "No bets: no cards dealt",
                    },
                    None,
                )
                self._open_window()
        if self.config.mode == "individual":
            for seat in list(self.seats.values()):
                due = seat.individual_due(now)
                if due == "warn":
                    self._warn(seat, WARNING_INDIVIDUAL)
                elif due == "end":
                    await self._end_session(seat, "inactivity")
        while self._ending:
            seat = self._ending.pop()
            if seat.name in self.seats:
                await self._end_session(seat, "inactivity")

    def _after_window(self, bettors: set[str]) -> None:
        if self.config.mode != "multi":
            return
        now = self.clock.now()
        for seat in self.seats.values():
            if seat.name in bettors:
                continue
            due = seat.window_missed(now)
            if due == "warn":
                self._warn(seat, WARNING_MULTI)
            elif due == "end":
                self._ending.append(seat)  # ended by _check_time, after the round's bookkeeping

    def _warn(self, seat: Seat, warning: str) -> None:
        seat.warned_at = self.clock.now()
        self.publish(
            {"type": "inactivity_invitation", "message": INVITATION, "rule": "PT 812/2015 rule 35"},
            seat.name,
        )
        self.publish(
            {"type": "inactivity_warning", "message": warning, "rule": "PT 812/2015 rule 36"},
            seat.name,
        )

    async def _announce(self, message: str) -> dict[str, Any]:
        """A message from the operator to everyone at the table (a shoe change, a closing)."""
        self.publish({"type": "announcement", "message": message}, None)
        return {"table": self.id, "announced": message}

    # -- the operator's limits ------------------------------------------------------------
    async def _set_limits(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """New house options (limits, side bets, commission) from the next round on; the round
        in play keeps the rules it opened with. Shoe options need a new table."""
        merged = {**self.config.overrides, **overrides}
        ruleset = load_ruleset(self.config.ruleset, merged)  # refuses a bad option with its article
        if getattr(ruleset.rules, "shoe", None) != getattr(self.rules, "shoe", None):
            raise RuleViolation(
                "overrides", "shoe options cannot change at an open table: open a new one", "tables"
            )
        config = TableConfig.from_json({**self.config.to_json(), "overrides": merged})
        await asyncio.to_thread(self.records.set_table_config, self.id, config.to_json())
        rules = in_points(ruleset.rules) if config.demo else ruleset.rules
        self.config, self.ruleset, self.rules = config, ruleset, rules
        self.game.rules = rules  # type: ignore[attr-defined]
        self.information = table_information(self.rules)
        self.publish({"type": "limits_changed", "from_round": self.round.number + 1}, None)
        return {
            "table": self.id,
            "from_round": self.round.number + 1,
            "information": self.information,
        }

    # -- faults ---------------------------------------------------------------------------
    async def _recover_from_fault(self, reason: str) -> None:
        """An unexpected failure (the database refused a commit, a bug): what the database holds
        is the truth. Void and refund the open round from it (rule 29), start a fresh round."""
        self._unpublished = []  # those bets are refunded with their round
        try:
            await asyncio.to_thread(self.records.recover, self.id)
            self.game = table_game(
                self.rules, self.source, jackpot_pool=self.game.jackpot_pool, cards=self.cards
            )
            await asyncio.to_thread(self._new_round)
            self.publish({"type": "round_void", "void_reason": reason}, None)
            self._open_window()
        except Exception:
            log.exception("table %s: could not recover from a fault", self.id)

    # -- what readers see -----------------------------------------------------------------
    def view_for(self, viewer: str | None, *, operator: bool = False) -> dict[str, Any]:
        """The view as ``viewer`` (a player's name, None for a watcher) may see it: at an
        individual table, only its seated player and operators see the stakes and who sits
        (PT 812/2015 rules 4, 28; issue 16, finding 6)."""
        view = self.view
        if self.config.mode == "individual" and not operator and viewer not in self.seats:
            view["bets"], view["totals"] = [], {}
            view["seated"] = [{"seat": s["seat"], "player": None} for s in view["seated"]]
        return view

    @property
    def view(self) -> dict[str, Any]:
        """The table as the lobby and a new watcher see it, as it is now (built when asked:
        a busy table changes many times between two looks)."""
        totals: dict[str, int] = {}
        for b in self.round.bets:
            totals[b.kind] = totals.get(b.kind, 0) + b.amount
        left = None
        deadline = self.closes_at if self.closes_at is not None else self.decides_by
        if deadline is not None:
            left = max(0.0, round(deadline - self.clock.now(), 3))
        return {
            "id": self.id,
            "name": self.config.name,
            "game": self.ruleset.game,
            "ruleset": self.config.ruleset,
            "mode": self.config.mode,
            "demo": self.config.demo,
            "currency": self.currency,
            "seats": self.config.seats,
            "seated": sorted(
                ({"seat": s.seat, "player": s.name} for s in self.seats.values()),
                key=lambda s: s["seat"],
            ),
            "round": self.round.number,
            "phase": "result" if self.opens_at is not None else self.round.phase_name,
            "seconds_left": left,
            "betting_seconds": self.config.betting_seconds,
            "totals": totals,
            "bets": [
                {"player": b.bettor, "kind": b.kind, "amount": b.amount} for b in self.round.bets
            ],
            "cut_card_out": bool(getattr(self.game, "cut_card_out", False)),
            "minimum_bet": self.information.get("minimum_bet"),
        }
