"""The baccarat jackpot's paytable as Despacho 2/2009 art. 17(5)-(11) writes each prize, at the
boundaries a ruleset can set (each allowed value loads, each other is refused naming the prize).

Art. 17(5): the royal flush (Modality A) and six of a kind (B) "correspondem à totalidade do
valor acumulado no «jackpot»" (the whole pool); 17(6): the paradise straight (A) "ao mais
elevado dos seguintes valores: montante fixo ... ou 10% do valor acumulado" (the larger of a
fixed sum and 10% of the pool); 17(7), 17(8), 17(11): the other combinations of A, B and C "são
constituídos por um montante fixo" (a fixed sum); 17(9): six of a kind of one colour (C), the
whole pool; 17(10): six of a kind (C), the larger of a fixed sum and "uma determinada
percentagem" (a percentage the house sets) of the pool."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.errors import RulesetError
from croupier.rulesets import load_ruleset

PRESET = {"A": "macau-2009-jackpot-a", "B": "macau-2009-jackpot-b", "C": "macau-2009-jackpot-c"}


def prize(modality: str, name: str, value: dict):
    rules = load_ruleset(PRESET[modality], {f"jackpot.prizes.{name}": value}).rules
    found = rules.jackpot.prizes[name]
    return found.fixed, found.pool_percent


def refused(modality: str, name: str, value: dict) -> None:
    with pytest.raises(RulesetError) as error:
        load_ruleset(PRESET[modality], {f"jackpot.prizes.{name}": value})
    assert error.value.option.startswith(f"jackpot.prizes.{name}"), str(error.value)


@pytest.mark.cites("macau-baccarat-2009", "art. 17", "art. 17(5)", "art. 17(9)")
@pytest.mark.parametrize(
    ("modality", "name"),
    [("A", "royal_flush"), ("B", "six_of_a_kind"), ("C", "six_of_a_kind_same_colour")],
)
def test_the_whole_pool_prizes_art_17_5_and_17_9(modality, name):
    assert prize(modality, name, {}) == (0, Fraction(100))
    assert prize(modality, name, {"pool_percent": 100}) == (0, Fraction(100))
    for value in ({"pool_percent": 99}, {"pool_percent": 101}, {"fixed": 100},
                  {"fixed": 100, "pool_percent": 100}):  # fmt: skip
        refused(modality, name, value)


@pytest.mark.cites("macau-baccarat-2009", "art. 17", "art. 17(6)")
def test_the_paradise_straight_is_the_larger_of_a_fixed_sum_and_ten_percent_art_17_6():
    assert prize("A", "paradise_straight", {"fixed": 1, "pool_percent": 10}) == (1, 10)
    assert prize("A", "paradise_straight", {"fixed": 500}) == (500, 10)  # 10% is the text's
    for value in ({"fixed": 500, "pool_percent": 20}, {"fixed": 500, "pool_percent": 9},
                  {"fixed": 0, "pool_percent": 10}, {"pool_percent": 10}):  # fmt: skip
        refused("A", "paradise_straight", value)


@pytest.mark.cites("macau-baccarat-2009", "art. 17", "art. 17(6)", "art. 17(10)")
def test_six_of_a_kind_in_modality_c_takes_a_percentage_the_house_sets_art_17_10():
    for percent in (1, 20, 100):  # any percentage: not art. 17(6)'s ten
        assert prize("C", "six_of_a_kind", {"fixed": 1, "pool_percent": percent}) == (1, percent)
    for value in ({"fixed": 500, "pool_percent": 0}, {"fixed": 500, "pool_percent": 101},
                  {"fixed": 500}, {"fixed": 0, "pool_percent": 20}):  # fmt: skip
        refused("C", "six_of_a_kind", value)


@pytest.mark.cites("macau-baccarat-2009", "art. 17", "art. 17(7)", "art. 17(8)", "art. 17(11)")
@pytest.mark.parametrize(
    ("modality", "name"),
    [("A", "four_of_a_kind"), ("A", "double_pairs"), ("A", "three_of_a_kind"),
     ("A", "single_pair"), ("B", "five_of_a_kind"), ("B", "double_three"),
     ("B", "four_of_a_kind"), ("B", "three_of_a_kind"), ("C", "five_of_a_kind"),
     ("C", "double_three"), ("C", "four_of_a_kind"), ("C", "three_of_a_kind")],
)  # fmt: skip
def test_the_other_combinations_are_fixed_sums_art_17_7_8_and_11(modality, name):
    assert prize(modality, name, {"fixed": 1}) == (1, 0)
    assert prize(modality, name, {"fixed": 250000}) == (250000, 0)
    for value in ({"fixed": 0}, {"fixed": 100, "pool_percent": 5}, {}, {"pool_percent": 0}):
        refused(modality, name, value)
