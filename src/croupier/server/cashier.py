"""The cashier: money into a player's account and out of it, each a posting of the ledger
(DESIGN.md, Money), an operator's action at the player's request; a deposit within the
player's deposit limits (issue 29, checked in its own transaction), a withdrawal never past the
balance (issue 29, item 8)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Protocol

from sqlalchemy import Connection, Engine

from croupier.citing import pt
from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.people import Player
from croupier.server.protection import Protection
from croupier.store.ledger import Ledger
from croupier.store.players import Players, named_account


class Casino(Protocol):
    """What the cashier needs of the casino (server/service.py, seen only so)."""

    @property
    def engine(self) -> Engine: ...

    @property
    def ledger(self) -> Ledger: ...

    @property
    def players(self) -> Players: ...

    @property
    def protection(self) -> Protection: ...

    @property
    def currencies(self) -> Callable[[], set[str]]: ...


Also = Callable[[Connection], None]  # more to write in a posting's transaction


def _nothing(_connection: Connection) -> None:
    return None


def _verify_amount(amount: object, rule: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleViolation(
            "amount", msg("{amount} must be a positive whole number", amount=repr(amount)), rule
        )
    return amount


class Cashier:
    def __init__(self, casino: Casino) -> None:
        self.casino = casino

    async def deposit(
        self, player: Player, amount: int, currency: str, also: Also = _nothing
    ) -> int:
        """Money in from the cashier (an operator's action; never for demo players), with
        ``also`` (the audit trail's row, issue 30) in the posting's transaction."""
        _verify_amount(amount, "deposits")
        if player.demo:
            raise RuleViolation("player", "demo players hold points only", pt("rule 38"))
        casino = self.casino
        currencies = casino.currencies()
        if currency not in currencies:
            raise RuleViolation(
                "currency",
                msg(
                    "{currency}: the tables here play in {currencies}",
                    currency=repr(currency),
                    currencies=", ".join(sorted(currencies)),
                ),
                "deposits: money in a currency the casino's tables play in",
            )

        def run() -> int:
            account = casino.players.account(player, currency)
            cashier = named_account(casino.ledger, "cashier", "cashier", currency, negative=True)
            legs = [(cashier, -amount), (account, amount)]
            protection = casino.protection
            with protection.deposits(), casino.engine.begin() as connection:
                protection.check_deposit(connection, player, account, amount)  # issue 29
                casino.ledger.post("deposit", f"player:{player.id}", legs, connection)
                also(connection)
            return casino.ledger.balance(account)

        return await asyncio.to_thread(run)

    async def withdraw(
        self, player: Player, amount: int, currency: str, also: Also = _nothing
    ) -> int:
        """Money out to the player's own payment account (issue 29, item 8: moved only on the
        player's initiative, the cashier's action recorded in the ledger like a deposit); a
        balance it would take below zero is refused, nothing moved. Stakes in play are not the
        balance: they are the table's escrow until the round settles."""
        _verify_amount(amount, "withdrawals")
        if player.demo or player.role != "player":
            raise RuleViolation("player", "only a real-money player withdraws", pt("rule 38"))
        casino = self.casino

        def run() -> int:
            account = casino.players.account(player, currency)
            cashier = named_account(casino.ledger, "cashier", "cashier", currency, negative=True)
            legs = [(account, -amount), (cashier, amount)]
            with casino.engine.begin() as connection:
                casino.ledger.post("withdrawal", f"player:{player.id}", legs, connection)
                also(connection)
            return casino.ledger.balance(account)

        return await asyncio.to_thread(run)
