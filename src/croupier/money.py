"""Money: integer minor units, exact ratios, one rounding function.

Amounts are ``int`` counts of the currency's minor unit (cents, avos). Ratios (payouts,
commissions, percentages) are :class:`fractions.Fraction`. Every amount that a game pays to a
player, or sets aside for players (a jackpot contribution), is computed exactly and then rounded
once, by :func:`round_to_unit`, to the table's smallest unit. The default policy rounds in the
player's favour (the house's gain is rounded down); see ``docs/choices.md``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TypedDict

from croupier.errors import RulesetError, RuleViolation
from croupier.i18n.message import Amount, msg

#: the currency of play points at demo tables: never money (PT 812/2015 rules 37-38)
DEMO = "DEMO"

#: The largest stake or deposit croupier takes, in minor units: ten thousand million major
#: units, far above any table's limits and far below what the database's 64-bit integers hold,
#: even summed over every bet of a round (issue 16, finding 4: a stake of 2**63 failed the
#: database statement it shared with other tables' bets). Bounded where amounts enter: the API's
#: schema, every game's bet check, the ledger.
MAX_AMOUNT = 10**12
STAKE_RULE = "a stake is a positive whole number of minor units"


def verify_stake(amount: object, field: str = "amount") -> None:
    """Refuse what is not a stake: a bool, a non-integer, zero or less, more than MAX_AMOUNT."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise RuleViolation(
            field,
            msg("{amount} must be a positive whole number of minor units", amount=repr(amount)),
            STAKE_RULE,
        )
    if amount > MAX_AMOUNT:
        raise RuleViolation(
            field,
            msg(
                "{amount} is more than the largest amount taken, {max_amount}",
                amount=amount,
                max_amount=MAX_AMOUNT,
            ),
            STAKE_RULE,
        )


class Rounding(enum.Enum):
    """Direction in which an exact amount due to a player is rounded to the table's unit."""

    PLAYER_FAVOUR = "player_favour"  # up: the house's gain is rounded down (default)
    HOUSE_FAVOUR = "house_favour"  # down
    HALF_EVEN = "half_even"  # nearest, ties to even


def round_to_unit(amount: Fraction | int, unit: int, rounding: Rounding) -> int:
    """Round an exact amount (minor units) to a multiple of ``unit`` in the given direction.

    This is the only rounding function in croupier: every game uses it.
    """
    if unit < 1:
        raise ValueError("unit must be a positive number of minor units")
    units = Fraction(amount) / unit
    if rounding is Rounding.PLAYER_FAVOUR:
        whole = -((-units.numerator) // units.denominator)  # ceiling
    elif rounding is Rounding.HOUSE_FAVOUR:
        whole = units.numerator // units.denominator  # floor
    else:
        whole = round(units)  # Fraction.__round__ rounds half to even
    return int(whole) * unit


class MoneyInformation(TypedDict):
    """The money a table tells its players about (games/information.py)."""

    currency: str
    minor_digits: int
    unit: int


@dataclass(frozen=True, slots=True)
class MoneyPolicy:
    """How a table handles money: its currency, smallest payable unit and rounding direction."""

    currency: str = "MOP"
    minor_digits: int = 2
    unit: int = 1
    rounding: Rounding = Rounding.PLAYER_FAVOUR

    def information(self) -> MoneyInformation:
        """What a table tells its players of its money (PT rule 32): the currency, its minor
        digits and the smallest amount paid."""
        return {"currency": self.currency, "minor_digits": self.minor_digits, "unit": self.unit}

    def __post_init__(self) -> None:
        if self.unit < 1:
            raise RulesetError("table.rounding_unit", "must be at least 1 minor unit")
        if not 0 <= self.minor_digits <= 4:
            raise RulesetError("table.minor_digits", "must be 0..4")

    def to_player(self, amount: Fraction | int) -> int:
        """Round an exact amount due to (or set aside for) players."""
        return round_to_unit(amount, self.unit, self.rounding)

    def format(self, amount: int) -> str:
        """Human text of an amount in minor units, e.g. ``1,234.50 MOP`` (an :class:`Amount`:
        a message in another language writes it the locale's way)."""
        text = f"{format_amount(amount, self.minor_digits)} {self.currency}"
        return Amount(text, amount, self.minor_digits, self.currency)

    def parse(self, text: str, field: str = "amount") -> int:
        """Minor units from a decimal text in major units (``"12.50"`` -> 1250)."""
        return parse_amount(text, self.minor_digits, field)


def format_amount(amount: int, minor_digits: int) -> str:
    sign = "-" if amount < 0 else ""
    whole, frac = divmod(abs(amount), 10**minor_digits)
    if minor_digits == 0:
        return Amount(f"{sign}{whole:,}", amount, minor_digits)
    return Amount(f"{sign}{whole:,}.{frac:0{minor_digits}d}", amount, minor_digits)


def parse_amount(text: str, minor_digits: int, field: str = "amount") -> int:
    """Parse a positive decimal amount in major units into minor units, exactly.

    Raises :class:`ValueError` naming ``field`` when the text is not a number, is negative or has
    more decimal places than the currency's minor unit.
    """
    try:
        value = Decimal(text.strip())
    except (InvalidOperation, AttributeError):
        raise ValueError(f"{field}: {text!r} is not an amount") from None
    if not value.is_finite() or value < 0:
        raise ValueError(f"{field}: {text!r} must be a positive amount")
    scaled = value.scaleb(minor_digits)
    if scaled != scaled.to_integral_value():
        raise ValueError(
            f"{field}: {text!r} has more than {minor_digits} decimal places (the minor unit)"
        )
    return int(scaled)


def parse_ratio(text: str | int | float, field: str) -> Fraction:
    """A ratio from a decimal string such as ``"0.05"`` or an int; floats are refused."""
    if isinstance(text, (bool, float)):
        raise RulesetError(field, 'write ratios as strings ("0.05") or ints, never floats')
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise RulesetError(field, f"{text!r} is not a ratio") from None
