"""The round cycle (PT 812/2015 rules 5, 27-29): the betting window opened with "Place your bets"
and its countdown, closed with "No more bets, cards being dealt"; the round dealt and settled
(or its decisions asked first); the result shown for the table's pause; the next round opened in
the transaction that settles this one. An individual table's player starts each deal (rule 28).
The operator's commands (limits, announcements, a fault) and the recovery from a failure live
here too: each ends or changes the round in play."""

from __future__ import annotations

import logging
from typing import Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.games.protocol import DecidingRound, TableRound, TableSettlement
from croupier.games.registry import shown_result, table_game, table_information
from croupier.rulesets import load_ruleset
from croupier.table.config import TableConfig
from croupier.table.port import BetResult, RoundTx, Settling
from croupier.table.state import TableState, in_points

log = logging.getLogger(__name__)
PLACE_YOUR_BETS = "Place your bets"  # PT rule 27
NO_MORE_BETS = "No more bets, cards being dealt"  # PT rule 27
Ended = tuple[int, int, dict[str, Any]]  # a round written: its id, its number, its result


class Cycle(TableState):
    def _open_window(self) -> None:
        self.opens_at = None
        info: dict[str, Any] = {
            "type": "betting_open",
            "round": self.round.number,
            "announcement": PLACE_YOUR_BETS,
            "cut_card_out": self.game.cut_card_out,
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
                pt("rule 27"),
            )
        if not any(b.bettor == player for b in self.round.bets):
            raise RuleViolation("deal", "place a bet before starting the deal", pt("rule 28"))
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
        return await self._settle(rnd)

    async def _settle(self, rnd: TableRound) -> dict[str, Any]:
        """Settle the dealt round. A linked jackpot's pool (shared with tables other processes
        may run) is read, locked, in the transaction that settles the round: its prizes are
        those of the pool as the other tables' rounds left it, and two rounds that hit it at
        once are paid one after the other, each on the pool the one before left (choice J11)."""
        if self.config.linked_jackpot and self.accounts.pool is not None:
            return await self._finish(rnd, None, "settled", None)
        return await self._finish(rnd, rnd.settle(), "settled", None)

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
        self,
        rnd: TableRound,
        settlement: TableSettlement | None,
        status: str,
        reason: str | None,
    ) -> dict[str, Any]:
        """Write the round's end (``settlement`` None: settle it in that transaction, on the
        linked pool it locks first) and tell the table."""
        pool = self.accounts.pool

        def end(tx: RoundTx) -> tuple[TableSettlement, Ended]:
            settled = settlement
            if settled is None:  # a linked pool: read, locked, as the other tables left it
                assert pool is not None
                rnd.jackpot_pool = tx.balances([pool])[pool]
                settled = rnd.settle()
            return settled, self._write_end(tx, rnd, settled, status, reason)

        done, (old_round_id, old_number, result) = await self.store.write(self.id, end)
        carried = {(b.bettor, b.kind) for b in done.carry_over}
        bettors = {b.bettor for b in done.ledger}
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
                for b in done.ledger
            ],
            "house_result": done.house_result,
        }
        self.publish(summary, None)
        self.show_jackpot(self.game.jackpot_pool)  # the pool this round left
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
        if status == "settled" and self.accounts.pool is not None and rnd.jackpot_pool is not None:
            # the pool the round settled on and what it left, in its record: evidence a lab
            # checks against the pool's postings (a linked pool's as locked: issue 20)
            before = rnd.jackpot_pool
            result = {
                **result,
                "jackpot_pool": {"before": before, "after": before + settlement.pool_change},
            }
        settling = Settling(
            self.round_id,
            results,
            settlement.house_result,
            settlement.pool_change,
            status,
            result,
            reason,
        )
        ended = (self.round_id, rnd.number, result)
        self.game.finish_round()
        self._write_finish(tx, settlement, settling)
        return ended

    def _write_finish(self, tx: RoundTx, settlement: TableSettlement, settling: Settling) -> None:
        """The round's last journal and its settlement, and the next round opened (with the bets
        a tie carried over), in one transaction."""
        nxt = self.game.start_round()
        carried = [self.seats[b.bettor].standing(b.kind, b.amount) for b in settlement.carry_over]
        self._write_log(tx)
        tx.settle(settling, self.accounts)
        new_id = tx.open_round(self.id, nxt.number, self.game.shoe_commitment(), carried)
        self.round, self.round_id, self.journaled = nxt, new_id, 0
        self._write_log(tx)

    # -- time: the betting window, decisions and inactivity (PT rules 27, 35-36) -----------
    async def _check_time(self) -> None:
        now = self.clock.now()
        self.checked_at = now
        if self.opens_at is not None and now >= self.opens_at:
            self._open_window()
        if self.decides_by is not None and now >= self.decides_by:
            await self._time_out_decisions()
        if self.config.mode == "multi" and self.closes_at is not None and now >= self.closes_at:
            await self._close_window()
        await self._check_inactivity(now)

    async def _close_window(self) -> None:
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

    # -- the operator's commands ----------------------------------------------------------
    async def _announce(self, message: str) -> dict[str, Any]:
        """A message from the operator to everyone at the table (a shoe change, a closing)."""
        self.publish({"type": "announcement", "message": message}, None)
        return {"table": self.id, "announced": message}

    async def _set_limits(self, overrides: dict[str, Any]) -> dict[str, Any]:
        """New house options (limits, side bets, commission) from the next round on; the round
        in play keeps the rules it opened with. Shoe options need a new table."""
        merged = {**self.config.overrides, **overrides}
        ruleset = load_ruleset(self.config.ruleset, merged)  # refuses a bad option with its article
        if ruleset.rules.shoe != self.rules.shoe:
            raise RuleViolation(
                "overrides", "shoe options cannot change at an open table: open a new one", "tables"
            )
        config = TableConfig.from_json({**self.config.to_json(), "overrides": merged})
        await self.store.save_config(self.id, config.to_json())
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
            await self.store.recover(self.id)
            played = self.game.rounds_played  # the void round keeps its number
            self.game = table_game(
                self.rules, self.source, jackpot_pool=self.game.jackpot_pool, cards=self.cards
            )
            self.game.rounds_played = played
            await self._new_round()
            self.publish({"type": "round_void", "round": played, "void_reason": reason}, None)
            self._open_window()
        except Exception:
            log.exception("table %s: could not recover from a fault", self.id)

    async def _new_round(self) -> None:
        self.round = self.game.start_round()
        self.round_id = await self.store.begin_round(
            self.id, self.round.number, self.game.shoe_commitment()
        )
        self.journaled = 0
