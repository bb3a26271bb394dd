"""Rounding a prize to the table's unit, written apart from croupier.money from the rulesets'
documented option (money.rounding: the player's favour rounds up, the house's down, "nearest"
to the nearest unit, halves to even)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any


def rounded(amount: Fraction, money: Any) -> int:
    unit = int(money.unit)
    units = Fraction(amount) / unit
    direction = getattr(money.rounding, "value", money.rounding)
    if direction == "player_favour":
        whole = -(-units.numerator // units.denominator)
    elif direction == "house_favour":
        whole = units.numerator // units.denominator
    else:
        whole = round(units)
    return int(whole) * unit
