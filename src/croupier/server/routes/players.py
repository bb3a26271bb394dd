"""Players and their accounts: created by the operator or, for the demo, by anyone; logins,
tokens, deposits, and what a player holds."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request

from croupier.i18n.message import msg
from croupier.protection.account import verify_adult
from croupier.server.back_office import in_transaction, recorded
from croupier.server.bodies import DemoPlayerIn, DepositIn, LanguageIn, LoginIn, PlayerIn
from croupier.server.depends import Cashier, Casinos, Me, PlayerName, address_of
from croupier.server.logins import LoginRefused
from croupier.store.ledger import DEMO

router = APIRouter()


@router.post("/players", status_code=201)
async def create_player(body: PlayerIn, op: Cashier, casino: Casinos) -> dict[str, Any]:
    """A player registered by the operator: a real-money player with their date of birth, 18
    or older (issue 29; protection/account.py); a demo player plays for points."""
    today = casino.calendar.day(casino.wall())  # 18 on the casino's calendar (choice X7)
    born = None if body.demo else verify_adult(body.born, today)
    player, token = await asyncio.to_thread(
        lambda: casino.players.create(body.name, demo=body.demo, password=body.password, born=born)
    )
    shown = {"id": player.id, "name": player.name, "demo": player.demo}
    await recorded(casino, op, "register", f"player:{player.name}", shown)
    return {**shown, "token": token}


@router.post("/login")
async def login(body: LoginIn, request: Request, casino: Casinos) -> dict[str, Any]:
    """A fresh token for your name and password (a token expires after 30 minutes unused,
    GLI-19 2.5.4); your old token stops working."""
    try:
        player, token = await casino.login(body.name, body.password, address_of(request))
    except LoginRefused as refused:  # a spent budget, or too many logins waiting
        await casino.logins.hold_back()
        raise HTTPException(
            429,
            detail={"field": "login", "message": refused.message, "rule": "logins"},
            headers={"Retry-After": str(refused.retry_after)},
        ) from None
    return {"id": player.id, "name": player.name, "demo": player.demo, "token": token}


@router.post("/players/{name}/tokens", status_code=201)
async def new_token(name: PlayerName, op: Cashier, casino: Casinos) -> dict[str, Any]:
    """The operator gives a player a fresh token (their old one stops working)."""
    player = await asyncio.to_thread(casino.players.by_name, name)
    if player is None or player.role != "player":
        raise LookupError(msg("no player {name}", name=repr(name)))
    token = await asyncio.to_thread(casino.players.new_token, player)
    await recorded(casino, op, "new token", f"player:{name}", {"id": player.id})
    return {"id": player.id, "name": player.name, "token": token}


@router.post("/demo/players", status_code=201)
async def create_demo_player(
    body: DemoPlayerIn, request: Request, casino: Casinos
) -> dict[str, Any]:
    """Anyone may play the demo (PT rule 37) with points that are never money (rule 38); a
    few demo players a minute from one address (issue 26, finding 6)."""
    if not casino.rates.address_allows("demo", address_of(request)):
        raise HTTPException(
            429,
            detail={
                "field": "rate",
                "message": msg(
                    "at most {demo_players_per_minute} demo players a minute from one address",
                    demo_players_per_minute=format(
                        casino.rates.limits.demo_players_per_minute, "g"
                    ),
                ),
                "rule": "rate limits (docs/security.md)",
            },
            headers={"Retry-After": "60"},
        )
    player, token = await casino.new_demo_player(body.name)
    return {"id": player.id, "name": player.name, "demo": True, "token": token}


@router.post("/players/{name}/deposits")
async def deposit(
    name: PlayerName, body: DepositIn, op: Cashier, casino: Casinos
) -> dict[str, Any]:
    player = await asyncio.to_thread(casino.players.by_name, name)
    if player is None:
        raise LookupError(msg("no player {name}", name=repr(name)))
    moved = {"amount": body.amount, "currency": body.currency}
    row = in_transaction(casino, op, "deposit", f"player:{name}", after=moved)
    balance = await casino.cashier.deposit(player, body.amount, body.currency, row)
    return {"player": name, "currency": body.currency, "balance": balance}


@router.post("/players/{name}/withdrawals")
async def withdraw(
    name: PlayerName, body: DepositIn, op: Cashier, casino: Casinos
) -> dict[str, Any]:
    """Money out to the player's own payment account, at their request (the cashier's
    action); refused, nothing moved, past the balance."""
    player = await asyncio.to_thread(casino.players.by_name, name)
    if player is None:
        raise LookupError(msg("no player {name}", name=repr(name)))
    moved = {"amount": body.amount, "currency": body.currency}
    row = in_transaction(casino, op, "withdrawal", f"player:{name}", after=moved)
    balance = await casino.cashier.withdraw(player, body.amount, body.currency, row)
    return {"player": name, "currency": body.currency, "balance": balance}


@router.get("/me")
async def me(player: Me, casino: Casinos) -> dict[str, Any]:
    balances = await asyncio.to_thread(casino.players.accounts_of, player)
    open_sessions = await asyncio.to_thread(casino.records.sessions.sessions_of, player.id)
    excluded = await casino.protection.active(player)
    return {
        "name": player.name,
        "role": player.role,
        "demo": player.demo,
        "balances": balances,
        "currency": DEMO if player.demo else None,
        "sessions": [{"session": s, "table_id": t, "seat": seat} for s, t, seat in open_sessions],
        "exclusion": None if excluded is None else excluded.shown(),  # issue 29
        "language": await asyncio.to_thread(casino.players.language, player),
    }


@router.put("/me/language")
async def set_my_language(body: LanguageIn, player: Me, casino: Casinos) -> dict[str, Any]:
    """The language the player chose for the page and the messages, remembered for them
    (issue 29, item 1): pt-PT, zh-Hant or en."""
    await asyncio.to_thread(casino.players.set_language, player, body.language)
    return {"language": body.language}
