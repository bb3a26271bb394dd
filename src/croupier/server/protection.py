"""A player's protection enforced (issue 29; docs/player-protection.md): their limits (the
deposits of a day, a week, a month, checked in the transaction that makes the deposit), and
their exclusions: a
self-exclusion, a time-out or the operator's exclusion takes the player out of every table at
once, here and at the other processes (their sessions end: bets of a round in play stand and
settle, bets not yet dealt are returned; nothing is lost), closes their connections with the
reason, and refuses them a seat at a real-money table while it lasts. They keep their account:
they sign in, read their balance, statements and history (RJO art. 39)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from datetime import date
from typing import Any, Protocol

from sqlalchemy import Connection, Engine, select

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.protection.calendar import Calendar
from croupier.protection.exclusion import (
    OPERATOR,
    RJO_39,
    SELF,
    TIME_OUT,
    Exclusion,
    self_exclusion_end,
    time_out_end,
    verify_early_end,
    verify_reason,
)
from croupier.protection.history import REALITY
from croupier.protection.limits import (
    DEPOSIT_PERIODS,
    LIMITS_RULE,
    SEAT_KINDS,
    LimitChange,
    SeatLimits,
    in_force,
    limits_in_force,
    seat_limits,
    shown_limits,
    takes_effect,
    verify_amount,
    verify_deposit,
    verify_kind,
)
from croupier.protection.reality import REALITY_RULE, verify_minutes
from croupier.server.forwarding import Peers
from croupier.server.hub import Hub
from croupier.store.claims import TableClaims
from croupier.store.exclusions import Exclusions
from croupier.store.limits import Limits, deposited_since
from croupier.store.schema import accounts


class Casino(Protocol):
    """What enforcing a player's protection needs of this process (the casino, seen only so,
    server/service.py: no import circle): its database, its calendar, the cooling-off of a
    raised limit, the records of sessions, the tables it runs, who runs the others and how to
    reach them, and its watchers' hub."""

    @property
    def engine(self) -> Engine: ...

    @property
    def wall(self) -> Callable[[], float]: ...

    @property
    def calendar(self) -> Calendar: ...

    @property
    def cooling_off_seconds(self) -> float: ...

    @property
    def records(self) -> Any: ...

    @property
    def tables(self) -> dict[int, Any]: ...

    @property
    def claims(self) -> TableClaims: ...

    @property
    def peers(self) -> Peers: ...

    @property
    def hub(self) -> Hub: ...

    @property
    def relay(self) -> Any: ...


log = logging.getLogger(__name__)
EXCLUDED = "\x00excluded"  # queued for a connection of a player just excluded (the same object)
CLOSE_EXCLUDED = 4451  # like HTTP 451: not available, for a reason the law gives
EXCLUDED_REASON = msg("you are excluded from play (RJO art. 39): your account stays open")
END_REASON = "excluded"  # a session's end_reason
EXCLUDED_WORD = "excluded"  # what the bus tells the other processes of a player excluded


class Protection:
    """The limits and exclusions of the casino's players, as one process enforces them."""

    def __init__(self, casino: Casino) -> None:
        self.casino = casino
        self.exclusions = Exclusions(casino.engine)
        self.limits = Limits(casino.engine)
        self._deposits = threading.Lock()  # one deposit's check and posting at a time here

    # -- limits -----------------------------------------------------------------------------
    async def set_limit(
        self, player: Player, kind: str, amount: object, *, operator: str | None = None
    ) -> dict[str, object]:
        """The player's (or, with ``operator``, the operator's) limit of ``kind`` set to
        ``amount`` (None: none): stricter at once, a raise or a removal after the cooling-off;
        the operator's at once."""
        kind = verify_kind(kind)
        value = verify_amount(amount, kind)
        if player.role != "player" or player.demo:
            raise RuleViolation("player", "limits are a real-money player's", LIMITS_RULE)
        now = self.now()
        changes = await asyncio.to_thread(self.limits.changes, player.id)
        if operator is None:
            own = in_force([c for c in changes if c.kind == kind and not c.by_operator], now)
            effective = takes_effect(own, value, now, self.casino.cooling_off_seconds)
        else:
            effective = now
        change = LimitChange(kind, value, now, effective, operator is not None,
                             operator or player.name)  # fmt: skip
        await asyncio.to_thread(self.limits.add, player.id, change)
        if kind in SEAT_KINDS and effective <= now:  # at the tables where they sit, at once
            await self.push_seat_limits(player)
        return (await self.limits_of(player))[kind]

    async def seat_limits(self, player: Player) -> SeatLimits:
        """The limits a table applies to the player's seat, as they stand now."""
        changes = await asyncio.to_thread(self.limits.changes, player.id)
        return seat_limits(limits_in_force(changes, self.now()))

    async def push_seat_limits(self, player: Player) -> None:
        """The player's seat limits, changed, told to each table where they sit: here, or at
        the process that runs it (``POST /sessions/{id}/limits``, which reads them there)."""
        limits = await self.seat_limits(player)
        await self._at_each_table(player, "limit_seat", {"limits": limits}, "limits")

    async def limits_of(self, player: Player) -> dict[str, dict[str, object]]:
        """Each limit: the one in force (the strictest of the player's and the operator's),
        the player's own, the operator's, and a change of the player's waiting to apply."""
        changes = await asyncio.to_thread(self.limits.changes, player.id)
        return shown_limits(changes, self.now())

    async def set_reality(self, player: Player, minutes: object) -> dict[str, object]:
        """The player's reality check, every ``minutes`` of play (None: none), from their next
        session on (issue 29)."""
        if player.role != "player":  # an operator, a live table's box: nobody plays for them
            raise RuleViolation("player", msg("only a player sets a reality check"), REALITY_RULE)
        value = verify_minutes(minutes)
        now = self.now()
        change = LimitChange(REALITY, value, now, now, False, player.name)
        await asyncio.to_thread(self.limits.add, player.id, change)
        return {"minutes": value, "applies": "to the sessions started from now on"}

    async def reality_minutes(self, player: Player) -> int | None:
        changes = await asyncio.to_thread(self.limits.changes, player.id)
        return in_force([c for c in changes if c.kind == REALITY], self.now())

    def check_deposit(
        self, connection: Connection, player: Player, account: int, amount: int
    ) -> None:
        """In the deposit's transaction, the account locked: refused (LimitReached) when it
        would take a period's deposits past its limit."""
        connection.execute(select(accounts.c.id).where(accounts.c.id == account).with_for_update())
        now = self.now()
        limits = limits_in_force(self.limits.changes(player.id, connection), now)
        calendar = self.casino.calendar  # the casino's days, weeks and months (choice X3)
        deposited = {
            period: deposited_since(connection, account, calendar.period_bounds(period, now)[0])
            for period in set(DEPOSIT_PERIODS.values())
        }
        verify_deposit(limits, deposited, amount, now, calendar)

    def deposits(self) -> threading.Lock:
        return self._deposits

    def now(self) -> float:
        return self.casino.wall()

    async def exclude(
        self,
        player: Player,
        kind: str,
        *,
        until: date | None = None,
        hours: object = None,
        reason: str = "",
        set_by: str,
    ) -> Exclusion:
        """A new exclusion of ``player`` (``self``: to ``until``, the first day they may play
        again, or indefinitely; ``timeout``: ``hours``; ``operator``: to ``until`` or
        indefinitely), in force at once: the player is taken out of every table."""
        if player.role != "player" or player.demo:
            raise RuleViolation(
                "player", "only a real-money player's account is excluded from play", RJO_39
            )
        reason = verify_reason(reason)
        now = self.now()
        calendar = self.casino.calendar  # ``until``: a day where the casino is
        if kind == SELF:
            ends = self_exclusion_end(now, until, calendar)
        elif kind == TIME_OUT:
            ends = time_out_end(now, hours)
        elif kind == OPERATOR:
            ends = None if until is None else calendar.day_start(until)
            if ends is not None and ends <= now:
                raise RuleViolation("until", "an exclusion ends after it begins", RJO_39)
        else:
            raise RuleViolation("kind", msg("{kind}: self or timeout", kind=repr(kind)), RJO_39)
        exclusion = await asyncio.to_thread(
            self.exclusions.add, player.id, kind, now, ends, reason, set_by
        )
        await self.take_out(player)
        return exclusion

    async def end_early(self, player: Player, exclusion_id: int) -> Exclusion:
        """The player asks to end their self-exclusion: it ends a month from now (RJO art. 39)."""
        mine = await asyncio.to_thread(self.exclusions.of, player.id)
        found = next((e for e in mine if e.id == exclusion_id), None)
        if found is None or not found.active_at(self.now()):
            raise LookupError(
                msg("no exclusion {exclusion_id} in force", exclusion_id=exclusion_id)
            )
        verify_early_end(found)
        await asyncio.to_thread(self.exclusions.ask_end, exclusion_id, self.now())
        return next(
            e
            for e in await asyncio.to_thread(self.exclusions.of, player.id)
            if e.id == exclusion_id
        )

    async def active(self, player: Player) -> Exclusion | None:
        if player.demo or player.role != "player":
            return None
        return await asyncio.to_thread(self.exclusions.active, player.id, self.now())

    async def verify_may_play(self, player: Player) -> None:
        """Refused a seat while an exclusion is in force, saying until when and why."""
        excluded = await self.active(player)
        if excluded is None:
            return
        shown = excluded.shown()
        until = shown["ends_at"] or "you ask for it to end (it ends a month after)"
        raise RuleViolation(
            "player",
            msg(
                "you are excluded from play ({kind}) until {until}", kind=excluded.kind, until=until
            ),
            shown["rule"],  # type: ignore[arg-type]
        )

    async def take_out(self, player: Player) -> None:
        """Out of every table at once: each session ends (its bets in play stand and settle),
        here or at the process that runs its table; the player's connections close, here and
        (told over the bus) at every other process."""
        await self._at_each_table(player, "leave", {"reason": END_REASON}, "end")
        self.casino.hub.close_player(player.name, EXCLUDED)
        relay = self.casino.relay  # the other processes close theirs (server/relay.py)
        if relay is not None and relay.bus.connected:
            try:
                await relay.bus.tell_processes(player.name, EXCLUDED_WORD)
            except Exception:  # the bus went away: the sessions ended; a socket may linger
                log.exception("the other processes could not be told %s is excluded", player.name)

    async def _at_each_table(
        self, player: Player, command: str, args: dict[str, Any], route: str
    ) -> None:
        """At each table where ``player`` has a session: ``command`` to the table here, or
        ``POST /sessions/{id}/{route}`` to the process that runs it. One table's failure never
        keeps the others from it (a session that ended meanwhile is no failure)."""
        casino = self.casino
        sessions = await asyncio.to_thread(casino.records.sessions.sessions_of, player.id)
        for session_id, table_id, _seat in sessions:
            table = casino.tables.get(table_id)
            try:
                if table is not None:
                    await table.command(command, player=player.name, **args)
                elif casino.claims.shared:
                    await casino.peers.refresh(table_id)
                    path = f"/sessions/{session_id}/{route}"
                    await casino.peers.forward(table_id, "POST", path, {}, b"", player.name)
            except RuleViolation:  # the session ended meanwhile
                continue
            except Exception:
                log.exception("table %s: %s of %s failed", table_id, command, player.name)
