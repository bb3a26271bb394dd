"""Tables: the lobby, opening one, its view, information and messages, and the commands a
player (a seat, a bet, the deal, a decision) or the operator (limits, announcements, a
fault) gives it. Each is a thin call into the table runtime."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import json
from typing import Annotated, Any

from fastapi import APIRouter, Header, HTTPException, Request

from croupier.errors import Refused, RuleViolation
from croupier.i18n.catalogue import localize_tree, negotiate
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.server.back_office import audited, close_table, recorded
from croupier.server.bodies import (
    AnnouncementIn,
    BetIn,
    CardIn,
    DecisionIn,
    FaultIn,
    LimitsIn,
    ReasonIn,
    RemedyIn,
    SessionIn,
    ShoeEntropyIn,
    SocketMessageIn,
    TableIn,
)
from croupier.server.depends import (
    Acting,
    BetKind,
    Casinos,
    Dealer,
    Id,
    Me,
    Supervisor,
    Viewer,
    address_of,
    sees,
)
from croupier.server.device_socket import device_command
from croupier.server.peer_auth import FORWARDED, SCOPE_PURPOSE
from croupier.server.service import Casino
from croupier.server.table_socket import command
from croupier.table.config import TableConfig

IDEMPOTENCY = (
    "a client's reference (1 to 64 characters): the same key from the same player at the same "
    'table places the bet once; a repeat gets the first answer with "repeated": true (the '
    "WebSocket's ref, server/idempotency.py)"
)

router = APIRouter()


@router.get("/tables")
async def tables(player: Viewer, request: Request, casino: Casinos) -> list[dict[str, Any]]:
    """The lobby: every open table, those other processes run included (issue 20)."""
    name, op = sees(player)
    rows = [t.view_for(name, operator=op) for t in casino.tables.values()]
    if casino.claims.shared and FORWARDED not in request.headers:
        rows += await casino.peers.lobbies(name or "")
        rows.sort(key=lambda row: row["id"])
    return rows


@router.post("/tables", status_code=201)
async def open_table(body: TableIn, op: Supervisor, casino: Casinos) -> dict[str, Any]:
    config = TableConfig(**body.model_dump())
    table = await casino.open_table(config)
    view = table.view_for(None, operator=True)
    await recorded(casino, op, "open", f"table:{table.id}", config.to_json())
    return view


@router.get("/tables/{table_id}")
async def table_view(
    table_id: Id, player: Viewer, request: Request, casino: Casinos
) -> dict[str, Any]:
    name, op = sees(player)
    view = casino.table(table_id).view_for(name, operator=op)
    if request.scope.get(SCOPE_PURPOSE) == "watch":  # a peer's watcher: its events' count
        view["stream"] = {"node": casino.node, "seq": casino.hub.seq.get(table_id, 0)}
    return view


@router.post("/tables/{table_id}/messages")
async def socket_message(
    table_id: Id, body: SocketMessageIn, player: Viewer, request: Request, casino: Casinos
) -> dict[str, Any]:
    """A message as the table's WebSocket takes it, answered as the WebSocket answers it
    (``ack`` or ``refused``): how another process sends its watchers' commands here (issue
    20; server/relay.py)."""
    if player is not None and not casino.rates.player_allows(player.name):
        refused: dict[str, Any] = json.loads(casino.rates.limits.refusal("player"))
        return refused
    if player is None and not casino.rates.address_allows("anonymous", address_of(request)):
        raise HTTPException(
            429,
            detail={
                "field": "rate",
                "message": msg("too many messages with no token from one address"),
                "rule": "rate limits (docs/security.md)",
            },
        )
    return await command(casino.table(table_id), player, body.text, casino.answers)


@router.get("/tables/{table_id}/information")
async def information(table_id: Id, request: Request, casino: Casinos) -> dict[str, Any]:
    """Rules, limits, payouts and how to complain: before, during and after a session (PT
    rule 32); its texts in the language the client asks for (``Accept-Language``)."""
    table = casino.table(table_id)
    said: dict[str, Any] = {
        "table": table.config.name,
        "ruleset": table.ruleset.summary(),
        "demo": table.config.demo,
        "mode": table.config.mode,
        "betting_seconds": table.config.betting_seconds,
        **table.information,
        "complaints": msg(
            "Write to the operator's complaints service; Turismo de Portugal (SRIJ) receives "
            "complaints about online gambling operators."
        ),
    }
    return dict(localize_tree(said, negotiate(request.headers.get("accept-language"))))


@router.post("/tables/{table_id}/sessions", status_code=201)
async def start_session(
    table_id: Id, player: Me, casino: Casinos, body: SessionIn | None = None
) -> dict[str, Any]:
    """Take a seat and start a session (PT rule 34); no body: the first free seat. Refused
    while the player is excluded from play (RJO art. 39; server/protection.py)."""
    seat = body.seat if body is not None else None
    await casino.protection.verify_may_play(player)
    protection = casino.protection  # issue 29: the reality check, the seat's limits
    reality = await protection.reality_minutes(player)
    limits = await protection.seat_limits(player)
    result: dict[str, Any] = await casino.table(table_id).command(
        "join", player=player, seat=seat, reality=reality, limits=limits
    )
    return result


@router.post("/tables/{table_id}/bets", status_code=201)
async def bet(
    table_id: Id,
    body: BetIn,
    player: Acting,
    casino: Casinos,
    idempotency_key: Annotated[
        str | None, Header(min_length=1, max_length=64, description=IDEMPOTENCY)
    ] = None,
) -> dict[str, Any]:
    table = casino.table(table_id)

    async def place() -> dict[str, Any]:
        try:
            result: dict[str, Any] = await table.command(
                "bet", player=player.name, kind=body.kind, amount=body.amount
            )
        except RuleViolation as error:  # a refusal is an answer too: kept for a repeat
            return {"refused": error.detail()}
        return result

    if idempotency_key is None:
        answer = await place()
    else:  # issue 26, finding 8: the same key from the same player stakes once
        answer = await casino.answers.once((table.id, player.name, idempotency_key), place)
    if answer.get("refused"):
        raise Refused(answer["refused"])
    return answer


@router.delete("/tables/{table_id}/bets/{kind}")
async def withdraw(table_id: Id, kind: BetKind, player: Acting, casino: Casinos) -> dict[str, Any]:
    result: dict[str, Any] = await casino.table(table_id).command(
        "withdraw", player=player.name, kind=kind
    )
    return result


@router.post("/tables/{table_id}/deal")
async def deal(table_id: Id, player: Acting, casino: Casinos) -> dict[str, Any]:
    """The player starts the deal at an individual table (PT rule 28)."""
    result: dict[str, Any] = await casino.table(table_id).command("deal", player=player.name)
    return result


@router.post("/tables/{table_id}/limits")
async def set_limits(
    table_id: Id, body: LimitsIn, op: Supervisor, casino: Casinos
) -> dict[str, Any]:
    """The operator changes a table's limits and house options (ruleset overrides, each
    validated with its article); they apply from the next round."""
    table = casino.table(table_id)
    before = {"overrides": dict(table.config.overrides)}
    result: dict[str, Any] = await table.command("set_limits", overrides=body.overrides)
    after = {"overrides": dict(table.config.overrides), "from_round": result["from_round"]}
    await recorded(casino, op, "limits", f"table:{table_id}", after, before=before)
    return result


@router.post("/tables/{table_id}/announcements")
async def announce(
    table_id: Id, body: AnnouncementIn, op: Supervisor, casino: Casinos
) -> dict[str, Any]:
    """The operator speaks to the table: one message to every watcher."""
    work = casino.table(table_id).command("announce", message=body.message)
    result: dict[str, Any] = await audited(casino, op, "announce", f"table:{table_id}", work)
    return result


@router.post("/tables/{table_id}/decisions")
async def decide(table_id: Id, body: DecisionIn, player: Acting, casino: Casinos) -> dict[str, Any]:
    """A decision after the deal where the game asks one (stud: raise or fold, art. 6)."""
    result: dict[str, Any] = await casino.table(table_id).command(
        "decide", player=player.name, decision=body.decision
    )
    return result


@router.post("/tables/{table_id}/shoe-entropy")
async def shoe_entropy(
    table_id: Id, body: ShoeEntropyIn, player: Acting, casino: Casinos
) -> dict[str, Any]:
    """A seated player's value for the table's next shoe (issue 28; docs/proof.md): its SHA-256
    first, then the value; the next shuffle mixes the values revealed with the house's entropy,
    committed before (``next_shoe_entropy_sha256``)."""
    result: dict[str, Any] = await casino.table(table_id).command(
        "shoe_entropy", player=player.name, commitment=body.commitment, value=body.value
    )
    return result


@router.post("/tables/{table_id}/cards")
async def card(table_id: Id, body: CardIn, _op: Dealer, casino: Casinos) -> dict[str, Any]:
    """A live table's card from its physical shoe (issue 31; docs/live-table.md): taken where
    it is due, or refused as an irregularity naming its article, with its remedies."""
    result: dict[str, Any] = await casino.table(table_id).command("card", message=body.model_dump())
    return result


@router.post("/tables/{table_id}/remedies")
async def remedy(table_id: Id, body: RemedyIn, _op: Dealer, casino: Casinos) -> dict[str, Any]:
    """The remedy the text gives for a live card refused (corrected, void, the round goes on),
    as the dealer confirms it; a void with a supervisor's name."""
    card = body.model_dump(exclude={"remedy", "supervisor"})
    result: dict[str, Any] = await casino.table(table_id).command(
        "remedy", message=card, remedy=body.remedy, supervisor=body.supervisor
    )
    return result


@router.post("/tables/{table_id}/shoes")
async def new_shoe(table_id: Id, _op: Dealer, casino: Casinos) -> dict[str, Any]:
    """A live table's dealer puts a new shoe in, between rounds: its burn is due (Macau
    baccarat art. 2(1)) and the old shoe's cards no longer count against the new one's."""
    result: dict[str, Any] = await casino.table(table_id).command("new_shoe")
    return result


@router.post("/tables/{table_id}/device/messages")
async def device_message(
    table_id: Id, body: SocketMessageIn, _op: Dealer, casino: Casinos
) -> dict[str, Any]:
    """A live table's device message as its WebSocket takes it, answered as the WebSocket
    answers it: how a process that does not run the table sends its devices' messages here
    (server/device_socket.py, server/relay.py)."""
    return await device_command(casino, casino.table(table_id), body.text)


async def _table_action(
    casino: Casino, op: Player, table_id: int, action: str, reason: str, command: str
) -> dict[str, Any]:
    """A supervisor's command to a table, with its reason (told to the table, except an
    enable's), in the audit trail once it succeeds."""
    args = {} if command == "enable" else {"reason": reason}
    work = casino.table(table_id).command(command, **args)
    result: dict[str, Any] = await audited(
        casino, op, action, f"table:{table_id}", work, reason=reason
    )
    return result


@router.post("/tables/{table_id}/fault")
async def fault(table_id: Id, body: FaultIn, op: Supervisor, casino: Casinos) -> dict[str, Any]:
    """An operator-side fault: the round in play is void and every stake returned (rule 29)."""
    return await _table_action(casino, op, table_id, "void", body.reason, "fault")


@router.post("/tables/{table_id}/disable")
async def disable(table_id: Id, body: ReasonIn, op: Supervisor, casino: Casinos) -> dict[str, Any]:
    """Disable the table (issue 30; GLI-19 4.15): the round in play finishes, no bet is taken
    and no round begins until it is enabled; its players are told why."""
    return await _table_action(casino, op, table_id, "disable", body.reason, "disable")


@router.post("/tables/{table_id}/enable")
async def enable(table_id: Id, body: ReasonIn, op: Supervisor, casino: Casinos) -> dict[str, Any]:
    """Enable a disabled table: its next round's window opens."""
    return await _table_action(casino, op, table_id, "enable", body.reason, "enable")


@router.post("/tables/{table_id}/close")
async def close(table_id: Id, body: ReasonIn, op: Supervisor, casino: Casinos) -> dict[str, Any]:
    """Close the table for good: refused while a dealt round is in play; an undealt round's
    stakes are returned (PT 812/2015 rule 29)."""
    work = close_table(casino, table_id, body.reason)
    result: dict[str, Any] = await audited(
        casino, op, "close", f"table:{table_id}", work, reason=body.reason
    )
    return result
