"""What the API's routes take from a request, declared once (issue 27(5)): the casino the app
serves, who is asking (a bearer token, or a peer process's signed caller), whether they may
act (their rate limit) or are an operator, and the bounded path parameters.

Authentication: ``Authorization: Bearer <token>`` (or ``?token=`` on the WebSocket). A player
reads and bets only on their own account and sessions; the staff act by the duties of their
role (croupier/staff.py, issue 30): a route names the duty it needs, and a token without it is
refused (403) before anything is read or changed.
"""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

from typing import Annotated, Any, cast

from fastapi import Depends, HTTPException, Path, Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from croupier.i18n.message import msg
from croupier.people import Player
from croupier.server.peer_auth import SCOPE_CALLER
from croupier.server.service import Casino
from croupier.staff import CASH, DEAL, PROTECT, READ, TABLES

#: ids are the database's 32-bit integers: a larger one names nothing (and PostgreSQL refused
#: to compare it: a 500, issue 16 finding 8)
MAX_ID = 2**31 - 1
Id = Annotated[int, Path(ge=1, le=MAX_ID)]  # a table's, a round's, a session's
PlayerName = Annotated[str, Path(min_length=1, max_length=100)]
BetKind = Annotated[str, Path(min_length=1, max_length=30)]

#: the OpenAPI document's security scheme, so that /docs offers "Authorize" (issue 34(4)); the
#: header is read by optional_player, which also refuses a scheme that is not Bearer
BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="bearer",
    description="a player's token (POST /login, POST /players) or the operator's",
)


async def casino_of(request: Request) -> Casino:
    """The casino the app serves (``create_app`` keeps it in the app's state). A coroutine, as
    every dependency here: FastAPI runs a plain function's dependency in its thread pool, a
    thread's round trip for every request (tests/server/test_dependencies.py)."""
    return cast(Casino, request.app.state.casino)


Casinos = Annotated[Casino, Depends(casino_of)]


def address_of(request: Request) -> str:
    """The caller's address, as the rate limits count it."""
    return request.client.host if request.client else ""


async def optional_player(
    request: Request,
    casino: Casinos,
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
        raise HTTPException(401, detail={"message": msg("use Authorization: Bearer <token>")})
    player = await casino.player_of_token(token)
    if player is None:
        raise HTTPException(
            401, detail={"message": msg("unknown or expired token: log in again (POST /login)")}
        )
    return player


async def current_player(
    player: Annotated[Player | None, Depends(optional_player)],
) -> Player:
    if player is None:
        raise HTTPException(401, detail={"message": msg("authentication required")})
    return player


async def acting_player(
    player: Annotated[Player, Depends(current_player)], casino: Casinos
) -> Player:
    """A player's command to a table (a bet, a decision): counted against their rate limit
    with their WebSocket messages (server/rates.py)."""
    if not casino.rates.player_allows(player.name):
        raise HTTPException(
            429,
            detail={
                "field": "rate",
                "message": msg(
                    "too many commands: at most {per_player} a second",
                    per_player=format(casino.rates.limits.per_player, "g"),
                ),
                "rule": "rate limits (docs/security.md)",
            },
        )
    return player


def needs(duty: str) -> Any:
    """A dependency: the caller, if they are staff holding ``duty`` (croupier/staff.py)."""

    async def holder(player: Annotated[Player, Depends(current_player)]) -> Player:
        if not player.holds(duty):
            raise HTTPException(
                403,
                detail={
                    "field": "role",
                    "message": msg(
                        "the {duty} duty is needed: {role} does not hold it",
                        duty=duty,
                        role=player.role,
                    ),
                    "rule": "staff duties (docs/operator.md)",
                },
            )
        return player

    holder.__name__ = f"holds_{duty}"
    return Depends(holder)


def sees(player: Player | None) -> tuple[str | None, bool]:
    """(the viewer's name, whether staff) as a table's view is shown to them."""
    return (player.name if player else None), (player is not None and player.staff)


Viewer = Annotated[Player | None, Depends(optional_player)]
Me = Annotated[Player, Depends(current_player)]
Acting = Annotated[Player, Depends(acting_player)]
#: the staff, by the duty a route needs (the server's own ``operator`` holds them all)
Staff = Annotated[Player, needs(READ)]
Supervisor = Annotated[Player, needs(TABLES)]
Dealer = Annotated[Player, needs(DEAL)]
Cashier = Annotated[Player, needs(CASH)]
Compliance = Annotated[Player, needs(PROTECT)]
