"""Decisions after the deal (stud: raise or fold; blackjack: insurance, then each hand): the table
asks the undecided bettors with a time limit, takes their answers (a decision that costs a stake
is refused, with nothing written, when the balance is short), asks again whenever the felt
changes, applies the game's default to those out of time, and settles once no one is left."""

from __future__ import annotations

from typing import Any

from croupier.errors import RuleViolation
from croupier.games.protocol import DecidingRound
from croupier.table.betting import BALANCE_RULE
from croupier.table.port import RoundTx
from croupier.table.seats import Seat
from croupier.table.state import TableState


class Decisions(TableState):
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
            await self.store.write(
                self.id, lambda tx: self._write_decision(tx, rnd, seat, decision, stake)
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
        self, tx: RoundTx, rnd: DecidingRound, seat: Seat, decision: str, stake: int
    ) -> None:
        """A decision that costs a stake (a raise): refused, with nothing written, when the
        balance is short; otherwise the stake joins the escrow with the decision's journal."""
        balance = tx.balances([seat.account, self.accounts.escrow])
        if balance[seat.account] < stake:
            money = self.money
            raise RuleViolation(
                "decision",
                f"the {decision} needs {money.text(stake)}; the balance is "
                f"{money.text(balance[seat.account])} {money.currency}",
                BALANCE_RULE,
            )
        kind = rnd.decision_kind(seat.name, decision)  # stud: a raise; blackjack: the bet
        total = self._staked(seat.name, kind) + stake
        tx.stake(self.round_id, self.accounts.escrow, [(seat.standing(kind, total), stake)])
        rnd.decide(seat.name, decision)
        self._write_log(tx)

    async def _settle_decided(self) -> dict[str, Any]:
        self.decides_by = None
        result: dict[str, Any] = await self._settle(self.round)
        return result

    async def _time_out_decisions(self) -> None:
        """Out of time: the game's default for each undecided bettor (stud folds, blackjack
        stands), then the next hand's turn with its own time, or the settlement."""
        rnd = self.round
        if not isinstance(rnd, DecidingRound):
            return
        for bettor in rnd.undecided_bettors():
            default = rnd.default_decision
            rnd.decide(bettor, default)
            self.publish(
                {"type": "decided", "player": bettor, "decision": default, "timed_out": True},
                None,
            )
        if rnd.undecided_bettors():
            self._open_decisions(rnd)
        else:
            await self._settle_decided()
