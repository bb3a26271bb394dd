"""Seats, sessions and inactivity at a table (PT 812/2015 rules 6, 33-38): a player takes a seat
and starts a session, leaves with a statement, and is invited, warned and ended for inactivity
(rules 35-36, :mod:`croupier.table.seats`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.protection.limits import LIMITS_RULE, SeatLimits
from croupier.protection.reality import REALITY_RULE, RealityCheck
from croupier.table.announcer import Announcer
from croupier.table.betting import no_session
from croupier.table.clock import Clock
from croupier.table.config import LIVE_RULE
from croupier.table.in_play import InPlay
from croupier.table.port import RoundTx, TableStore
from croupier.table.seats import INVITATION, WARNING_INDIVIDUAL, WARNING_MULTI, Seat
from croupier.table.terms import TableTerms

TIME_LIMIT = "time_limit"  # a session's end reason: the player's limit on its length


def limit_seat(seat: Seat, limits: SeatLimits) -> None:
    seat.bet_limit = limits.bet
    seat.loss_limits = limits.losses
    minutes = limits.session_minutes
    seat.session_ends_at = None if minutes is None else seat.started + minutes * 60.0


class Seating:
    """The seats of one table and the sessions played in them."""

    def __init__(
        self,
        store: TableStore,
        clock: Clock,
        terms: TableTerms,
        in_play: InPlay,
        announcer: Announcer,
        seats: dict[str, Seat],
        verify_window: Callable[[], None],
    ) -> None:
        self.store = store
        self.clock = clock
        self.terms = terms
        self.in_play = in_play
        self.announcer = announcer
        self.seats = seats  # by player's name (shared with the announcer and the bets)
        self.verify_window = verify_window
        self._ending: list[Seat] = []  # ended for inactivity after the round's bookkeeping

    @property
    def table_id(self) -> int:
        return self.in_play.table_id

    def seat(self, player: str) -> Seat:
        seat = self.seats.get(player)
        if seat is None:
            raise no_session()
        return seat

    async def join(
        self,
        player: Player,
        seat: int | None = None,
        reality: int | None = None,
        limits: SeatLimits | None = None,
    ) -> dict[str, Any]:
        """A seat and a session for ``player`` (the first free seat, or ``seat``), with a
        reality check every ``reality`` minutes of play if they asked for one, and the limits
        on their bets and their session's length (issue 29)."""
        config = self.terms.config
        if player.role == "box" and not config.live:
            raise RuleViolation("player", "boxes are seated at live tables only", LIVE_RULE)
        if player.role not in ("player", "box"):
            raise RuleViolation("player", "operators do not play", "roles")
        if player.name in self.seats:
            raise RuleViolation(
                "session", "you already have a session at this table", pt("rule 34")
            )
        if player.demo != config.demo:
            raise RuleViolation(
                "table",
                "demo players play at demo tables only, real players at real tables",
                pt("rules 37-38"),
            )
        taken = {s.seat for s in self.seats.values()}
        free = [n for n in range(1, config.seats + 1) if n not in taken]
        if seat is None:
            if not free:
                raise RuleViolation("seat", "the table is full", pt("rule 6"))
            seat = free[0]
        elif (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or seat not in range(1, config.seats + 1)
        ):
            raise RuleViolation(
                "seat",
                msg("{seat}: seats are 1 to {seats}", seat=repr(seat), seats=config.seats),
                pt("rule 6"),
            )
        elif seat in taken:
            raise RuleViolation("seat", msg("seat {seat} is taken", seat=seat), pt("rule 6"))
        session_id, account = await self.store.start_session(
            player, self.table_id, seat, self.terms.currency
        )
        now = self.clock.now()
        sitting = self.seats[player.name] = Seat(
            session_id,
            player.id,
            player.name,
            account,
            seat,
            now,
            box=player.role == "box",
            reality=None if reality is None else RealityCheck.every(reality, now),
            started=now,
        )
        if limits is not None:
            limit_seat(sitting, limits)
        self.announcer.publish({"type": "seat_taken", "seat": seat, "player": player.name}, None)
        return {
            "session": session_id,
            "table": self.table_id,
            "seat": seat,
            "information": self.terms.information,
        }

    async def leave(self, player: str, reason: str = "player") -> dict[str, Any]:
        seat = self.seat(player)
        rnd = self.in_play.round
        mine = [b for b in rnd.bets if b.bettor == player]
        if mine and rnd.phase_name != "betting":  # cards are out: the round decides
            seat.leaving = True
            return {"session": seat.session_id, "ending": "after this round"}
        if mine:
            try:
                await self._withdraw_all(seat, [b.kind for b in mine])
            except RuleViolation:
                seat.leaving = True  # its bets stand (table limits): it ends after the round
                return {"session": seat.session_id, "ending": "after this round"}
        return await self.end_session(seat, reason)

    async def end_session(self, seat: Seat, reason: str) -> dict[str, Any]:
        statement = await self.store.end_session(seat.session_id, reason)
        self.seats.pop(seat.name, None)
        self.announcer.publish({"type": "session_ended", "statement": statement}, seat.name)
        self.announcer.publish({"type": "seat_free", "seat": seat.seat, "player": seat.name}, None)
        return statement

    async def end_leaving(self) -> None:
        """The sessions asked to end while their bets were in play end now, the round settled."""
        for seat in [s for s in self.seats.values() if s.leaving]:
            await self.end_session(seat, "player")

    async def withdraw(self, player: str, kind: str) -> dict[str, Any]:
        seat = self.seat(player)
        self.verify_window()
        self.in_play.round.verify_withdraw_bet(player, kind)
        await self._withdraw_all(seat, [kind])
        number = self.in_play.round.number
        self.announcer.publish(
            {"type": "bet_withdrawn", "player": player, "kind": kind, "round": number}, None
        )
        return {"round": number, "kind": kind, "withdrawn": True}

    async def _withdraw_all(self, seat: Seat, kinds: list[str]) -> None:
        """The bets taken off the round on the table's task, then their stakes returned and the
        withdrawal journaled in one transaction (the round put back if that fails)."""
        in_play = self.in_play
        rnd = in_play.round
        for kind in kinds:
            rnd.verify_withdraw_bet(seat.name, kind)
        checkpoint = rnd.checkpoint()
        bets = [seat.standing(kind, in_play.staked(seat.name, kind)) for kind in kinds]
        for kind in kinds:
            rnd.withdraw_bet(seat.name, kind)
        round_id, escrow = in_play.round_id, in_play.accounts.escrow

        def returned(tx: RoundTx) -> None:
            for bet in bets:
                tx.unstake(round_id, bet, escrow)

        await in_play.commit(checkpoint, returned)

    # -- the reality check (issue 29) --------------------------------------------------------
    def check_reality(self, now: float) -> None:
        """Each player whose reality check has come due is shown it, once: the time played and
        the session's net result; their next bet waits for the acknowledgement."""
        for seat in self.seats.values():
            check = seat.reality
            if check is None or check.told or not check.due(now):
                continue
            check.told = True
            self.announcer.publish(
                {
                    "type": "reality_check",
                    "session": seat.session_id,
                    "minutes_played": check.played_minutes(now),
                    "net": seat.net,
                    "rule": REALITY_RULE,
                },
                seat.name,
            )

    def acknowledge_reality(self, player: str) -> dict[str, Any]:
        """The player has seen the reality check: they bet again, the next one due later."""
        seat = self.seat(player)
        if seat.reality is None:
            raise RuleViolation("reality_check", "no reality check was asked", REALITY_RULE)
        now = self.clock.now()
        seat.reality.acknowledge(now)
        return {"session": seat.session_id, "next_in_seconds": seat.reality.due_at - now}

    def limit_seat(self, player: str, limits: SeatLimits) -> dict[str, Any]:
        """The player's limits changed (lowered, or set by the operator): in force at once."""
        seat = self.seat(player)
        limit_seat(seat, limits)
        return {"session": seat.session_id, "bet": seat.bet_limit, "ends_at": seat.session_ends_at}

    async def check_session_limits(self, now: float) -> None:
        """A session that has run the length the player allowed it ends (its bets in play
        stand and settle first), the player told why."""
        for seat in list(self.seats.values()):
            ends = seat.session_ends_at
            if ends is None or now < ends or seat.leaving:
                continue
            self.announcer.publish(
                {"type": "session_limit", "session": seat.session_id, "rule": LIMITS_RULE},
                seat.name,
            )
            await self.leave(seat.name, reason=TIME_LIMIT)

    def settled(self, lines: list[tuple[str, int]]) -> None:
        """A round's settled bets (bettor, paid less staked): each session's net result."""
        for bettor, net in lines:
            seat = self.seats.get(bettor)
            if seat is not None:
                seat.net += net

    # -- inactivity (PT rules 35-36) --------------------------------------------------------
    async def check_inactivity(self, now: float) -> None:
        if self.terms.config.mode == "individual":
            for seat in [s for s in self.seats.values() if not s.box]:  # rules 35-36: online
                due = seat.individual_due(now)
                if due == "warn":
                    self._warn(seat, WARNING_INDIVIDUAL)
                elif due == "end":
                    await self.end_session(seat, "inactivity")
        while self._ending:
            seat = self._ending.pop()
            if seat.name in self.seats:
                await self.end_session(seat, "inactivity")

    def after_window(self, bettors: set[str]) -> None:
        if self.terms.config.mode != "multi":
            return
        now = self.clock.now()
        for seat in self.seats.values():
            if seat.name in bettors or seat.box:  # rules 35-36 are the online players'
                continue
            due = seat.window_missed(now)
            if due == "warn":
                self._warn(seat, WARNING_MULTI)
            elif due == "end":
                self._ending.append(seat)  # ended by check_time, after the round's bookkeeping

    def _warn(self, seat: Seat, warning: str) -> None:
        seat.warned_at = self.clock.now()
        self.announcer.publish(
            {"type": "inactivity_invitation", "message": INVITATION, "rule": pt("rule 35")},
            seat.name,
        )
        self.announcer.publish(
            {"type": "inactivity_warning", "message": warning, "rule": pt("rule 36")},
            seat.name,
        )
