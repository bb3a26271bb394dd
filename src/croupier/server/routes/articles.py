"""The regulations' articles in their official wording (issue 29, item 3), for the rules panel
of a table: ``GET /articles?cite=Macau stud art. 9(1)``."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Query

from croupier.compliance.quoting import LONGEST_CITATION, quotes

router = APIRouter()


@router.get("/articles")
async def articles(
    cite: Annotated[str, Query(min_length=1, max_length=LONGEST_CITATION)],
) -> dict[str, Any]:
    """The articles a citation names (as croupier writes them: "PT 812/2015 rules 16-18",
    "Macau baccarat art. 9(1)-(4)"), each whole, as the regulation's own Portuguese text has
    it: never a translation."""
    return {"cite": cite, "quotes": await asyncio.to_thread(quotes, cite)}
