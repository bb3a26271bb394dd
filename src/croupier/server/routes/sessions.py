"""Sessions and statements (PT rules 33-34): a player reads their session's statement and
ends the session when they choose; an operator reads any."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from croupier.i18n.message import msg
from croupier.people import Player
from croupier.server.depends import Casinos, Id, Me
from croupier.server.peer_auth import FORWARDED
from croupier.server.service import Casino

router = APIRouter()


async def _own_session(casino: Casino, session_id: int, player: Player) -> dict[str, Any]:
    """A session's statement (PT rule 33), read only by its player or an operator."""
    statement = await asyncio.to_thread(casino.records.sessions.statement, session_id)
    if statement is None:
        raise LookupError(msg("no session {session_id}", session_id=session_id))
    owner = await asyncio.to_thread(casino.records.sessions.session_player, session_id)
    if owner != player.id and not player.staff:
        raise HTTPException(403, detail={"message": msg("not your session")})
    return statement


@router.get("/sessions/{session_id}")
async def session(session_id: Id, player: Me, casino: Casinos) -> dict[str, Any]:
    return await _own_session(casino, session_id, player)


@router.post("/sessions/{session_id}/end")
async def end_session(session_id: Id, player: Me, request: Request, casino: Casinos) -> Any:
    """The player ends the session and gets the statement (PT rules 33-34)."""
    statement = await _own_session(casino, session_id, player)
    if statement["ended_at"] is not None:
        return statement  # ended already: its statement again
    table_id = statement["table_id"]
    if _elsewhere(casino, table_id, request):  # its process ends it (issue 20)
        return await _forwarded(casino, table_id, request, player)
    result: dict[str, Any] = await casino.table(table_id).command("leave", player=player.name)
    return result


@router.post("/sessions/{session_id}/reality-check")
async def acknowledge_reality(session_id: Id, player: Me, request: Request, casino: Casinos) -> Any:
    """The player acknowledges the reality check shown to them: they bet again (issue 29)."""
    statement = await _own_session(casino, session_id, player)
    table_id = statement["table_id"]
    if _elsewhere(casino, table_id, request):  # its process holds the session (issue 20)
        return await _forwarded(casino, table_id, request, player)
    result: dict[str, Any] = await casino.table(table_id).command(
        "acknowledge_reality", player=player.name
    )
    return result


@router.post("/sessions/{session_id}/limits")
async def refresh_limits(session_id: Id, player: Me, request: Request, casino: Casinos) -> Any:
    """The player's limits on a seat (the largest bet, the session's length) read again and
    applied at once: how a process that changed them tells the one that runs the table."""
    statement = await _own_session(casino, session_id, player)
    table_id = statement["table_id"]
    if _elsewhere(casino, table_id, request):
        return await _forwarded(casino, table_id, request, player)
    limits = await casino.protection.seat_limits(player)
    result: dict[str, Any] = await casino.table(table_id).command(
        "limit_seat", player=player.name, limits=limits
    )
    return result


def _elsewhere(casino: Casino, table_id: int, request: Request) -> bool:
    """Whether another process runs the table (and this request was not sent on by one)."""
    return (
        table_id not in casino.tables and casino.claims.shared and FORWARDED not in request.headers
    )


async def _forwarded(casino: Casino, table_id: int, request: Request, player: Player) -> Response:
    await casino.peers.refresh(table_id)
    status, body = await casino.peers.forward(
        table_id, "POST", request.url.path, dict(request.headers), b"", player.name
    )
    return Response(body, status, media_type="application/json")
