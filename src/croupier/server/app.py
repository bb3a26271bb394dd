"""The HTTP + WebSocket API (FastAPI): the app put together from its parts. The routes, one
router per resource, are ``server/routes/``; what they take from a request (the casino, who
asks, the bounded ids) is ``server/depends.py``; the tables' WebSockets are
``server/table_socket.py``. Every route is a thin call into the table runtime or the store;
refusals come back as 4xx with the field, the message and the rule that refuses them.
"""

import contextlib
from collections.abc import AsyncIterator, Callable
from importlib import resources

from fastapi import FastAPI, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from croupier.errors import RulesetError, RuleViolation
from croupier.i18n.catalogue import localized, negotiate
from croupier.i18n.message import key_of, params_of
from croupier.server.bodies import REFUSALS
from croupier.server.device_socket import DeviceConnection
from croupier.server.forwarding import Forwarder
from croupier.server.guard import BodyGuard
from croupier.server.logins import LoginDoor
from croupier.server.peer_auth import PeerDoor
from croupier.server.routes import (
    articles,
    back_office,
    boxes,
    operator,
    pages,
    players,
    protection,
    rounds,
    sessions,
    shoes,
    statements,
    tables,
)
from croupier.server.schema_errors import localized_errors
from croupier.server.service import Casino
from croupier.server.table_socket import TableSockets

#: the modules of the API's routes, each with its ``router``
ROUTE_MODULES = (
    pages, players, protection, statements, tables, boxes, rounds, sessions, operator,
    articles, shoes, back_office,
)  # fmt: skip


def create_app(casino: Casino, on_start: Callable[[], None] | None = None) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await casino.start()
        if on_start is not None:
            on_start()
        try:
            yield
        finally:
            await casino.stop()

    app = FastAPI(
        title="croupier online tables",
        version="0.1.0",
        description="Online baccarat, stud poker and blackjack tables: the online table of "
        "Portugal's Regulamento 812/2015 (betting window, sessions, recall, statements, void "
        "rounds) over each game's own regulation (Macau baccarat 55/2004 and 2/2009, Macau stud "
        "61/2004, Macau blackjack 56/2004 and 42/2007). Authenticate with a bearer token "
        "(Authorize): POST /login or the token croupier serve prints. See docs/server.md.",
        lifespan=lifespan,
        responses=REFUSALS,
        docs_url=None,  # served below from the package's own Swagger UI, not a CDN
        redoc_url=None,
    )
    app.state.casino = casino
    # the tables' WebSockets, before FastAPI's routing (server/table_socket.py)
    app.add_middleware(TableSockets, casino=casino, device=DeviceConnection)
    # a table another process runs: the request sent on to it (server/forwarding.py)
    app.add_middleware(Forwarder, peers=casino.peers)
    # a peer's request believed only under its signature (server/peer_auth.py)
    app.add_middleware(PeerDoor, key=casino.peer_key)
    app.add_middleware(BodyGuard)  # bounded, strict JSON bodies (server/guard.py)
    app.add_middleware(LoginDoor, gate=casino.logins)  # logins let in before bodies are read
    if casino.relay is not None:  # it answers the requests other processes forward on the bus
        casino.relay.app = app
    app.mount(
        "/web",
        StaticFiles(directory=str(resources.files("croupier.web"))),
        name="web",
    )
    # the interactive API with no request leaving the machine (issue 18, item 1)
    swagger = str(resources.files("fastapi_offline").joinpath("static"))  # Swagger UI 5
    app.mount("/docs-assets", StaticFiles(directory=swagger), name="docs-assets")

    def language(request: Request) -> str:
        return negotiate(request.headers.get("accept-language"))

    @app.exception_handler(RuleViolation)
    async def _rule(request: Request, error: RuleViolation) -> JSONResponse:
        # with what a kind of refusal adds: a live card's remedies, a limit's amount left; its
        # message in the language the client asks for (issue 29, item 2)
        return JSONResponse({"detail": localized(error.detail(), language(request))}, 422)

    @app.exception_handler(RequestValidationError)
    async def _schema(request: Request, error: RequestValidationError) -> JSONResponse:
        errors = localized_errors(list(error.errors()), language(request))
        return JSONResponse({"detail": jsonable_encoder(errors)}, 422)

    @app.exception_handler(HTTPException)
    async def _http(request: Request, error: HTTPException) -> JSONResponse:
        detail = error.detail
        if isinstance(detail, dict) and "message" in detail:
            said = detail["message"]
            detail = localized(
                {**detail, "message": str(said), "key": key_of(said), "params": params_of(said)},
                language(request),
            )
        return JSONResponse({"detail": detail}, error.status_code, headers=error.headers)

    @app.exception_handler(RulesetError)
    async def _ruleset(_request: Request, error: RulesetError) -> JSONResponse:
        return JSONResponse(
            {"detail": {"field": error.option, "message": error.message, "rule": error.article}},
            422,
        )

    @app.exception_handler(LookupError)
    async def _missing(request: Request, error: LookupError) -> JSONResponse:
        said = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
        detail = {"message": str(said), "key": key_of(said), "params": params_of(said)}
        return JSONResponse({"detail": localized(detail, language(request))}, 404)

    for routes in ROUTE_MODULES:
        app.include_router(routes.router)
    return app
