"""A stake against the table's minimum and maximum (the house's limits of a bet: Macau stud
art. 5, blackjack's table limits): one check for every game that has no rule table of its own."""

from __future__ import annotations

from collections.abc import Callable

from croupier.errors import RuleViolation
from croupier.i18n.message import msg

TABLE_LIMITS = "table limits"


def verify_within(
    total: int, low: int, high: int | None, what: str, money: Callable[[int], str]
) -> None:
    """Refuse a bet's ``total`` under ``low`` or over ``high`` (None: no maximum), naming the
    bet (``what``) and writing the amounts with ``money``."""
    if total < low:
        raise RuleViolation(
            "amount",
            msg("{what} {amount} is below the minimum {low}", what=what, amount=money(total),
                low=money(low)),
            TABLE_LIMITS,
        )  # fmt: skip
    if high is not None and total > high:
        raise RuleViolation(
            "amount",
            msg("{what} {amount} is above the maximum {high}", what=what, amount=money(total),
                high=money(high)),
            TABLE_LIMITS,
        )  # fmt: skip
