"""A player's statement of account (issue 29, items 8-9): their balances, the postings that
moved their accounts in a period (deposits, withdrawals, stakes, payouts, refunds), and their
protection history (every limit, reality check and exclusion, who set it, when and from when);
read by the player, or by an operator for any player; and every player's protection history
exported for the operator as JSON Lines."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
import json
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import StreamingResponse

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.protection.history import history
from croupier.server.depends import Casinos, Me, PlayerName, Staff
from croupier.server.service import Casino
from croupier.store.account_statement import postings, protection_records

router = APIRouter()
STATEMENT_RULE = "the player's statement of account (issue 29, item 9; RJO art. 40)"
LONGEST_DAYS = 366  # a statement covers a year at most


def _period(casino: Casino, start: date | None, end: date | None) -> tuple[float, float]:
    """From the first second of ``start`` (the month's first day by default) to the end of
    ``end`` (today by default): days of the casino's calendar."""
    calendar = casino.calendar
    today = calendar.day(casino.wall())
    first = start or today.replace(day=1)
    last = end or today
    if last < first:
        raise RuleViolation(
            "to", msg("{last} is before from {first}", last=last, first=first), STATEMENT_RULE
        )
    if (last - first).days >= LONGEST_DAYS:
        raise RuleViolation(
            "to",
            msg("a statement covers {longest_days} days at most", longest_days=LONGEST_DAYS),
            STATEMENT_RULE,
        )
    return calendar.day_start(first), calendar.day_start(last + timedelta(days=1))


async def _statement(
    casino: Casino, player: Player, start: date | None, end: date | None
) -> dict[str, Any]:
    since, until = _period(casino, start, end)
    moved, more = await asyncio.to_thread(postings, casino.engine, player.name, since, until)
    protection = casino.protection
    changes = await asyncio.to_thread(protection.limits.changes, player.id)
    excluded = await asyncio.to_thread(protection.exclusions.of, player.id)
    return {
        "player": player.name,
        "from": casino.calendar.day(since).isoformat(),
        "to": casino.calendar.day(until - 1).isoformat(),
        "balances": await asyncio.to_thread(casino.players.accounts_of, player),
        "postings": moved,
        "more": more,  # the period holds more postings than a statement shows: ask for less
        "protection": history(changes, excluded),
        "limits": await protection.limits_of(player) if not player.demo else None,
    }


@router.get("/me/statement")
async def my_statement(
    player: Me,
    casino: Casinos,
    start: Annotated[date | None, Query(alias="from")] = None,
    end: Annotated[date | None, Query(alias="to")] = None,
) -> dict[str, Any]:
    """The player's statement of account: balances, a period's postings (this month by
    default), and their protection history."""
    return await _statement(casino, player, start, end)


@router.get("/operator/players/{name}/statement")
async def statement_of(
    name: PlayerName,
    _op: Staff,
    casino: Casinos,
    start: Annotated[date | None, Query(alias="from")] = None,
    end: Annotated[date | None, Query(alias="to")] = None,
) -> dict[str, Any]:
    player = await asyncio.to_thread(casino.players.by_name, name)
    if player is None or player.role != "player":
        raise LookupError(msg("no player {name}", name=repr(name)))
    return await _statement(casino, player, start, end)


@router.get(
    "/operator/protection/export",
    response_class=StreamingResponse,
    responses={200: {"content": {"application/x-ndjson": {}}, "description": "JSON Lines"}},
)
async def export_protection(_op: Staff, casino: Casinos) -> StreamingResponse:
    """Every player's protection history as JSON Lines, one event a line (a limit, a reality
    check, an exclusion, an early end asked), player by player, streamed."""

    def lines() -> Iterator[str]:
        for record in protection_records(casino.engine):
            yield json.dumps(record, separators=(",", ":")) + "\n"

    return StreamingResponse(lines(), media_type="application/x-ndjson")
