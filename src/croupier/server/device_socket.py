"""A live table's device WebSocket, ``/tables/{id}/device`` (issue 31; docs/live-table.md): a
card-reading shoe or shuffler, or the dealer's console, connected with an operator's token. It
follows the table's events like a watcher (the view first, with ``live.next``: what the next
card is for; then ``cards_due`` when betting closes, each ``live`` card, the results) and sends
the cards it reads and the remedies the dealer confirms:

* ``{"type": "card", "card": "AS", "to": null, "face_up": false, "source": "shoe-1", "seq": 17}``
  answered ``{"type": "taken", "seq": 17, "to": "player", "next": "banker", ...}``, or
  ``{"type": "irregularity", "seq": 17, "field", "message", "rule", "remedies", "belongs"}``;
* ``{"type": "remedy", "remedy": "correct", "supervisor": "", ...the card...}`` answered
  ``{"type": "remedied", ...}``;
* ``{"type": "shoe"}``: the dealer puts a new shoe in, between rounds, answered ``{"type":
  "new_shoe", "next": "burn", ...}`` (its burn is due, Macau baccarat art. 2(1));
* the boxes of the felt (the dealer's console, or a chip-sensing system: server/boxes.py):
  ``{"type": "bet", "box": 3, "kind": "banker", "amount": 2000}`` answered ``{"type":
  "placed", "box": 3, "seat": 3, ...}``; ``{"type": "withdraw", "box": 3, "kind": "banker"}``
  answered ``{"type": "withdrawn", ...}``; ``{"type": "decision", "box": 2, "decision":
  "raise"}`` answered ``{"type": "decided", ...}``;

anything else ``{"type": "refused", ...}``.

A device's sequence numbers follow one another: a card sent again after a reconnection is
refused as taken already, never dealt twice. The device may connect to any process: one
that does not run the table relays it to the one that does (server/relay.py), and closes it
(4409) when that process dies, so that it reconnects to the new owner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from croupier.errors import CroupierError, RuleViolation
from croupier.games.live import Irregularity
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.server.bodies import BetIn, DecisionIn
from croupier.server.boxes import BOX_RULE, box_bet, box_decision, box_withdrawal
from croupier.server.guard import NotJson, strict_json
from croupier.server.table_socket import (
    CLOSE_FORBIDDEN,
    Answer,
    TableConnection,
)
from croupier.staff import DEAL
from croupier.table.live_dealer import LIVE_RULE
from croupier.table.runtime import Table

if TYPE_CHECKING:
    from croupier.server.service import Casino

MAX_SUPERVISOR = 60


class DeviceConnection(TableConnection):
    """A device's connection to a live table, here or in the process that runs it: there, its
    messages are answered by that process (``POST /tables/{id}/device/messages``) and its
    events followed from the bus, as any watcher's (server/relay.py); when that process dies
    the connection is closed (4409) and the device reconnects to the table's new owner."""

    RELAYED = "device/messages"

    async def _admitted(self) -> tuple[Table | None, Player | None, list[str]] | None:
        admitted = await super()._admitted()
        if admitted is None:
            return None
        _table, player, _offered = admitted
        if player is None or not player.holds(DEAL):
            if player is not None:
                self.casino.rates.disconnect(player.name)
            await self._refuse(CLOSE_FORBIDDEN, "a device connects with an operator's token")
            return None
        return admitted

    def _answer(self, table: Table, player: Player | None) -> Answer:
        return lambda text: device_command(self.casino, table, text)


async def device_command(casino: Casino, table: Table, text: str) -> dict[str, Any]:
    """The answer to one message of a device."""
    try:
        message = strict_json(text)
    except NotJson as error:
        return _refused(None, "message", f"{error}: send a JSON object", LIVE_RULE)
    if not isinstance(message, dict):
        return _refused(None, "message", "send a JSON object", LIVE_RULE)
    seq = message.get("seq")
    try:
        kind = message.get("type")
        if kind == "card":
            taken = await table.command("card", message=message)
            return {**taken, "type": "taken", "seq": seq}
        if kind == "remedy":
            remedy, supervisor = message.get("remedy"), message.get("supervisor", "")
            if not isinstance(remedy, str) or not 1 <= len(remedy) <= 20:
                raise RuleViolation("remedy", "correct, void, continue or keep", LIVE_RULE)
            if not isinstance(supervisor, str) or len(supervisor) > MAX_SUPERVISOR:
                raise RuleViolation(
                    "supervisor",
                    msg(
                        "a name of at most {max_supervisor} characters",
                        max_supervisor=MAX_SUPERVISOR,
                    ),
                    LIVE_RULE,
                )
            card = {k: v for k, v in message.items() if k not in ("remedy", "supervisor")}
            remedied = await table.command(
                "remedy", message=card, remedy=remedy, supervisor=supervisor
            )
            return {**remedied, "type": "remedied", "seq": seq}
        if kind == "shoe":  # the dealer puts a new shoe in, between rounds
            return {**await table.command("new_shoe"), "type": "new_shoe", "seq": seq}
        if kind in BOX_MESSAGES:
            return {**await _box_message(casino, table, kind, message), "seq": seq}
        raise RuleViolation(
            "type",
            "a device sends card, remedy, shoe, bet, withdraw or decision messages",
            LIVE_RULE,
        )
    except Irregularity as wrong:  # with its message's key: told in the device's language
        return {**wrong.detail(), "type": "irregularity", "seq": seq}
    except RuleViolation as error:
        return {**error.detail(), "type": "refused", "seq": seq}
    except ValidationError as error:  # a box message's schema: the field named, as REST does
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "message"
        return _refused(seq, field, first["msg"], "the API's schema (openapi.json)")
    except (ValueError, CroupierError) as error:
        return _refused(seq, "message", str(error), LIVE_RULE)


BOX_MESSAGES = {"bet": "placed", "withdraw": "withdrawn", "decision": "decided"}


async def _box_message(
    casino: Casino, table: Table, kind: str, message: dict[str, Any]
) -> dict[str, Any]:
    """A box's bet, its withdrawal or its decision, as the dealer enters it."""
    box = message.get("box")
    if kind == "bet":
        bet = BetIn.model_validate({k: message.get(k) for k in ("kind", "amount")})
        done = await box_bet(casino, table, box, bet.kind, bet.amount)
    elif kind == "withdraw":
        what = message.get("kind")
        if not isinstance(what, str) or not 1 <= len(what) <= 30:
            raise RuleViolation("kind", "the bet to withdraw: 1 to 30 characters", BOX_RULE)
        done = await box_withdrawal(table, box, what)
    else:
        decision = DecisionIn.model_validate({"decision": message.get("decision")})
        done = await box_decision(table, box, decision.decision)
    return {**done, "type": BOX_MESSAGES[kind]}


def _refused(seq: Any, field: str, message: str, rule: str) -> dict[str, Any]:
    return {"type": "refused", "seq": seq, "field": field, "message": message, "rule": rule}
