from fractions import Fraction

import pytest

from croupier.errors import RulesetError
from croupier.money import (
    MoneyPolicy,
    Rounding,
    format_amount,
    parse_amount,
    parse_ratio,
    round_to_unit,
)


@pytest.mark.parametrize(
    ("amount", "unit", "rounding", "expected"),
    [
        (Fraction(1425, 100), 1, Rounding.PLAYER_FAVOUR, 15),
        (Fraction(1425, 100), 1, Rounding.HOUSE_FAVOUR, 14),
        (Fraction(1425, 100), 1, Rounding.HALF_EVEN, 14),
        (Fraction(29, 2), 1, Rounding.HALF_EVEN, 14),  # 14.5 -> 14 (even)
        (Fraction(31, 2), 1, Rounding.HALF_EVEN, 16),  # 15.5 -> 16 (even)
        (Fraction(9500), 100, Rounding.PLAYER_FAVOUR, 9500),
        (Fraction(9501), 100, Rounding.PLAYER_FAVOUR, 9600),
        (Fraction(9599), 100, Rounding.HOUSE_FAVOUR, 9500),
        (Fraction(0), 100, Rounding.PLAYER_FAVOUR, 0),
    ],
)
def test_round_to_unit(amount, unit, rounding, expected):
    assert round_to_unit(amount, unit, rounding) == expected


def test_policy_rounds_amounts_due_to_players_in_their_favour_by_default():
    policy = MoneyPolicy(unit=100)
    assert policy.to_player(Fraction(19, 20) * 1500) == 1500  # 14.25 patacas -> 15
    assert MoneyPolicy(unit=100, rounding=Rounding.HOUSE_FAVOUR).to_player(1425) == 1400


def test_parse_and_format_amounts():
    assert parse_amount("12.50", 2) == 1250
    assert parse_amount("100", 2) == 10000
    assert parse_amount("7", 0) == 7
    assert format_amount(123456, 2) == "1,234.56"
    assert format_amount(-50, 2) == "-0.50"
    assert MoneyPolicy("EUR").format(100) == "1.00 EUR"


@pytest.mark.parametrize(
    ("text", "message"),
    [("abc", "is not an amount"), ("-5", "must be a positive"), ("1.234", "more than 2 decimal")],
)
def test_bad_amounts_name_the_field(text, message):
    with pytest.raises(ValueError, match=f"stake: .*{message}"):
        parse_amount(text, 2, "stake")


def test_ratios_refuse_floats():
    assert parse_ratio("0.15", "x") == Fraction(3, 20)
    with pytest.raises(RulesetError, match="never floats"):
        parse_ratio(0.15, "jackpot.contribution")
