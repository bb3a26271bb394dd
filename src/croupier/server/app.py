"""The HTTP + WebSocket API (FastAPI). Every route is a thin call into the table runtime or the
store; refusals come back as 4xx with the field, the message and the rule that refuses them.

Authentication: ``Authorization: Bearer <token>`` (or ``?token=`` on the WebSocket). A player
reads and bets only on their own account and sessions; the operator role opens tables, sets
their limits (ruleset overrides), deposits money and reports faults.
"""

# no "from __future__ import annotations": FastAPI reads the local Annotated aliases

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Path, Query, Request, Security
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles

from croupier.errors import RulesetError, RuleViolation
from croupier.games.registry import table_scoreboards
from croupier.people import Player
from croupier.server.bodies import (
    REFUSALS,
    AnnouncementIn,
    BetIn,
    DecisionIn,
    DemoPlayerIn,
    DepositIn,
    FaultIn,
    LimitsIn,
    LoginIn,
    PlayerIn,
    SessionIn,
    SocketMessageIn,
    TableIn,
)
from croupier.server.forwarding import Forwarder
from croupier.server.guard import BodyGuard
from croupier.server.logins import LoginDoor, LoginRefused
from croupier.server.peer_auth import FORWARDED, SCOPE_CALLER, SCOPE_PURPOSE, PeerDoor
from croupier.server.service import Casino
from croupier.server.table_socket import TableSockets, command
from croupier.server.visibility import TableKind, may_list, shown_round
from croupier.store.ledger import DEMO
from croupier.table.config import TableConfig
from croupier.table.runtime import Table

#: ids are the database's 32-bit integers: a larger one names nothing (and PostgreSQL refused
#: to compare it: a 500, issue 16 finding 8)
MAX_ID = 2**31 - 1
Id = Annotated[int, Path(ge=1, le=MAX_ID)]  # a table's, a round's, a session's
PlayerName = Annotated[str, Path(min_length=1, max_length=100)]
IDEMPOTENCY = (
    "a client's reference (1 to 64 characters): the same key from the same player at the same "
    'table places the bet once; a repeat gets the first answer with "repeated": true (the '
    "WebSocket's ref, server/idempotency.py)"
)
BetKind = Annotated[str, Path(min_length=1, max_length=30)]


#: the OpenAPI document's security scheme, so that /docs offers "Authorize" (issue 34(4)); the
#: header is read by optional_player, which also refuses a scheme that is not Bearer
BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="bearer",
    description="a player's token (POST /login, POST /players) or the operator's",
)


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

    peers = casino.peers  # the other processes on the database (server/forwarding.py)

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
    app.add_middleware(TableSockets, casino=casino)
    # a table another process runs: the request sent on to it (server/forwarding.py)
    app.add_middleware(Forwarder, peers=peers)
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

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="croupier online tables: API",
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/favicon.ico",
        )

    @app.exception_handler(RuleViolation)
    async def _rule(_request: Request, error: RuleViolation) -> JSONResponse:
        return JSONResponse(
            {"detail": {"field": error.field, "message": error.message, "rule": error.rule}}, 422
        )

    @app.exception_handler(RulesetError)
    async def _ruleset(_request: Request, error: RulesetError) -> JSONResponse:
        return JSONResponse(
            {"detail": {"field": error.option, "message": error.message, "rule": error.article}},
            422,
        )

    @app.exception_handler(LookupError)
    async def _missing(_request: Request, error: LookupError) -> JSONResponse:
        return JSONResponse({"detail": {"message": str(error).strip("'\"")}}, 404)

    # -- authentication -------------------------------------------------------------------
    async def optional_player(
        request: Request,
        _declared: Annotated[HTTPAuthorizationCredentials | None, Security(BEARER)],
    ) -> Player | None:
        caller = request.scope.get(SCOPE_CALLER)
        if caller is not None:  # a peer process's request: who the caller is, signed
            return await casino.player_named(caller)
        authorization = request.headers.get("authorization")
        if authorization is None:
            return None
        scheme, _, token = authorization.partition(" ")
        if scheme.lower() != "bearer" or not token:
            raise HTTPException(401, detail={"message": "use Authorization: Bearer <token>"})
        player = await casino.player_of_token(token)
        if player is None:
            raise HTTPException(
                401, detail={"message": "unknown or expired token: log in again (POST /login)"}
            )
        return player

    async def current_player(
        player: Annotated[Player | None, Depends(optional_player)],
    ) -> Player:
        if player is None:
            raise HTTPException(401, detail={"message": "authentication required"})
        return player

    async def acting_player(player: Annotated[Player, Depends(current_player)]) -> Player:
        """A player's command to a table (a bet, a decision): counted against their rate
        limit with their WebSocket messages (server/rates.py)."""
        if not casino.rates.player_allows(player.name):
            raise HTTPException(
                429,
                detail={
                    "field": "rate",
                    "message": f"too many commands: at most "
                    f"{casino.rates.limits.per_player:g} a second",
                    "rule": "rate limits (docs/security.md)",
                },
            )
        return player

    async def operator(player: Annotated[Player, Depends(current_player)]) -> Player:
        if player.role != "operator":
            raise HTTPException(403, detail={"message": "operators only"})
        return player

    def table_of(table_id: int) -> Table:
        return casino.table(table_id)

    Viewer = Annotated[Player | None, Depends(optional_player)]
    Me = Annotated[Player, Depends(current_player)]
    Acting = Annotated[Player, Depends(acting_player)]
    Operator = Annotated[Player, Depends(operator)]

    # -- pages ----------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index() -> str:
        return resources.files("croupier.web").joinpath("index.html").read_text(encoding="utf-8")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        icon = resources.files("croupier.web").joinpath("favicon.svg").read_bytes()
        return Response(icon, media_type="image/svg+xml")

    @app.get("/health")
    async def health() -> dict[str, Any]:
        return {
            "status": "ok",
            "tables": len(casino.tables),
            "recovered_rounds": casino.recovered,
            "unrecovered_rounds": sorted(casino.records.unrecovered),
            "messages_delivered": casino.hub.delivered,
            "writer": {
                "transactions": casino.writer.groups,
                "jobs": casino.writer.jobs,
                "slowest_transaction_ms": round(casino.writer.slowest_group_ms, 2),
            },
        }

    # -- players and accounts -------------------------------------------------------------
    @app.post("/players", status_code=201)
    async def create_player(body: PlayerIn, _op: Operator) -> dict[str, Any]:
        player, token = await asyncio.to_thread(
            lambda: casino.players.create(body.name, demo=body.demo, password=body.password)
        )
        return {"id": player.id, "name": player.name, "demo": player.demo, "token": token}

    @app.post("/login")
    async def login(body: LoginIn, request: Request) -> dict[str, Any]:
        """A fresh token for your name and password (a token expires after 30 minutes unused,
        GLI-19 2.5.4); your old token stops working."""
        address = request.client.host if request.client else ""
        try:
            player, token = await casino.login(body.name, body.password, address)
        except LoginRefused as refused:  # a spent budget, or too many logins waiting
            await casino.logins.hold_back()
            raise HTTPException(
                429,
                detail={"field": "login", "message": refused.message, "rule": "logins"},
                headers={"Retry-After": str(refused.retry_after)},
            ) from None
        return {"id": player.id, "name": player.name, "demo": player.demo, "token": token}

    @app.post("/players/{name}/tokens", status_code=201)
    async def new_token(name: PlayerName, _op: Operator) -> dict[str, Any]:
        """The operator gives a player a fresh token (their old one stops working)."""
        player = await asyncio.to_thread(casino.players.by_name, name)
        if player is None or player.role != "player":
            raise LookupError(f"no player {name!r}")
        token = await asyncio.to_thread(casino.players.new_token, player)
        return {"id": player.id, "name": player.name, "token": token}

    @app.post("/demo/players", status_code=201)
    async def create_demo_player(body: DemoPlayerIn, request: Request) -> dict[str, Any]:
        """Anyone may play the demo (PT rule 37) with points that are never money (rule 38);
        a few demo players a minute from one address (issue 26, finding 6)."""
        address = request.client.host if request.client else ""
        if not casino.rates.address_allows("demo", address):
            raise HTTPException(
                429,
                detail={
                    "field": "rate",
                    "message": f"at most {casino.rates.limits.demo_players_per_minute:g} demo "
                    "players a minute from one address",
                    "rule": "rate limits (docs/security.md)",
                },
                headers={"Retry-After": "60"},
            )
        player, token = await casino.new_demo_player(body.name)
        return {"id": player.id, "name": player.name, "demo": True, "token": token}

    @app.post("/players/{name}/deposits")
    async def deposit(name: PlayerName, body: DepositIn, _op: Operator) -> dict[str, Any]:
        player = await asyncio.to_thread(casino.players.by_name, name)
        if player is None:
            raise LookupError(f"no player {name!r}")
        balance = await casino.deposit(player, body.amount, body.currency)
        return {"player": name, "currency": body.currency, "balance": balance}

    @app.get("/me")
    async def me(player: Me) -> dict[str, Any]:
        balances = await asyncio.to_thread(casino.players.accounts_of, player)
        open_sessions = await asyncio.to_thread(casino.records.sessions_of, player.id)
        return {
            "name": player.name,
            "role": player.role,
            "demo": player.demo,
            "balances": balances,
            "currency": DEMO if player.demo else None,
            "sessions": [
                {"session": s, "table_id": t, "seat": seat} for s, t, seat in open_sessions
            ],
        }

    # -- tables ---------------------------------------------------------------------------
    def sees(player: Player | None) -> tuple[str | None, bool]:
        return (player.name if player else None), (player is not None and player.role == "operator")

    @app.get("/tables")
    async def tables(player: Viewer, request: Request) -> list[dict[str, Any]]:
        """The lobby: every open table, those other processes run included (issue 20)."""
        name, op = sees(player)
        rows = [t.view_for(name, operator=op) for t in casino.tables.values()]
        if casino.claims.shared and FORWARDED not in request.headers:
            rows += await peers.lobbies(name or "")
            rows.sort(key=lambda row: row["id"])
        return rows

    @app.get("/cluster")
    async def cluster(_op: Operator) -> dict[str, Any]:
        """The processes serving this database, the tables each runs and when each was last
        seen (issue 20; operators only)."""
        return await asyncio.to_thread(casino.cluster)

    @app.post("/tables", status_code=201)
    async def open_table(body: TableIn, _op: Operator) -> dict[str, Any]:
        config = TableConfig(**body.model_dump())
        table = await casino.open_table(config)
        return table.view_for(None, operator=True)

    @app.get("/tables/{table_id}")
    async def table_view(table_id: Id, player: Viewer, request: Request) -> dict[str, Any]:
        name, op = sees(player)
        view = table_of(table_id).view_for(name, operator=op)
        if request.scope.get(SCOPE_PURPOSE) == "watch":  # a peer's watcher: its events' count
            view["stream"] = {"node": casino.node, "seq": casino.hub.seq.get(table_id, 0)}
        return view

    @app.post("/tables/{table_id}/messages")
    async def socket_message(
        table_id: Id, body: SocketMessageIn, player: Viewer, request: Request
    ) -> dict[str, Any]:
        """A message as the table's WebSocket takes it, answered as the WebSocket answers it
        (``ack`` or ``refused``): how another process sends its watchers' commands here
        (issue 20; server/relay.py)."""
        if player is not None and not casino.rates.player_allows(player.name):
            refused: dict[str, Any] = json.loads(casino.rates.limits.refusal("player"))
            return refused
        address = request.client.host if request.client else ""
        if player is None and not casino.rates.address_allows("anonymous", address):
            raise HTTPException(
                429,
                detail={
                    "field": "rate",
                    "message": "too many messages with no token from one address",
                    "rule": "rate limits (docs/security.md)",
                },
            )
        return await command(table_of(table_id), player, body.text, casino.answers)

    @app.get("/tables/{table_id}/information")
    async def information(table_id: Id) -> dict[str, Any]:
        """Rules, limits, payouts and how to complain: before, during and after a session
        (PT rule 32)."""
        table = table_of(table_id)
        return {
            "table": table.config.name,
            "ruleset": table.ruleset.summary(),
            "demo": table.config.demo,
            "mode": table.config.mode,
            "betting_seconds": table.config.betting_seconds,
            **table.information,
            "complaints": "Write to the operator's complaints service; Turismo de Portugal "
            "(SRIJ) receives complaints about online gambling operators.",
        }

    @app.post("/tables/{table_id}/sessions", status_code=201)
    async def start_session(
        table_id: Id, player: Me, body: SessionIn | None = None
    ) -> dict[str, Any]:
        """Take a seat and start a session (PT rule 34); no body: the first free seat."""
        seat = body.seat if body is not None else None
        result: dict[str, Any] = await table_of(table_id).command("join", player=player, seat=seat)
        return result

    @app.post("/tables/{table_id}/bets", status_code=201)
    async def bet(
        table_id: Id,
        body: BetIn,
        player: Acting,
        idempotency_key: Annotated[
            str | None, Header(min_length=1, max_length=64, description=IDEMPOTENCY)
        ] = None,
    ) -> dict[str, Any]:
        table = table_of(table_id)

        async def place() -> dict[str, Any]:
            try:
                result: dict[str, Any] = await table.command(
                    "bet", player=player.name, kind=body.kind, amount=body.amount
                )
            except RuleViolation as error:  # a refusal is an answer too: kept for a repeat
                return {"refused": 1, "field": error.field, "message": error.message,
                        "rule": error.rule}  # fmt: skip
            return result

        if idempotency_key is None:
            answer = await place()
        else:  # issue 26, finding 8: the same key from the same player stakes once
            answer = await casino.answers.once((table.id, player.name, idempotency_key), place)
        if answer.get("refused"):
            raise RuleViolation(answer["field"], answer["message"], answer["rule"])
        return answer

    @app.delete("/tables/{table_id}/bets/{kind}")
    async def withdraw(table_id: Id, kind: BetKind, player: Acting) -> dict[str, Any]:
        result: dict[str, Any] = await table_of(table_id).command(
            "withdraw", player=player.name, kind=kind
        )
        return result

    @app.post("/tables/{table_id}/deal")
    async def deal(table_id: Id, player: Acting) -> dict[str, Any]:
        """The player starts the deal at an individual table (PT rule 28)."""
        result: dict[str, Any] = await table_of(table_id).command("deal", player=player.name)
        return result

    @app.post("/tables/{table_id}/limits")
    async def set_limits(table_id: Id, body: LimitsIn, _op: Operator) -> dict[str, Any]:
        """The operator changes a table's limits and house options (ruleset overrides, each
        validated with its article); they apply from the next round."""
        result: dict[str, Any] = await table_of(table_id).command(
            "set_limits", overrides=body.overrides
        )
        return result

    @app.post("/tables/{table_id}/announcements")
    async def announce(table_id: Id, body: AnnouncementIn, _op: Operator) -> dict[str, Any]:
        """The operator speaks to the table: one message to every watcher."""
        result: dict[str, Any] = await table_of(table_id).command("announce", message=body.message)
        return result

    @app.post("/tables/{table_id}/decisions")
    async def decide(table_id: Id, body: DecisionIn, player: Acting) -> dict[str, Any]:
        """A decision after the deal where the game asks one (stud: raise or fold, art. 6)."""
        result: dict[str, Any] = await table_of(table_id).command(
            "decide", player=player.name, decision=body.decision
        )
        return result

    @app.post("/tables/{table_id}/fault")
    async def fault(table_id: Id, body: FaultIn, _op: Operator) -> dict[str, Any]:
        """An operator-side fault: the round in play is void and every stake returned (rule 29)."""
        result: dict[str, Any] = await table_of(table_id).command("fault", reason=body.reason)
        return result

    # -- recall and history (PT rule 31); who sees what: server/visibility.py -------------

    def kind_of(table_id: int) -> TableKind:
        table = casino.tables.get(table_id)
        if table is not None:
            return TableKind(table.rules, table.config.mode == "individual")
        return casino.closed_table_kind(table_id)

    async def _round(round_id: int, player: Player | None) -> dict[str, Any]:
        record = await asyncio.to_thread(casino.records.round_record, round_id)
        if record is None:
            raise LookupError(f"no round {round_id}")
        return shown_round(record, kind_of(record["table_id"]), player)

    @app.get("/tables/{table_id}/rounds/last")
    async def last_round(table_id: Id, player: Viewer) -> dict[str, Any]:
        """The last finished round (yours, when you are a player): cards, totals, result,
        bets, amounts."""
        kind = kind_of(table_of(table_id).id)
        pid = may_list(kind, player)
        if player is not None and player.role == "player":
            pid = player.id
        ids = await asyncio.to_thread(casino.records.history, table_id, limit=1, player_id=pid)
        if not ids:
            raise LookupError("no round has finished at this table yet")
        return await _round(ids[0], player)

    @app.get("/tables/{table_id}/roads")
    async def roads(table_id: Id, player: Viewer) -> dict[str, Any]:
        """Bead plate, big road and derived roads of the shoe in play (baccarat); at an
        individual table, its player's and operators' only."""
        table = table_of(table_id)
        private = may_list(kind_of(table_id), player) is not None
        if private and player is not None and player.name not in table.seats:
            raise HTTPException(
                403, detail={"message": "an individual table's roads are its player's"}
            )
        shoe = table.game.shoe_commitment()
        results = await asyncio.to_thread(casino.records.shoe_results, table_id, shoe)
        return table_scoreboards(table.rules, results)

    @app.get("/tables/{table_id}/rounds")
    async def rounds(
        table_id: Id,
        player: Viewer,
        limit: Annotated[int, Query(ge=1, le=200)] = 20,
        mine: bool = False,
    ) -> list[dict[str, Any]]:
        kind = kind_of(table_of(table_id).id)
        pid = may_list(kind, player)
        if mine and player is None:
            raise HTTPException(401, detail={"message": "authentication required for mine=true"})
        if mine and player is not None:
            pid = player.id
        ids = await asyncio.to_thread(casino.records.history, table_id, limit=limit, player_id=pid)
        return [await _round(i, player) for i in ids]

    @app.get("/rounds/{round_id}")
    async def round_record(round_id: Id, player: Viewer) -> dict[str, Any]:
        """A finished round as you may see it; a round in play is refused (409)."""
        return await _round(round_id, player)

    # -- sessions and statements (PT rules 33-34) ----------------------------------------
    async def _own_session(session_id: int, player: Player) -> dict[str, Any]:
        statement = await asyncio.to_thread(casino.records.statement, session_id)
        if statement is None:
            raise LookupError(f"no session {session_id}")
        owner = await asyncio.to_thread(casino.records.session_player, session_id)
        if owner != player.id and player.role != "operator":
            raise HTTPException(403, detail={"message": "not your session"})
        return statement

    @app.get("/sessions/{session_id}")
    async def session(session_id: Id, player: Me) -> dict[str, Any]:
        return await _own_session(session_id, player)

    @app.post("/sessions/{session_id}/end")
    async def end_session(session_id: Id, player: Me, request: Request) -> Any:
        """The player ends the session and gets the statement (PT rules 33-34)."""
        statement = await _own_session(session_id, player)
        if statement["ended_at"] is not None:
            return statement
        table_id = statement["table_id"]
        elsewhere = table_id not in casino.tables and casino.claims.shared
        if elsewhere and FORWARDED not in request.headers:  # its process ends it (issue 20)
            await peers.refresh(table_id)
            status, body = await peers.forward(
                table_id, "POST", request.url.path, dict(request.headers), b"", player.name
            )
            return Response(body, status, media_type="application/json")
        result: dict[str, Any] = await table_of(table_id).command("leave", player=player.name)
        return result

    # -- the books (operator) -----------------------------------------------------------
    @app.get("/ledger/audit")
    async def audit(_op: Operator) -> dict[str, Any]:
        problems = await asyncio.to_thread(casino.ledger.audit)
        return {"balanced": not problems, "problems": problems}

    return app
