"""The back office's API (issue 30; docs/operator.md), under ``/operator``: who is signed in,
the live tables of every process, the players, the audit trail and the reports. Every route
needs a staff token; those that change something need their duty (croupier/staff.py)."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import AfterValidator

from croupier.i18n.message import msg
from croupier.server.back_office import in_transaction
from croupier.server.bodies import ReasonIn, printable
from croupier.server.depends import Casinos, Compliance, PlayerName, Staff
from croupier.server.peer_auth import FORWARDED
from croupier.server.reports import COLUMNS, as_csv, report
from croupier.server.service import Casino
from croupier.staff import ROLE_DUTIES
from croupier.store import staff_reads
from croupier.store.audit_trail import MAX_READ

router = APIRouter(prefix="/operator")
#: a name searched or filtered on: printable (no NUL, which PostgreSQL cannot compare)
Name = Annotated[str, Query(max_length=100), AfterValidator(printable)]
From = Annotated[date | None, Query(alias="from")]
To = Annotated[date | None, Query(alias="to")]
AUDIT_COLUMNS = ("id", "at", "actor", "role", "action", "target", "reason", "before", "after",
                 "node")  # fmt: skip
STATE_COLUMNS = ("player", "state", "reason", "responsible", "since")
#: a route that answers JSON, or CSV with ``format=csv``: both documented (the fuzz checks it)
JSON_OR_CSV: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {"application/json": {}, "text/csv": {}},
        "description": "JSON; CSV with format=csv",
    }
}


def _csv(text: str, name: str) -> Response:
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.csv"'},
    )


@router.get("/me")
async def me(member: Staff) -> dict[str, Any]:
    """Who is signed in, their role and the duties it holds."""
    return {"name": member.name, "role": member.role, "duties": sorted(ROLE_DUTIES[member.role])}


@router.post("/logout")
async def logout(member: Staff, casino: Casinos) -> dict[str, Any]:
    """End this session: the token stops working (the server's own console credential is
    renewed only by a restart)."""
    if member.role != "operator":
        await asyncio.to_thread(casino.players.new_token, member)
    return {"signed_out": member.role != "operator"}


@router.get("/tables")
async def live_tables(member: Staff, request: Request, casino: Casinos) -> dict[str, Any]:
    """Every open table of every process as the house sees it (phase, countdown, seats, bets,
    shoe and cut card, jackpot, disabled), each with the process that runs it."""
    rows = [t.view_for(None, operator=True) for t in casino.tables.values()]
    if casino.claims.shared and FORWARDED not in request.headers:
        rows += await casino.peers.lobbies(member.name)
    cluster = await asyncio.to_thread(casino.cluster)
    runs = {t: n["name"] for n in cluster["nodes"] for t in n["tables"]}
    for row in rows:
        row["node"] = runs.get(row["id"])
    return {"node": casino.node, "tables": sorted(rows, key=lambda r: r["id"]), "cluster": cluster}


@router.get("/players")
async def find_players(
    _member: Staff,
    casino: Casinos,
    q: Name = "",
    limit: Annotated[int, Query(ge=1, le=staff_reads.MAX_FOUND)] = 50,
) -> list[dict[str, Any]]:
    """Players whose name contains ``q``, with their balances (demo points apart: ``DEMO``)."""
    return await asyncio.to_thread(staff_reads.search, casino.engine, q, limit)


async def _player(casino: Casino, name: str) -> Any:
    player = await asyncio.to_thread(casino.players.by_name, name)
    if player is None or player.role != "player":
        raise LookupError(msg("no player {name}", name=repr(name)))
    return player


@router.get("/players/{name}")
async def player_file(name: PlayerName, _member: Staff, casino: Casinos) -> dict[str, Any]:
    """One player's file: balances, suspension, exclusion in force, limits and sessions (each
    session's statement at ``/sessions/{id}/statement``, each round at ``/rounds/{id}``)."""
    player = await _player(casino, name)
    exclusion = await casino.protection.active(player)
    sessions = await asyncio.to_thread(casino.records.sessions.sessions_of, player.id)
    return {
        "id": player.id,
        "name": player.name,
        "demo": player.demo,
        "balances": await asyncio.to_thread(casino.players.accounts_of, player),
        "suspended": await asyncio.to_thread(casino.players.suspension, player),
        "exclusion": None if exclusion is None else exclusion.shown(),
        "limits": await casino.protection.limits_of(player),
        "sessions": [{"id": s, "table": t, "seat": seat} for s, t, seat in sessions[-100:]],
    }


async def _suspend(casino: Casino, member: Any, name: str, reason: str | None) -> dict[str, Any]:
    player = await _player(casino, name)
    before = {"suspended": await asyncio.to_thread(casino.players.suspension, player)}
    after = {"suspended": reason}
    action = "suspend" if reason is not None else "reinstate"
    row = in_transaction(casino, member, action, f"player:{name}", reason=reason,
                         before=before, after=after)  # fmt: skip
    await asyncio.to_thread(casino.players.set_suspension, player, reason, row)
    return {"player": name, **after}


@router.post("/players/{name}/suspend")
async def suspend(
    name: PlayerName, body: ReasonIn, member: Compliance, casino: Casinos
) -> dict[str, Any]:
    """Suspend a player's account with a reason: their token stops working and they cannot log
    in until reinstated (Regulamento 903-B/2015: the account's state, reason and employee)."""
    return await _suspend(casino, member, name, body.reason)


@router.post("/players/{name}/reinstate")
async def reinstate(
    name: PlayerName, body: ReasonIn, member: Compliance, casino: Casinos
) -> dict[str, Any]:
    result = await _suspend(casino, member, name, None)
    return {**result, "reason": body.reason}


@router.get("/audit", responses=JSON_OR_CSV)
async def audit_trail(
    _member: Staff,
    casino: Casinos,
    limit: Annotated[int, Query(ge=1, le=MAX_READ)] = 100,
    before: Annotated[int | None, Query(ge=1)] = None,
    actor: Name = "",
    target: Name = "",
    format: Annotated[str, Query(pattern="^(json|csv)$")] = "json",
) -> Any:
    """The staff's actions, the newest first (``before``: the page after the row with that
    id); ``format=csv`` for a spreadsheet."""
    rows = await asyncio.to_thread(
        casino.audit.read, limit=limit, before_id=before, actor=actor or None, target=target or None
    )
    if format == "csv":
        return _csv(as_csv(rows, AUDIT_COLUMNS), "audit-trail")
    return {"actions": rows}


@router.get("/reports/daily", responses=JSON_OR_CSV)
async def daily_report(
    _member: Staff,
    casino: Casinos,
    start: From = None,
    end: To = None,
    by: Annotated[str, Query(max_length=10)] = "table",
    format: Annotated[str, Query(pattern="^(json|csv)$")] = "json",
    timezone: Annotated[str | None, Query(max_length=64)] = None,
) -> Any:
    """Rounds, turnover, payouts, commission, GGR and hold per table and day (or by game,
    ruleset, day), with the theoretical hold and its 95% interval; today by default. Days are
    those of ``timezone`` (an IANA name, e.g. Asia/Macau; by default the casino's own,
    ``croupier serve --time-zone``)."""
    zone = casino.calendar.name if timezone is None else timezone
    figures = await asyncio.to_thread(report, casino, start, end, casino.wall(), by, zone)
    if format == "csv":
        columns = [c for c in COLUMNS if any(c in row for row in figures["rows"])] or COLUMNS
        return _csv(as_csv(figures["rows"], columns), f"report-{figures['from']}-{figures['to']}")
    return figures


@router.get("/reports/jackpots")
async def jackpot_report(_member: Staff, casino: Casinos) -> dict[str, Any]:
    """Each progressive jackpot pool: its liability, seed, contributions and prizes."""
    from croupier.store.reports import jackpots

    return {"pools": await asyncio.to_thread(jackpots, casino.engine)}


@router.get("/reports/accounts", responses=JSON_OR_CSV)
async def account_report(
    _member: Staff,
    casino: Casinos,
    format: Annotated[str, Query(pattern="^(json|csv)$")] = "json",
) -> Any:
    """Every player's account by state (active, suspended, excluded, demo), with the reason,
    the employee responsible and since when (Regulamento 903-B/2015)."""
    rows = await asyncio.to_thread(staff_reads.account_states, casino.engine, casino.wall())
    if format == "csv":
        return _csv(as_csv(rows, STATE_COLUMNS), "player-accounts")
    return {"accounts": rows}
