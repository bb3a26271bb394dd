"""The boxes of a live table's felt (issue 31(4); server/boxes.py): the bets the dealer enters
for the players standing at the physical table, their withdrawal while bets are taken, and
their decisions. Operator routes: the dealer's console signs in with an operator's token."""

# no "from __future__ import annotations": FastAPI reads the Annotated aliases

from typing import Annotated, Any

from fastapi import APIRouter, Path

from croupier.server.bodies import BetIn, DecisionIn
from croupier.server.boxes import box_bet, box_decision, box_of, box_withdrawal
from croupier.server.depends import BetKind, Casinos, Dealer, Id

router = APIRouter()
Box = Annotated[int, Path(ge=1, le=99, description="the box's number: its seat")]


@router.post("/tables/{table_id}/boxes/{box}/bets", status_code=201)
async def bet(table_id: Id, box: Box, body: BetIn, _op: Dealer, casino: Casinos) -> dict[str, Any]:
    """A box's bet, entered by the dealer: the box is seated at its first bet (a seat a remote
    player holds is refused); its stake is the chips on the felt, so no balance limits it."""
    return await box_bet(casino, casino.table(table_id), box, body.kind, body.amount)


@router.delete("/tables/{table_id}/boxes/{box}/bets/{kind}")
async def withdraw(
    table_id: Id, box: Box, kind: BetKind, _op: Dealer, casino: Casinos
) -> dict[str, Any]:
    """A box's bet taken back while bets are taken (the dealer entered it wrongly)."""
    return await box_withdrawal(casino.table(table_id), box, kind)


@router.post("/tables/{table_id}/boxes/{box}/decisions")
async def decide(
    table_id: Id, box: Box, body: DecisionIn, _op: Dealer, casino: Casinos
) -> dict[str, Any]:
    """A box's decision after the deal (stud: raise or fold, art. 6)."""
    return await box_decision(casino.table(table_id), box, body.decision)


@router.delete("/tables/{table_id}/boxes/{box}")
async def close_box(table_id: Id, box: Box, _op: Dealer, casino: Casinos) -> dict[str, Any]:
    """The box is free again (its bets in play settle first): a remote player may take it."""
    table = casino.table(table_id)
    result: dict[str, Any] = await table.command("leave", player=box_of(table, box))
    return {**result, "box": box}
