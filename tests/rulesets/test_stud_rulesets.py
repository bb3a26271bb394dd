"""The macau-stud-2004 preset and the refusals of its options (Despacho 61/2004)."""

import pytest

from croupier.errors import RulesetError
from croupier.rulesets import load_ruleset


def test_preset_loads_with_its_citation():
    ruleset = load_ruleset("macau-stud-2004")
    rules = ruleset.stud()
    assert "61/2004" in ruleset.source and ruleset.game == "stud"
    assert rules.seats == 7 and rules.royal_flush_pays == 100 and rules.jackpot is not None
    assert rules.shoe.decks == 1


BAD = [
    ({"shoe.decks": 2}, "shoe.decks", "art. 1(1)"),
    ({"shoe.dealing": "pitch"}, "shoe.dealing", "art. 3, 7"),
    ({"table.seats": 8}, "table.seats", "art. 2(1)"),
    ({"paytable.royal_flush": 120}, "paytable.royal_flush", "art. 9(5)(9), 13"),
    ({"paytable.royal_flush": 40}, "paytable.royal_flush", "art. 9(5)(9), 13"),
    (
        {"jackpot.prizes.straight_flush": {"fixed": 100, "pool_percent": 20}},
        "jackpot.prizes.straight_flush",
        "art. 10(2)(2)",
    ),
    (
        {"jackpot.prizes.royal_flush": {"fixed": 100, "pool_percent": 50}},
        "jackpot.prizes.royal_flush",
        "art. 10(2)(1)",
    ),
    (
        {"jackpot.prizes.flush": {"fixed": 100, "pool_percent": 5}},
        "jackpot.prizes.flush",
        "art. 10(2)(5)",
    ),
    ({"jackpot.contribution": "1.5"}, "jackpot.contribution", ""),
    ({"ruleset.amendments": ["2/2009"]}, "ruleset.amendments", ""),
    ({"table.minimum_ante": 0}, "table.minimum_ante", ""),
    ({"table.bogus": 1}, "table.bogus", ""),
]


@pytest.mark.cites("macau-stud-2004", "art. 1(1)", "art. 13")
@pytest.mark.parametrize(("overrides", "option", "article"), BAD)
def test_bad_values_name_the_option_and_the_article(overrides, option, article):
    with pytest.raises(RulesetError) as info:
        load_ruleset("macau-stud-2004", overrides)
    assert info.value.option.startswith(option), str(info.value)
    assert article in str(info.value)


def test_a_stud_ruleset_is_not_a_baccarat_one():
    with pytest.raises(RulesetError, match="not baccarat"):
        load_ruleset("macau-stud-2004").baccarat()
