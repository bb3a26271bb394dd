"""A player's protection (issue 29; docs/player-protection.md): self-exclusion and time-out,
asked by the player, or set by the operator (its list, or the regulator's imported); the limits
the player sets on their deposits, and the operator on them."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Path

from croupier.i18n.message import msg
from croupier.protection.exclusion import OPERATOR
from croupier.server.back_office import audited, recorded
from croupier.server.bodies import ExclusionIn, LimitIn, OperatorExclusionsIn, RealityIn
from croupier.server.depends import Casinos, Compliance, Id, Me, PlayerName

router = APIRouter()


@router.post("/me/exclusions", status_code=201)
async def exclude_me(body: ExclusionIn, player: Me, casino: Casinos) -> dict[str, Any]:
    """The player excludes themselves (three months at least, or indefinitely: RJO art. 39) or
    takes a time-out (24 hours to six weeks): in force at once, out of every table."""
    exclusion = await casino.protection.exclude(
        player, body.kind, until=body.until, hours=body.hours, reason=body.reason,
        set_by=player.name,
    )  # fmt: skip
    return exclusion.shown()


@router.get("/me/exclusions")
async def my_exclusions(player: Me, casino: Casinos) -> dict[str, Any]:
    """The exclusion in force, if any, and every one the player had."""
    protection = casino.protection
    history = await asyncio.to_thread(protection.exclusions.of, player.id)
    active = await protection.active(player)
    return {
        "active": None if active is None else active.shown(),
        "history": [e.shown() for e in history],
    }


@router.post("/me/exclusions/{exclusion_id}/end")
async def end_my_exclusion(exclusion_id: Id, player: Me, casino: Casinos) -> dict[str, Any]:
    """The player asks to end their self-exclusion: it ends one month later (RJO art. 39)."""
    return (await casino.protection.end_early(player, exclusion_id)).shown()


@router.post("/operator/exclusions", status_code=201)
async def exclude_players(
    body: OperatorExclusionsIn, op: Compliance, casino: Casinos
) -> dict[str, Any]:
    """The operator excludes players (its list, or the regulator's imported): each named
    player found is excluded at once; the names with no account here are listed back."""
    excluded, unknown = [], []
    for name in dict.fromkeys(body.players):
        player = await asyncio.to_thread(casino.players.by_name, name)
        if player is None or player.role != "player" or player.demo:
            unknown.append(name)
            continue
        exclusion = await casino.protection.exclude(
            player, OPERATOR, until=body.until, reason=body.reason, set_by=op.name
        )
        excluded.append({"player": name, **exclusion.shown()})
    result = {"excluded": excluded, "unknown": unknown}
    await recorded(casino, op, "exclude", "players", result, reason=body.reason)
    return result


Kind = Annotated[str, Path(min_length=1, max_length=20, description="e.g. deposit_day")]


@router.get("/me/limits")
async def my_limits(player: Me, casino: Casinos) -> dict[str, Any]:
    """Each limit: in force (the strictest of the player's and the operator's), the player's
    own, the operator's, and a raise waiting for its cooling-off."""
    return await casino.protection.limits_of(player)


@router.put("/me/limits/{kind}")
async def set_my_limit(kind: Kind, body: LimitIn, player: Me, casino: Casinos) -> dict[str, Any]:
    """Lowered (or set) at once; raised or removed after the cooling-off (24 hours)."""
    return await casino.protection.set_limit(player, kind, body.amount)


@router.put("/operator/players/{name}/limits/{kind}")
async def set_limit_on(
    name: PlayerName, kind: Kind, body: LimitIn, op: Compliance, casino: Casinos
) -> dict[str, Any]:
    """The operator's limit on a player, in force at once; the strictest one applies."""
    player = await asyncio.to_thread(casino.players.by_name, name)
    if player is None:
        raise LookupError(msg("no player {name}", name=repr(name)))
    before = await casino.protection.limits_of(player)
    work = casino.protection.set_limit(player, kind, body.amount, operator=op.name)
    return await audited(casino, op, f"limit {kind}"[:40], f"player:{name}", work, before=before)


@router.put("/me/reality-check")
async def set_my_reality_check(body: RealityIn, player: Me, casino: Casinos) -> dict[str, Any]:
    """A reality check every so many minutes of play, from the next session on: the time
    played and the net result, acknowledged before the next bet."""
    return await casino.protection.set_reality(player, body.minutes)


@router.get("/me/reality-check")
async def my_reality_check(player: Me, casino: Casinos) -> dict[str, Any]:
    return {"minutes": await casino.protection.reality_minutes(player)}
