"""A terminal player's money over a session: balance, totals and the closing statement."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from croupier.money import MoneyPolicy, format_amount


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


class TerminalGame:
    """What every terminal game shares: the ruleset, the player's money, the console and the
    way it asks (``ask`` can be replaced by tests; end of input reads as ``None``)."""

    def __init__(
        self,
        ruleset: Any,
        money: MoneyPolicy,
        balance: int,
        console: Console,
        ask: Callable[[str], str] | None,
    ) -> None:
        self.ruleset = ruleset
        self.money = money
        self.session = PlayerSession(money, balance)
        self.console = console
        self.ask = ask or (lambda prompt: console.input(prompt))

    def read(self, prompt: str) -> str | None:
        """One answer, stripped and lower-cased; None at the end of input or on Ctrl-C, which
        leave the table as "q" does: with the session's statement (issue 34(4))."""
        try:
            return self.ask(prompt).strip().lower()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return None

    def typed(self, amount: int) -> str:
        """An amount as a player types it (major units, no separator): 100.00 MOP -> "100"."""
        text = format_amount(amount, self.money.minor_digits).replace(",", "")
        return text.rstrip("0").rstrip(".") if "." in text else text

    def yes(self, prompt: str) -> bool:
        return self.read(prompt) in ("y", "yes")

    def title(self) -> None:
        self.console.print(f"[bold]{self.ruleset.title}[/]  [dim]{self.ruleset.source}[/]")
