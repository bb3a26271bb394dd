"""The operator's view of the books and of the cluster."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Any

from fastapi import APIRouter

from croupier.server.depends import Casinos, Staff

router = APIRouter()


@router.get("/cluster")
async def cluster(_op: Staff, casino: Casinos) -> dict[str, Any]:
    """The processes serving this database, the tables each runs and when each was last seen
    (issue 20; operators only)."""
    return await asyncio.to_thread(casino.cluster)


@router.get("/ledger/audit")
async def audit(_op: Staff, casino: Casinos) -> dict[str, Any]:
    problems = await asyncio.to_thread(casino.ledger.audit)
    return {"balanced": not problems, "problems": problems}
