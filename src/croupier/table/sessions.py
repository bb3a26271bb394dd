"""Seats, sessions and inactivity at a table (PT 812/2015 rules 6, 33-38): a player takes a seat
and starts a session, leaves with a statement, and is invited, warned and ended for inactivity
(rules 35-36, :mod:`croupier.table.seats`)."""

from __future__ import annotations

from typing import Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.people import Player
from croupier.table.port import RoundTx
from croupier.table.seats import INVITATION, WARNING_INDIVIDUAL, WARNING_MULTI, Seat
from croupier.table.state import TableState


class Sessions(TableState):
    async def _join(self, player: Player, seat: int | None = None) -> dict[str, Any]:
        if player.role != "player":
            raise RuleViolation("player", "operators do not play", "roles")
        if player.name in self.seats:
            raise RuleViolation(
                "session", "you already have a session at this table", pt("rule 34")
            )
        if player.demo != self.config.demo:
            raise RuleViolation(
                "table",
                "demo players play at demo tables only, real players at real tables",
                pt("rules 37-38"),
            )
        taken = {s.seat for s in self.seats.values()}
        free = [n for n in range(1, self.config.seats + 1) if n not in taken]
        if seat is None:
            if not free:
                raise RuleViolation("seat", "the table is full", pt("rule 6"))
            seat = free[0]
        elif (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or seat not in range(1, self.config.seats + 1)
        ):
            raise RuleViolation(
                "seat", f"{seat!r}: seats are 1 to {self.config.seats}", pt("rule 6")
            )
        elif seat in taken:
            raise RuleViolation("seat", f"seat {seat} is taken", pt("rule 6"))
        session_id, account = await self.store.start_session(player, self.id, seat, self.currency)
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
                await self.store.write(self.id, lambda tx: self._withdraw_all(tx, seat, kinds))
            except RuleViolation:
                seat.leaving = True  # its bets stand (table limits): it ends after the round
                return {"session": seat.session_id, "ending": "after this round"}
        return await self._end_session(seat, reason)

    async def _end_session(self, seat: Seat, reason: str) -> dict[str, Any]:
        statement = await self.store.end_session(seat.session_id, reason)
        self.seats.pop(seat.name, None)
        self.publish({"type": "session_ended", "statement": statement}, seat.name)
        self.publish({"type": "seat_free", "seat": seat.seat, "player": seat.name}, None)
        return statement

    async def _withdraw(self, player: str, kind: str) -> dict[str, Any]:
        seat = self._seat(player)
        self._verify_window()
        self.round.verify_withdraw_bet(player, kind)
        await self.store.write(self.id, lambda tx: self._withdraw_all(tx, seat, [kind]))
        self.publish(
            {"type": "bet_withdrawn", "player": player, "kind": kind, "round": self.round.number},
            None,
        )
        return {"round": self.round.number, "kind": kind, "withdrawn": True}

    def _withdraw_all(self, tx: RoundTx, seat: Seat, kinds: list[str]) -> None:
        for kind in kinds:
            self.round.verify_withdraw_bet(seat.name, kind)
        for kind in kinds:
            bet = seat.standing(kind, self._staked(seat.name, kind))
            tx.unstake(self.round_id, bet, self.accounts.escrow)
            self.round.withdraw_bet(seat.name, kind)
        self._write_log(tx)

    # -- inactivity (PT rules 35-36) --------------------------------------------------------
    async def _check_inactivity(self, now: float) -> None:
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
            {"type": "inactivity_invitation", "message": INVITATION, "rule": pt("rule 35")},
            seat.name,
        )
        self.publish(
            {"type": "inactivity_warning", "message": warning, "rule": pt("rule 36")},
            seat.name,
        )
