"""The verifiable shoe (issue 28, item 1; docs/proof.md): ``GET /shoes/{id}`` shows a shoe's
commitment while it is in play and, once it has ended (never before its last round is settled:
a reveal during the shoe would be a card-tracking aid, GLI-19 4.18.2), the document it committed
to and the entropy that derives its order. The reveal is refused to everyone while the shoe is
in play, the operator included: no route, socket or export serves it before. An individual
table's shoe is its player's (PT rules 4, 28): revealed to those who played it and to operators.
"""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException

from croupier.i18n.message import msg
from croupier.people import Player
from croupier.proof.shoe_protocol import PROTOCOL
from croupier.server.depends import Casinos, Id, Viewer
from croupier.server.service import Casino
from croupier.store.shoes import Shoes

router = APIRouter()
HOW = (
    "save 'document' to a file exactly as given and run sha256sum on it: the digest is the "
    "commitment shown before the shoe's first card; the SHA-256 of the entropy's bytes is the "
    "document's 'entropy-sha256'; the entropy (mixed with the players' values, where the "
    "document lists them) derives the order and the cut card (croupier-shoe/1, docs/proof.md)"
)


def _individual(casino: Casino, table_id: int) -> bool:
    table = casino.tables.get(table_id)
    if table is not None:
        return bool(table.config.mode == "individual")
    return casino.closed_table_kind(table_id).individual


def _shown(
    casino: Casino, record: dict[str, Any], viewer: Player | None, individual: bool
) -> dict[str, Any]:
    shoe = {
        "id": record["id"],
        "table_id": record["table_id"],
        "protocol": PROTOCOL,
        "commitment": record["commitment"],
        "started_at": record["started_at"],
        "ended_at": record["ended_at"],
        "state": "in play" if record["ended_at"] is None else "ended",
    }
    if record["ended_at"] is None:  # never before the shoe has ended, for anyone
        return shoe
    if individual and not _may_see(casino, record, viewer):
        return shoe
    return {**shoe, "document": record["document"], "entropy": record["entropy"],
            "players": record["players"], "check": HOW}  # fmt: skip


def _may_see(casino: Casino, record: dict[str, Any], viewer: Player | None) -> bool:
    if viewer is None:
        return False
    if viewer.staff:
        return True
    return Shoes(casino.engine).played_by(record["commitment"], viewer.id)


@router.get("/shoes/{shoe_id}")
async def shoe(shoe_id: Id, viewer: Viewer, casino: Casinos) -> dict[str, Any]:
    """A shoe: its commitment while in play; once ended, the document and the entropy too."""
    record = await asyncio.to_thread(Shoes(casino.engine).get, shoe_id)
    if record is None:
        raise LookupError(msg("no shoe {shoe_id}", shoe_id=shoe_id))
    individual = _individual(casino, record["table_id"])
    if individual and viewer is None:
        raise HTTPException(
            401, detail={"message": msg("an individual table's shoes are its player's: log in")}
        )
    return await asyncio.to_thread(_shown, casino, record, viewer, individual)


@router.get("/tables/{table_id}/shoes")
async def shoes_of(table_id: Id, viewer: Viewer, casino: Casinos) -> list[dict[str, Any]]:
    """The table's last shoes, the newest first: each shown as ``GET /shoes/{id}`` shows it."""
    individual = _individual(casino, table_id)
    if individual and viewer is None:
        raise HTTPException(
            401, detail={"message": msg("an individual table's shoes are its player's: log in")}
        )
    records = await asyncio.to_thread(Shoes(casino.engine).of_table, table_id)
    return await asyncio.to_thread(lambda: [_shown(casino, r, viewer, individual) for r in records])
