"""A terminal player's money over a session: balance, totals and the closing statement."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.money import MoneyPolicy


@dataclass
class PlayerSession:
    money: MoneyPolicy
    balance: int
    total_bet: int = 0
    total_paid: int = 0
    rounds: int = 0

    def can_stake(self, amount: int) -> bool:
        return amount <= self.balance

    def stake(self, amount: int) -> None:
        self.balance -= amount
        self.total_bet += amount

    def refund(self, amount: int) -> None:
        """A stake taken back before the deal, or returned by a void round."""
        self.balance += amount
        self.total_bet -= amount

    def paid(self, amount: int) -> None:
        self.balance += amount
        self.total_paid += amount

    def statement(self) -> str:
        f = self.money.format
        net = self.total_paid - self.total_bet
        return (
            f"[bold]Session statement[/]: {self.rounds} round(s); total bet {f(self.total_bet)}; "
            f"total paid back {f(self.total_paid)}; net result {f(net)}; "
            f"final balance {f(self.balance)}"
        )
