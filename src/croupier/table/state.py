"""What a running table holds, and the few things every part of it does with that: tell its
events, find a player's seat, write its round's journal, know whether bets are taken.

The table is one asyncio actor (:mod:`croupier.table.runtime`); its concepts live in their own
modules and share this state: sessions and inactivity (:mod:`croupier.table.sessions`), the round
cycle (:mod:`croupier.table.cycle`), decisions after the deal (:mod:`croupier.table.decisions`),
the views (:mod:`croupier.table.view`), the judging of bets (:mod:`croupier.table.betting`).
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.citing import pt
from croupier.errors import RulesetError, RuleViolation
from croupier.games.information import TableInformation
from croupier.games.protocol import DecidingRound, TableGame, TableRound, TableSettlement
from croupier.rng import RandomSource
from croupier.rulesets.loader import Ruleset
from croupier.shoe import StackedCards
from croupier.table.betting import Money, no_session, pending
from croupier.table.clock import Clock
from croupier.table.config import TableConfig
from croupier.table.port import RoundTx, TableAccounts, TableStore
from croupier.table.seats import Seat

Publish = Callable[[dict[str, Any], str | None], None]
POINTS = "points"  # the unit a demo table's amounts are read in
#: what a command raises when it is refused: it changed nothing, so the round plays on (a
#: RulesetError is an operator's option its regulation does not allow; issue 16, finding 5)
REFUSALS = (RuleViolation, RulesetError)


def in_points(rules: Any) -> Any:
    """A demo table's rules, whose amounts read in points: demo play is with points that are
    never money (PT 812/2015 rules 37-38), so no message may quote euros or patacas (issue 18,
    item 3). The amounts and limits are the ruleset's; only the unit's name changes."""
    return dataclasses.replace(rules, money=dataclasses.replace(rules.money, currency=POINTS))


class TableState:
    """The state of one table, owned by its actor's task."""

    id: int
    config: TableConfig
    store: TableStore
    clock: Clock
    _send: Publish
    ruleset: Ruleset
    rules: Any
    currency: str
    shown_currency: str
    minor_digits: int
    information: TableInformation
    source: RandomSource
    cards: StackedCards | None
    seats: dict[str, Seat]
    queue: asyncio.Queue[Any]
    closes_at: float | None
    opens_at: float | None
    closing: bool
    decides_by: float | None
    _asked: dict[str, Any]
    round_id: int
    jackpot_shown: int | None  # the progressive jackpot's display
    journaled: int
    _ending: list[Seat]
    _unpublished: list[dict[str, Any]]
    _flush_handle: asyncio.TimerHandle | None
    checked_at: float  # when the table last looked at the clock
    idle: bool  # no command in progress (tests wait for this)
    game: TableGame
    round: TableRound
    accounts: TableAccounts

    @property
    def money(self) -> Money:
        return Money(self.minor_digits, self.shown_currency)

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

    def _seat(self, player: str) -> Seat:
        seat = self.seats.get(player)
        if seat is None:
            raise no_session()
        return seat

    def _staked(self, player: str, kind: str) -> int:
        """What ``player`` has standing on ``kind`` in the round in play."""
        return sum(b.amount for b in self.round.bets if b.bettor == player and b.kind == kind)

    def _write_log(self, tx: RoundTx) -> None:
        """The round's log not yet journaled, in the transaction of the change it records."""
        first, entries = pending(self)
        tx.journal(self.round_id, first, entries)
        self.journaled = first + len(entries)

    def _verify_window(self) -> None:
        if self.closing:
            raise RuleViolation("phase", "the table is closing: no more rounds", "table")
        if self.opens_at is not None:
            left = max(0.0, self.opens_at - self.clock.now())
            raise RuleViolation(
                "phase",
                f"no more bets: the betting window is closed; the next opens in {left:.0f} s",
                pt("rule 27"),
            )

    if TYPE_CHECKING:  # what one concept asks of another (each is defined in its own module)

        async def _finish(
            self,
            rnd: TableRound,
            settlement: TableSettlement | None,
            status: str,
            reason: str | None,
        ) -> dict[str, Any]: ...  # the round cycle

        async def _settle(self, rnd: TableRound) -> dict[str, Any]: ...  # the round cycle

        def _open_decisions(self, rnd: DecidingRound) -> dict[str, Any]: ...  # decisions

        async def _time_out_decisions(self) -> None: ...  # decisions

        async def _end_session(self, seat: Seat, reason: str) -> dict[str, Any]: ...  # sessions

        def _after_window(self, bettors: set[str]) -> None: ...  # sessions

        async def _check_inactivity(self, now: float) -> None: ...  # sessions

        def _publish_bets(self) -> None: ...  # the actor

        def show_jackpot(self, pool: int | None) -> None: ...  # the view
