"""The browser's page, its icon, the interactive API's page and the health check."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import json
from importlib import resources
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, Response

from croupier.i18n.catalogue import LANGUAGES, catalogue
from croupier.i18n.message import msg
from croupier.server.depends import Casinos, Id, Viewer

router = APIRouter()


@router.get("/docs", include_in_schema=False)
async def docs() -> HTMLResponse:
    return get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="croupier online tables: API",
        swagger_js_url="/docs-assets/swagger-ui-bundle.js",
        swagger_css_url="/docs-assets/swagger-ui.css",
        swagger_favicon_url="/favicon.ico",
    )


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def index() -> str:
    return resources.files("croupier.web").joinpath("index.html").read_text(encoding="utf-8")


@router.get("/dealer", response_class=HTMLResponse, include_in_schema=False)
async def dealer() -> str:
    """The dealer's console of a live table (issue 31; docs/live-table.md)."""
    return resources.files("croupier.web").joinpath("dealer.html").read_text(encoding="utf-8")


@router.get("/operator", response_class=HTMLResponse, include_in_schema=False)
async def back_office(viewer: Viewer) -> str:
    """The back office's console (issue 30; docs/operator.md): the page holds nothing; its API
    needs a staff token. A player's token sent here is refused like everywhere under it."""
    if viewer is not None and not viewer.staff:
        raise HTTPException(403, detail={"message": msg("the back office is for the staff")})
    return resources.files("croupier.web").joinpath("operator.html").read_text(encoding="utf-8")


@router.get("/display/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def display(table_id: Id) -> str:
    """The table's display: the board beside a table (issue 31; docs/live-table.md)."""
    return resources.files("croupier.web").joinpath("display.html").read_text(encoding="utf-8")


@router.get("/i18n/{language}.json", include_in_schema=False)
async def catalogue_of(language: Annotated[str, Path(max_length=10)]) -> Response:
    """A language's catalogue, as the browser reads it (issue 29, item 4; docs/translating.md)."""
    if language not in LANGUAGES:
        raise LookupError(msg("no language {language}", language=language))
    text = json.dumps(catalogue(language), ensure_ascii=False, separators=(",", ":"))
    return Response(text, media_type="application/json", headers={"Cache-Control": "no-cache"})


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> Response:
    icon = resources.files("croupier.web").joinpath("favicon.svg").read_bytes()
    return Response(icon, media_type="image/svg+xml")


@router.get("/health")
async def health(casino: Casinos) -> dict[str, Any]:
    return {
        "status": "ok",
        "tables": len(casino.tables),
        "recovered_rounds": casino.recovered,
        "unrecovered_rounds": sorted(casino.records.recovery.unrecovered),
        "messages_delivered": casino.hub.delivered,
        "time_zone": casino.calendar.name,  # the casino's days (--time-zone)
        "writer": {
            "transactions": casino.writer.groups,
            "jobs": casino.writer.jobs,
            "slowest_transaction_ms": round(casino.writer.slowest_group_ms, 2),
            "gather_ms": round(casino.writer.gather * 1000, 3),  # --group-commit-ms
        },
    }
