"""The boxes of a live table's felt (issue 31(4); docs/live-table.md): the places where the
players standing at the physical table put their chips. The dealer (or a chip-sensing system,
over the device protocol) enters each box's bets for the record, the jackpot tickets among
them, and its decisions (stud's raise or fold); the round settles them with the remote players'
bets, from the same cards, by the same engine.

A box is seated like a player, in the seat of its number, by a player record of role ``box``
created on its first bet (its name holds a ``/``, which no player's name may: nobody can
register it, sign in as it, or reach it under ``/players``). Its chips are on the felt, not in
a wallet: its account is the house's, may go negative, and says what the box has won from the
table net; each round's stakes and payouts are posted to it as any player's are, so the ledger
books the table's results. A box is not an online player: the inactivity rules (PT 812/2015
rules 35-36) are not applied to it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.table.config import LIVE_RULE
from croupier.table.runtime import Table

if TYPE_CHECKING:
    from croupier.server.service import Casino

BOX_RULE = "live tables: the boxes of the felt (docs/live-table.md)"


def box_name(table_id: int, box: int) -> str:
    """The name of a table's box: one a player's name cannot be (it holds a ``/``)."""
    return f"box {box}/table {table_id}"


def verify_box(table: Table, box: object) -> int:
    """``box`` as a box of ``table``: a live table's seat number."""
    if not table.config.live:
        raise RuleViolation("table", "only a live table has boxes the dealer enters", LIVE_RULE)
    seats = table.config.seats
    if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= seats:
        raise RuleViolation(
            "box",
            msg("{box}: the boxes of this table are 1 to {seats}", box=repr(box), seats=seats),
            BOX_RULE,
        )
    return box


async def seated_box(casino: Casino, table: Table, box: object) -> str:
    """The name the box plays under at ``table``, seated there (its record created and its
    seat taken on its first bet; a seat a remote player holds is refused, naming it)."""
    number = verify_box(table, box)
    name = box_name(table.id, number)
    if name in table.seats:
        return name
    player = await asyncio.to_thread(_box_player, casino, name, table.config.demo)
    await table.command("join", player=player, seat=number)
    return name


def _box_player(casino: Casino, name: str, demo: bool) -> Player:
    found = casino.players.by_name(name)
    if found is not None:
        return found
    try:
        player, _token = casino.players.create(name, role="box", demo=demo)  # the token unused
    except RuleViolation:  # created at the same moment by another request
        again = casino.players.by_name(name)
        assert again is not None
        return again
    return player


def box_of(table: Table, box: object) -> str:
    """The name of a box already seated at ``table`` (a decision, a withdrawal)."""
    name = box_name(table.id, verify_box(table, box))
    if name not in table.seats:
        raise RuleViolation("box", msg("box {box} has no bet at this table", box=box), BOX_RULE)
    return name


async def box_bet(
    casino: Casino, table: Table, box: object, kind: str, amount: int
) -> dict[str, Any]:
    """A box's bet, as the dealer enters it."""
    name = await seated_box(casino, table, box)
    placed: dict[str, Any] = await table.command("bet", player=name, kind=kind, amount=amount)
    return {**placed, "box": box}


async def box_withdrawal(table: Table, box: object, kind: str) -> dict[str, Any]:
    """A box's bet taken back while bets are taken (the dealer entered it wrongly)."""
    taken: dict[str, Any] = await table.command("withdraw", player=box_of(table, box), kind=kind)
    return {**taken, "box": box}


async def box_decision(table: Table, box: object, decision: str) -> dict[str, Any]:
    """A box's decision after the deal (stud: raise or fold, art. 6), as the dealer enters it."""
    decided: dict[str, Any] = await table.command(
        "decide", player=box_of(table, box), decision=decision
    )
    return {**decided, "box": box}
