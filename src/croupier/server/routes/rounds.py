"""Recall and history (PT rule 31): a finished round, a table's last rounds, the roads of the
shoe in play; who sees what is server/visibility.py's."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query

from croupier.games.registry import table_scoreboards
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.server.depends import Casinos, Id, Viewer
from croupier.server.service import Casino
from croupier.server.visibility import TableKind, may_list, shown_round

router = APIRouter()


def _kind_of(casino: Casino, table_id: int) -> TableKind:
    table = casino.tables.get(table_id)
    if table is not None:
        return TableKind(table.rules, table.config.mode == "individual")
    return casino.closed_table_kind(table_id)


async def _round(casino: Casino, round_id: int, player: Player | None) -> dict[str, Any]:
    record = await asyncio.to_thread(casino.records.recall.round_record, round_id)
    if record is None:
        raise LookupError(msg("no round {round_id}", round_id=round_id))
    return shown_round(record, _kind_of(casino, record["table_id"]), player)


@router.get("/tables/{table_id}/rounds/last")
async def last_round(table_id: Id, player: Viewer, casino: Casinos) -> dict[str, Any]:
    """The last finished round (yours, when you are a player): cards, totals, result, bets,
    amounts."""
    kind = _kind_of(casino, casino.table(table_id).id)
    pid = may_list(kind, player)
    if player is not None and player.role == "player":
        pid = player.id
    ids = await asyncio.to_thread(casino.records.recall.history, table_id, limit=1, player_id=pid)
    if not ids:
        raise LookupError(msg("no round has finished at this table yet"))
    return await _round(casino, ids[0], player)


@router.get("/tables/{table_id}/roads")
async def roads(table_id: Id, player: Viewer, casino: Casinos) -> dict[str, Any]:
    """Bead plate, big road and derived roads of the shoe in play (baccarat); at an individual
    table, its player's and operators' only."""
    table = casino.table(table_id)
    private = may_list(_kind_of(casino, table_id), player) is not None
    if private and player is not None and player.name not in table.seats:
        raise HTTPException(
            403, detail={"message": msg("an individual table's roads are its player's")}
        )
    shoe = table.game.shoe_commitment()
    results = await asyncio.to_thread(casino.records.recall.shoe_results, table_id, shoe)
    return table_scoreboards(table.rules, results)


@router.get("/tables/{table_id}/rounds")
async def rounds(
    table_id: Id,
    player: Viewer,
    casino: Casinos,
    limit: Annotated[int, Query(ge=1, le=200)] = 20,
    mine: bool = False,
) -> list[dict[str, Any]]:
    kind = _kind_of(casino, casino.table(table_id).id)
    pid = may_list(kind, player)
    if mine and player is None:
        raise HTTPException(401, detail={"message": msg("authentication required for mine=true")})
    if mine and player is not None:
        pid = player.id
    ids = await asyncio.to_thread(
        casino.records.recall.history, table_id, limit=limit, player_id=pid
    )
    return [await _round(casino, i, player) for i in ids]


@router.get("/rounds/{round_id}")
async def round_record(round_id: Id, player: Viewer, casino: Casinos) -> dict[str, Any]:
    """A finished round as you may see it; a round in play is refused (409)."""
    return await _round(casino, round_id, player)
