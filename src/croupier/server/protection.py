"""A player's exclusions enforced (issue 29, items 5 and 7; docs/player-protection.md): a
self-exclusion, a time-out or the operator's exclusion takes the player out of every table at
once, here and at the other processes (their sessions end: bets of a round in play stand and
settle, bets not yet dealt are returned; nothing is lost), closes their connections with the
reason, and refuses them a seat at a real-money table while it lasts. They keep their account:
they sign in, read their balance, statements and history (RJO art. 39)."""

from __future__ import annotations

import asyncio
import logging
from datetime import date
from typing import TYPE_CHECKING

from croupier.errors import RuleViolation
from croupier.people import Player
from croupier.protection.exclusion import (
    OPERATOR,
    RJO_39,
    SELF,
    TIME_OUT,
    Exclusion,
    day_start,
    self_exclusion_end,
    time_out_end,
    verify_early_end,
    verify_reason,
)
from croupier.store.exclusions import Exclusions

if TYPE_CHECKING:
    from croupier.server.service import Casino

log = logging.getLogger(__name__)
EXCLUDED = "\x00excluded"  # queued for a connection of a player just excluded (the same object)
CLOSE_EXCLUDED = 4451  # like HTTP 451: not available, for a reason the law gives
EXCLUDED_REASON = "you are excluded from play (RJO art. 39): your account stays open"
END_REASON = "excluded"  # a session's end_reason


class Protection:
    """The exclusions of the casino's players, as one process enforces them."""

    def __init__(self, casino: Casino) -> None:
        self.casino = casino
        self.exclusions = Exclusions(casino.engine)

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
        if kind == SELF:
            ends = self_exclusion_end(now, until)
        elif kind == TIME_OUT:
            ends = time_out_end(now, hours)
        elif kind == OPERATOR:
            ends = None if until is None else day_start(until)
            if ends is not None and ends <= now:
                raise RuleViolation("until", "an exclusion ends after it begins", RJO_39)
        else:
            raise RuleViolation("kind", f"{kind!r}: self or timeout", RJO_39)
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
            raise LookupError(f"no exclusion {exclusion_id} in force")
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
            f"you are excluded from play ({excluded.kind}) until {until}",
            shown["rule"],  # type: ignore[arg-type]
        )

    async def take_out(self, player: Player) -> None:
        """Out of every table at once: each session ends (its bets in play stand and settle),
        here or at the process that runs its table; the player's connections here close."""
        casino = self.casino
        sessions = await asyncio.to_thread(casino.records.sessions.sessions_of, player.id)
        for session_id, table_id, _seat in sessions:
            table = casino.tables.get(table_id)
            try:
                if table is not None:
                    await table.command("leave", player=player.name, reason=END_REASON)
                elif casino.claims.shared:
                    await casino.peers.refresh(table_id)
                    path = f"/sessions/{session_id}/end"
                    await casino.peers.forward(table_id, "POST", path, {}, b"", player.name)
            except Exception:  # one table's failure never keeps the others' sessions open
                log.exception("table %s: %s's session could not be ended", table_id, player.name)
        casino.hub.close_player(player.name, EXCLUDED)
