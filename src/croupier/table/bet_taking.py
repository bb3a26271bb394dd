"""A table's bets taken one way (issue 27(4)): judged on the table's own task
(:func:`~croupier.table.betting.judge_bets`), written by the store as data
(:class:`~croupier.table.port.StakeWrite`), and told to the table at most every ``BETS_EVERY``
seconds in one "bets" message."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.boxes import PlayedBoxes
from croupier.protection.limits import Standing
from croupier.table.announcer import Announcer
from croupier.table.betting import (
    BALANCE_RULE,
    Answer,
    BetRequest,
    Placed,
    bet_told,
    bet_totals,
    judge_bets,
)
from croupier.table.clock import Clock
from croupier.table.in_play import InPlay
from croupier.table.port import StakeWrite, TableStore
from croupier.table.seats import Seat
from croupier.table.terms import TableTerms

log = logging.getLogger(__name__)
BETS_EVERY = 0.1  # seconds between two "bets" messages of a table
#: how often a batch is judged again with the balances the store read before it is refused (a
#: second judging sees each short balance; a third is needed only when another table moved a
#: balance in between)
ATTEMPTS = 3


def _unwritten(reason: str, rule: str, size: int) -> list[Answer]:
    return [RuleViolation("bet", reason, rule) for _ in range(size)]


class Betting:
    """Takes a table's bets: judges, has them written, answers each, tells the table."""

    def __init__(
        self,
        store: TableStore,
        in_play: InPlay,
        seats: Mapping[str, Seat],
        terms: TableTerms,
        clock: Clock,
        verify_window: Callable[[], None],
        announcer: Announcer,
    ) -> None:
        self.store = store
        self.in_play = in_play
        self.seats = seats
        self.terms = terms
        self.clock = clock
        self.verify_window = verify_window
        self.announcer = announcer
        self._unpublished: list[dict[str, Any]] = []  # bets not yet in a "bets" message
        self._flush_handle: asyncio.TimerHandle | None = None

    async def take(self, requests: Sequence[BetRequest]) -> list[Answer]:
        """Each bet's answer: its refusal, or the bet standing now with the balance after the
        batch. A batch the store cannot write is refused whole, with nothing staked and the
        round as it was (one bad bet never voids the round: issue 16, finding 4)."""
        in_play = self.in_play
        rnd = in_play.round
        balances: dict[int, int] | None = None  # judged by the rules alone until the store says
        losses: Mapping[int, Sequence[Standing]] | None = None
        for _ in range(ATTEMPTS):
            checkpoint = rnd.checkpoint()
            answers, placed = judge_bets(
                rnd,
                self.seats,
                requests,
                balances,
                self.verify_window,
                self.terms.money,
                seat_is_box=self.terms.config.live and isinstance(rnd, PlayedBoxes),
                now=self.clock.now(),
                losses=losses,
            )
            if not placed:
                return answers
            first, entries = in_play.pending()
            write = StakeWrite(
                in_play.round_id,
                in_play.accounts.escrow,
                [p.stake for p in placed],
                first,
                entries,
                frozenset(p.seat.account for p in placed if p.seat.box),
                {p.seat.account: p.seat.loss_limits for p in placed if p.seat.loss_limits},
            )
            try:
                staked = await self.store.stake(in_play.table_id, write)
            except Exception:  # nothing was written: neither is anything on the round
                rnd.restore(checkpoint)
                log.exception("table %s: a batch of bets could not be written", in_play.table_id)
                return _unwritten(
                    "the bet could not be written; nothing was staked", "ledger", len(requests)
                )
            if staked.written:
                in_play.journaled = first + len(entries)
                return self._accepted(answers, placed, staked.balances)
            rnd.restore(checkpoint)  # a balance (or a loss limit) was short: judged again
            balances = dict(staked.balances)
            losses = staked.losses
        return _unwritten(
            "the balances changed while the bets were written; nothing was staked",
            BALANCE_RULE,
            len(requests),
        )

    def _accepted(
        self, answers: list[Answer], placed: list[Placed], balances: Mapping[int, int]
    ) -> list[Answer]:
        now = self.clock.now()
        number = self.in_play.round.number
        out = list(answers)
        for p in placed:
            bet = bet_told(p.seat.name, p.seat.seat, p.kind, p.total)
            out[p.index] = {"round": number, **bet, "balance": balances[p.seat.account]}
            self._unpublished.append(bet)
            p.seat.betted(now)
        if self._flush_handle is None:  # at most BETS_EVERY seconds between bets messages
            loop = asyncio.get_running_loop()
            self._flush_handle = loop.call_later(BETS_EVERY, self.publish_bets)
        return out

    def publish_bets(self) -> None:
        """The bets accepted since the last message, with the table's totals, to everyone: one
        message per interval rather than one per bet (a busy table would flood its watchers)."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if not self._unpublished:
            return
        totals = bet_totals(self.in_play.round.bets)
        bets, self._unpublished = self._unpublished, []
        self.announcer.publish(
            {"type": "bets", "round": self.in_play.round.number, "bets": bets, "totals": totals},
            None,
        )

    def forget(self) -> None:
        """The bets not yet told are refunded with their round (a fault): never told."""
        self._unpublished = []
