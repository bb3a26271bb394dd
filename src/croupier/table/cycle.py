"""The round cycle (PT 812/2015 rules 5, 27-29): the betting window opened with "Place your bets"
and its countdown, closed with "No more bets, cards being dealt"; the round dealt and settled
(or its decisions asked first); the result shown for the table's pause; the next round opened in
the transaction that settles this one. An individual table's player starts each deal (rule 28).
The operator's commands (limits, announcements, a fault) and the recovery from a failure live
here too: each ends or changes the round in play.

A round's settlement is computed on the table's task and written by the store, except a linked
jackpot's: its prizes are those of the pool as other tables left it, read and locked in the
transaction that settles the round (choice J11)."""

from __future__ import annotations

import logging
from typing import Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.games.live import LiveCards
from croupier.games.protocol import DecidingRound, TableRound, TableSettlement
from croupier.games.registry import journal_is_public, live_dealing, shown_result, table_game
from croupier.i18n.message import msg
from croupier.rng import RandomSource
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from croupier.table.announcer import Announcer
from croupier.table.bet_taking import Betting
from croupier.table.clock import Clock
from croupier.table.config import TableConfig
from croupier.table.decisions import Decisions
from croupier.table.in_play import InPlay
from croupier.table.live_dealer import LIVE_RULE, LiveDealer
from croupier.table.port import BetResult, RoundTx, Settling, TableStore
from croupier.table.sessions import Seating
from croupier.table.terms import TableTerms
from croupier.table.timers import Timers
from croupier.table.view import JackpotDisplay

log = logging.getLogger(__name__)
PLACE_YOUR_BETS = msg("Place your bets")  # PT rule 27
NO_MORE_BETS = msg("No more bets, cards being dealt")  # PT rule 27
Ended = tuple[int, int, dict[str, Any]]  # a round written: its id, its number, its result


class Cycle:
    """The round cycle of one table."""

    def __init__(
        self,
        store: TableStore,
        clock: Clock,
        terms: TableTerms,
        in_play: InPlay,
        timers: Timers,
        announcer: Announcer,
        seating: Seating,
        betting: Betting,
        display: JackpotDisplay,
        source: RandomSource,
        cards: StackedCards | None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.terms = terms
        self.in_play = in_play
        self.timers = timers
        self.announcer = announcer
        self.seating = seating
        self.betting = betting
        self.display = display
        self.source = source
        self.cards = cards  # a stacked sequence instead of a shuffled shoe (tests, lab testing)
        self.live: LiveDealer | None = None  # a live table's cards (issue 31)
        if terms.config.live:
            assert isinstance(cards, LiveCards), "a live table deals from its live cards"
            self.live = LiveDealer(
                live_dealing(terms.rules),
                cards,
                in_play,
                announcer,
                self._after_deal,
                self.fault,
                journal_is_public(terms.rules),
            )
        self.decisions = Decisions(
            store,
            clock,
            terms,
            in_play,
            timers,
            announcer,
            seating.seat,
            lambda: self.settle(in_play.round),
            self.live,
        )

    @property
    def table_id(self) -> int:
        return self.in_play.table_id

    def open_window(self) -> None:
        if self.timers.disabled is not None:  # a disabled table begins no round (issue 30)
            self.timers.opens_at = self.timers.closes_at = None
            return
        self.timers.opens_at = None
        info: dict[str, Any] = {
            "type": "betting_open",
            "round": self.in_play.round.number,
            "announcement": PLACE_YOUR_BETS,
            "cut_card_out": self.in_play.game.cut_card_out,
            # the shoe's commitment, before its cards (issue 28, item 1: revealed once it ends)
            "shoe": self.in_play.game.shoe_commitment(),
        }
        if self.terms.config.mode == "multi":
            self.timers.closes_at = self.clock.now() + self.terms.config.betting_seconds
            info["seconds"] = self.terms.config.betting_seconds  # the countdown (rule 27)
        carried = [
            {"player": b.bettor, "kind": b.kind, "amount": b.amount}
            for b in self.in_play.round.bets
        ]
        if carried:
            info["carried"] = carried  # Macau art. 12: the bets a tie left on the table
        self.announcer.publish(info, None)

    async def deal(self, player: str) -> dict[str, Any]:
        """The player starts the deal at an individual table (PT rule 28)."""
        self.seating.seat(player)
        if self.terms.config.mode != "individual":
            raise RuleViolation(
                "deal",
                "at a multi-player table the betting window closes by itself",
                pt("rule 27"),
            )
        if not any(b.bettor == player for b in self.in_play.round.bets):
            raise RuleViolation("deal", "place a bet before starting the deal", pt("rule 28"))
        return await self._play()

    async def _play(self) -> dict[str, Any]:
        self.betting.publish_bets()  # the last bets are told before "no more bets"
        rnd = self.in_play.round
        self.announcer.publish(
            {"type": "betting_closed", "round": rnd.number, "announcement": NO_MORE_BETS}, None
        )
        rnd.close_betting()
        if self.live is not None:  # the cards come from the physical shoe, one at a time
            self.timers.closes_at = None
            return await self.live.await_cards()
        rnd.deal()
        return await self._after_deal(rnd)

    async def _after_deal(self, rnd: TableRound) -> dict[str, Any]:
        """The round dealt: its decisions asked where the game has them, or it settles."""
        if isinstance(rnd, DecidingRound) and rnd.undecided_bettors():
            return self.decisions.open(rnd)
        return await self.settle(rnd)

    async def settle(self, rnd: TableRound) -> dict[str, Any]:
        """Settle the dealt round. A linked jackpot's pool (shared with tables other processes
        may run) is read, locked, in the transaction that settles the round: its prizes are
        those of the pool as the other tables' rounds left it, and two rounds that hit it at
        once are paid one after the other, each on the pool the one before left (choice J11)."""
        if self.terms.config.linked_jackpot and self.in_play.accounts.pool is not None:
            return await self._finish(rnd, None, "settled", None)
        return await self._finish(rnd, rnd.settle(), "settled", None)

    async def fault(self, reason: str = "operator fault") -> dict[str, Any]:
        """An operator-side fault before the totals are known: the round is void and every stake
        returned (PT rule 29)."""
        self.betting.publish_bets()
        rnd = self.in_play.round
        rnd.verify_void()
        settlement = rnd.void(reason)
        self.timers.decides_by = None
        if self.live is not None:
            self.live.abandon(reason)
        return await self._finish(rnd, settlement, "void", reason)

    def _live(self) -> LiveDealer:
        if self.live is None:
            raise RuleViolation(
                "table", "this table deals from croupier's own shoe: it takes no card", LIVE_RULE
            )
        return self.live

    async def card(self, message: dict[str, Any]) -> dict[str, Any]:
        """A card from the live table's shoe (a device or the dealer), checked as it comes."""
        return await self._live().card(message)

    async def new_shoe(self) -> dict[str, Any]:
        """A live table's dealer puts a new shoe in (between rounds)."""
        return await self._live().new_shoe()

    async def remedy(
        self, message: dict[str, Any], remedy: str, supervisor: str = ""
    ) -> dict[str, Any]:
        """The dealer's remedy for a card refused as an irregularity."""
        return await self._live().remedy(message, remedy, supervisor)

    async def _finish(
        self,
        rnd: TableRound,
        settlement: TableSettlement | None,
        status: str,
        reason: str | None,
    ) -> dict[str, Any]:
        """Write the round's end (``settlement`` None: settle it in that transaction, on the
        linked pool it locks first) and tell the table."""
        pool = self.in_play.accounts.pool

        def end(tx: RoundTx) -> tuple[TableSettlement, Ended]:
            settled = settlement
            if settled is None:  # a linked pool: read, locked, as the other tables left it
                assert pool is not None
                rnd.jackpot_pool = tx.balances([pool])[pool]
                settled = rnd.settle()
            return settled, self._write_end(tx, rnd, settled, status, reason)

        done, (old_round_id, old_number, result) = await self.store.write(self.table_id, end)
        carried = {(b.bettor, b.kind) for b in done.carry_over}
        bettors = {b.bettor for b in done.ledger}
        seats = self.seating.seats

        def seat_of(bettor: str) -> int | None:
            seat = seats.get(bettor)
            return None if seat is None else seat.seat

        summary = {
            "type": "round_" + status,
            "round": old_number,
            "round_id": old_round_id,
            "result": shown_result(self.terms.rules, result, None),  # e.g. stud's folded hands
            "void_reason": reason,
            "bets": [
                {
                    "player": b.bettor,
                    "seat": seat_of(b.bettor),  # a live table's console pays by box (issue 31)
                    "kind": b.kind,
                    "stake": b.stake,
                    "outcome": "carried" if (b.bettor, b.kind) in carried else b.outcome,
                    "payout": b.payout,
                    "commission": b.commission,
                    "reason": b.reason,
                }
                for b in done.ledger
            ],
            "house_result": done.house_result,
        }
        self.announcer.publish(summary, None)
        self.seating.settled(
            [
                (b.bettor, b.payout - b.stake)
                for b in done.ledger
                if (b.bettor, b.kind) not in carried
            ]
        )  # each session's net result (the reality check, issue 29)
        self.display.show(self.in_play.game.jackpot_pool)  # the pool this round left
        self.seating.after_window(bettors)
        await self.seating.end_leaving()
        self._pause_or_open()
        return summary

    def _pause_or_open(self) -> None:
        """Show the result for the table's pause, then open the next window (multi-player)."""
        if self.terms.config.mode == "multi" and self.terms.config.pause_seconds > 0:
            self.timers.closes_at = None
            self.timers.opens_at = self.clock.now() + self.terms.config.pause_seconds
        else:
            self.open_window()

    def _write_end(
        self,
        tx: RoundTx,
        rnd: TableRound,
        settlement: TableSettlement,
        status: str,
        reason: str | None,
    ) -> Ended:
        """The round's settlement (or refund) written, and the next round opened; the ended
        round's id, number and result."""
        assert settlement.conserved
        carried = {(b.bettor, b.kind) for b in settlement.carry_over}
        results = []
        for b in settlement.ledger:
            seat = self.seating.seats[b.bettor]
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
        if (
            status == "settled"
            and self.in_play.accounts.pool is not None
            and rnd.jackpot_pool is not None
        ):
            # the pool the round settled on and what it left, in its record: evidence a lab
            # checks against the pool's postings (a linked pool's as locked: issue 20)
            before = rnd.jackpot_pool
            result = {
                **result,
                "jackpot_pool": {"before": before, "after": before + settlement.pool_change},
            }
        settling = Settling(
            self.in_play.round_id,
            results,
            settlement.house_result,
            settlement.pool_change,
            status,
            result,
            reason,
        )
        ended = (self.in_play.round_id, rnd.number, result)
        self.in_play.game.finish_round()
        self._write_finish(tx, settlement, settling)
        return ended

    def _write_finish(self, tx: RoundTx, settlement: TableSettlement, settling: Settling) -> None:
        """The round's last journal and its settlement, and the next round opened (with the bets
        a tie carried over), in one transaction."""
        in_play = self.in_play
        nxt = in_play.game.start_round()
        seats = self.seating.seats
        carried = [seats[b.bettor].standing(b.kind, b.amount) for b in settlement.carry_over]
        in_play.write_log(tx)
        tx.settle(settling, in_play.accounts)
        in_play.open(tx, nxt, carried)

    # -- time: the betting window, decisions and inactivity (PT rules 27, 35-36) -----------
    async def check_time(self) -> None:
        now = self.clock.now()
        self.timers.checked_at = now
        if self.timers.opens_at is not None and now >= self.timers.opens_at:
            self.open_window()
        if self.timers.decides_by is not None and now >= self.timers.decides_by:
            await self.decisions.time_out()
        if (
            self.terms.config.mode == "multi"
            and self.timers.closes_at is not None
            and now >= self.timers.closes_at
        ):
            await self._close_window()
        await self.seating.check_inactivity(now)
        self.seating.check_reality(now)
        await self.seating.check_session_limits(now)

    async def _close_window(self) -> None:
        if self.in_play.round.bets:
            try:
                await self._play()
            except RuleViolation as refused:  # the rules refuse to deal these bets: the
                # window must not close again and again on them; void and refund (rule 29)
                log.warning(
                    "table %s: the deal was refused (%s); round void", self.table_id, refused
                )
                self.timers.closes_at = None
                await self.fault(
                    msg("the deal was refused: {reason} ({rule})", reason=refused.message,
                        rule=refused.rule)
                )  # fmt: skip
        else:  # no bet, no cards: no round was played, so nobody missed one (PT rule 2,
            # «Jogada»: "operações que se iniciam com a realização das apostas"; rule 35(b))
            self.announcer.publish(
                {
                    "type": "betting_closed",
                    "round": self.in_play.round.number,
                    "announcement": msg("No bets: no cards dealt"),
                },
                None,
            )
            self.open_window()

    # -- the operator's commands ----------------------------------------------------------
    async def announce(self, message: str) -> dict[str, Any]:
        """A message from the operator to everyone at the table (a shoe change, a closing)."""
        self.announcer.publish({"type": "announcement", "message": message}, None)
        return {"table": self.table_id, "announced": message}

    async def set_limits(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """New house options (limits, side bets, commission) from the next round on; the round
        in play keeps the rules it opened with. Shoe options need a new table."""
        terms = self.terms
        merged = {**terms.config.overrides, **overrides}
        ruleset = load_ruleset(terms.config.ruleset, merged)  # a bad option: refused, cited
        if ruleset.rules.shoe != terms.rules.shoe:
            raise RuleViolation(
                "overrides", "shoe options cannot change at an open table: open a new one", "tables"
            )
        config = TableConfig.from_json({**terms.config.to_json(), "overrides": merged})
        following = self.in_play.round.number + 1
        await self.store.save_config(self.table_id, config.to_json(), following)
        terms.change(config, ruleset)
        self.in_play.game.rules = terms.rules  # type: ignore[attr-defined]
        self.announcer.publish({"type": "limits_changed", "from_round": following}, None)
        return {"table": self.table_id, "from_round": following, "information": terms.information}

    # -- faults ---------------------------------------------------------------------------
    async def recover_from_fault(self, reason: str) -> None:
        """An unexpected failure (the database refused a commit, a bug): what the database holds
        is the truth. Void and refund the open round from it (rule 29), start a fresh round."""
        self.betting.forget()  # those bets are refunded with their round
        in_play = self.in_play
        try:
            await self.store.recover(self.table_id)
            if self.live is not None:
                self.live.abandon(reason)
            played = in_play.game.rounds_played  # the void round keeps its number
            in_play.game = table_game(
                self.terms.rules,
                self.source,
                jackpot_pool=in_play.game.jackpot_pool,
                cards=self.cards,
                players=in_play.entropy,
            )
            in_play.game.rounds_played = played
            await in_play.begin()
            self.announcer.publish(
                {"type": "round_void", "round": played, "void_reason": reason}, None
            )
            self.open_window()
        except Exception:
            log.exception("table %s: could not recover from a fault", self.table_id)
