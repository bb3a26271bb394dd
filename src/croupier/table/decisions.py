"""Decisions after the deal (stud: raise or fold; blackjack: insurance, then each hand): the table
asks the undecided bettors with a time limit, takes their answers (a decision that costs a stake
is refused, with nothing written, when the balance is short), asks again whenever the felt
changes, applies the game's default to those out of time, and settles once no one is left.

A decision that costs a stake is made in the transaction that locks the bettor's balance: after
the deal a round cannot be taken back (its cards are out of the shoe), so it is decided only
once the balance is known to cover it. It is the one change of a round made inside the store's
transaction besides a linked jackpot's settlement (:mod:`croupier.table.cycle`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.protocol import DecidingRound
from croupier.i18n.message import msg
from croupier.protection.limits import verify_losses
from croupier.table.announcer import Announcer
from croupier.table.betting import BALANCE_RULE
from croupier.table.clock import Clock
from croupier.table.in_play import InPlay
from croupier.table.live_dealer import LiveDealer
from croupier.table.port import RoundTx, TableStore
from croupier.table.seats import Seat
from croupier.table.terms import TableTerms
from croupier.table.timers import Timers


class Decisions:
    """The decisions a table asks for after the deal; ``settle`` settles the decided round."""

    def __init__(
        self,
        store: TableStore,
        clock: Clock,
        terms: TableTerms,
        in_play: InPlay,
        timers: Timers,
        announcer: Announcer,
        seat: Callable[[str], Seat],
        settle: Callable[[], Awaitable[dict[str, Any]]],
        live: LiveDealer | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.terms = terms
        self.in_play = in_play
        self.timers = timers
        self.announcer = announcer
        self.seat = seat
        self.settle = settle
        self.live = live  # a live table: a decision that draws waits for its card (issue 31)
        self._asked: dict[str, Any] = {}  # the felt as it was when decisions were last asked

    def open(self, rnd: DecidingRound) -> dict[str, Any]:
        """Ask the undecided bettors, with ``decision_seconds`` to answer. Asked again, with
        fresh time, whenever what is on the felt changes (a blackjack hand's card, the next
        box's turn); a stud table asks once."""
        seconds = self.terms.config.decision_seconds
        self.timers.closes_at = None
        self.timers.decides_by = self.clock.now() + seconds
        view = rnd.public_view()
        self._asked = view
        opened = {
            "type": "decisions_open",
            "round": self.in_play.round.number,
            "seconds": seconds,
            "waiting_for": rnd.undecided_bettors(),
            **view,
        }
        self.announcer.publish(opened, None)
        for bettor in rnd.undecided_bettors():  # each player sees only their own cards
            self.announcer.publish({"type": "your_hand", **rnd.private_view(bettor)}, bettor)
        return opened

    async def decide(self, player: str, decision: str) -> dict[str, Any]:
        rnd = self.in_play.round
        if not isinstance(rnd, DecidingRound) or self.timers.decides_by is None:
            raise RuleViolation("phase", "no decision is asked now", "decisions after the deal")
        seat = self.seat(player)
        rnd.verify_decide(player, decision)
        stake = rnd.decision_stake(player, decision)
        if stake and self.live is not None:  # the balance before the shoe deals its card
            table_id = self.in_play.table_id
            await self.store.write(
                table_id,
                lambda tx: self._verify_covered(
                    tx, seat, decision, stake, tx.balances([seat.account])[seat.account]
                ),
            )
        waiting = self._wait_for_card(player, decision)
        if waiting is not None:
            return {"round": rnd.number, "decision": decision, "waiting_for": waiting["next"]}
        if stake:
            await self.store.write(
                self.in_play.table_id,
                lambda tx: self._write_decision(tx, rnd, seat, decision, stake),
            )
        else:
            rnd.decide(player, decision)
        self.announcer.publish({"type": "decided", "player": player, "decision": decision}, None)
        answer: dict[str, Any] = {"round": rnd.number, "decision": decision, "stake": stake}
        settlement = await self._after_decisions(rnd)
        if settlement is not None:
            answer["settlement"] = settlement
        return answer

    def _wait_for_card(self, player: str, decision: str) -> dict[str, Any] | None:
        """At a live table whose engine asks for its cards (blackjack), a decision that draws
        one the shoe has not sent waits for it: the clock stops (the player has decided) and
        the decision is made, as if just taken, once the card is in. None: it needs none."""
        if self.live is None:
            return None
        asked_until = self.timers.decides_by

        async def decided() -> dict[str, Any]:
            self.timers.decides_by = asked_until
            return await self.decide(player, decision)

        waiting = self.live.hold(lambda r: r.decide(player, decision), decided)  # type: ignore[attr-defined]
        if waiting is not None:
            self.timers.decides_by = None
            self.announcer.publish(
                {"type": "decided", "player": player, "decision": decision,
                 "waiting_for": waiting["next"]},
                None,
            )  # fmt: skip
        return waiting

    async def _after_decisions(self, rnd: DecidingRound) -> dict[str, Any] | None:
        """Settle when no one is left to decide; ask again when the felt changed."""
        if not rnd.undecided_bettors():
            return await self._settle_decided()
        if rnd.public_view() != self._asked:
            self.open(rnd)
        return None

    def _write_decision(
        self, tx: RoundTx, rnd: DecidingRound, seat: Seat, decision: str, stake: int
    ) -> None:
        """A decision that costs a stake (a raise): refused, with nothing written, when the
        balance is short; otherwise the stake joins the escrow with the decision's journal."""
        in_play = self.in_play
        escrow = in_play.accounts.escrow
        balance = tx.balances([seat.account, escrow])
        self._verify_covered(tx, seat, decision, stake, balance[seat.account])
        kind = rnd.decision_kind(seat.name, decision)  # stud: a raise; blackjack: the bet
        total = in_play.staked(seat.name, kind) + stake
        tx.stake(in_play.round_id, escrow, [(seat.standing(kind, total), stake)])
        rnd.decide(seat.name, decision)
        in_play.write_log(tx)

    def _verify_covered(
        self, tx: RoundTx, seat: Seat, decision: str, stake: int, balance: int
    ) -> None:
        """Refused, nothing written, when the balance does not cover the decision's stake (a
        box's chips are on the felt), or when losing it could take a period past the player's
        loss limit (issue 29, item 6: read with the account locked). At a live table it is
        checked before the shoe is asked for the decision's card too: a double refused once
        its card is out would leave a card on the felt for nothing."""
        if seat.loss_limits:
            verify_losses(tx.losses(seat.account, seat.loss_limits), stake)
        if not seat.box and balance < stake:
            money = self.terms.money
            raise RuleViolation(
                "decision",
                msg(
                    "the {decision} needs {stake}; the balance is {balance} {currency}",
                    decision=decision,
                    stake=money.text(stake),
                    balance=money.text(balance),
                    currency=money.currency,
                ),
                BALANCE_RULE,
            )

    async def _settle_decided(self) -> dict[str, Any]:
        self.timers.decides_by = None
        return await self.settle()

    async def time_out(self) -> None:
        """Out of time: the game's default for each undecided bettor (stud folds, blackjack
        stands), then the next hand's turn with its own time, or the settlement."""
        rnd = self.in_play.round
        if not isinstance(rnd, DecidingRound):
            return
        for bettor in rnd.undecided_bettors():
            default = rnd.default_decision
            if self._wait_for_card(bettor, default) is not None:
                return  # a live table's card is wanted first: it is decided once it is in
            rnd.decide(bettor, default)
            self.announcer.publish(
                {"type": "decided", "player": bettor, "decision": default, "timed_out": True},
                None,
            )
        if rnd.undecided_bettors():
            self.open(rnd)
        else:
            await self._settle_decided()
