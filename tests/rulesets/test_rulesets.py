"""Ruleset presets load; every bad value is refused with the option and the article."""

from pathlib import Path

import pytest

from croupier.errors import RulesetError
from croupier.rulesets import load_ruleset, load_ruleset_file, preset_names

REQUIRED = {
    "macau-2004",
    "macau-2009",
    "pt-ponto-banca-2015",
    "pt-ponto-banca-macau-2015",
}


def test_required_presets_ship_and_all_presets_load():
    assert set(preset_names()) >= REQUIRED
    for name in preset_names():
        ruleset = load_ruleset(name)
        assert ruleset.name == name and ruleset.source and ruleset.title


def test_presets_cite_their_regulation():
    assert "55/2004" in load_ruleset("macau-2004").source
    assert "2/2009" in load_ruleset("macau-2009").source
    assert "812/2015" in load_ruleset("pt-ponto-banca-2015").source
    assert load_ruleset("pt-ponto-banca-macau-2015").regulation == "pt-macau"


def test_macau_2009_variants_are_selectable():
    assert (
        load_ruleset("macau-2009", {"bets.commission": "banker6_half"}).rules.commission
        == "banker6_half"
    )
    assert load_ruleset("macau-2009-dragon7-push").rules.commission == "dragon7_push"
    assert load_ruleset("macau-2009-jackpot-b").rules.jackpot.modality == "B"
    assert load_ruleset("macau-2009", {"bets.side_bets": ["player_pair"]}).rules.side_bets == (
        "player_pair",
    )


BAD = [
    # (preset, overrides, option named, article cited)
    ("macau-2009", {"shoe.decks": 5}, "shoe.decks", "art. 1(1)"),
    ("macau-2009", {"shoe.decks": 13}, "shoe.decks", "art. 1(1)"),
    ("pt-ponto-banca-2015", {"shoe.decks": 7}, "shoe.decks", "rule 6"),
    ("pt-ponto-banca-2015", {"table.seats": 10}, "table.seats", "rule 6"),
    ("macau-2009", {"table.seats": 6}, "table.seats", "art. 1(5)"),
    ("macau-2009", {"shoe.demonstration_hands": 4}, "shoe.demonstration_hands", "art. 2(2)"),
    ("macau-2009", {"shoe.burn": "none"}, "shoe.burn", "art. 2(1)"),
    ("macau-2009", {"shoe.burn": "fixed", "shoe.burn_cards": 4}, "shoe.burn", "83/2011"),
    (
        "macau-2009",
        {"ruleset.amendments": ["2/2009", "83/2011"], "shoe.burn": "fixed", "shoe.burn_cards": 9},
        "shoe.burn_cards",
        "83/2011",
    ),
    ("macau-2009", {"shoe.mode": "continuous"}, "shoe.burn", "art. 2(3)"),
    ("macau-2009", {"shoe.cut_card": 5, "shoe.cut_card_spread": 0}, "shoe.cut_card", "art. 2(1)"),
    ("macau-2009", {"shoe.end_of_shoe": "never"}, "shoe.end_of_shoe", "art. 3(1)"),
    ("macau-2004", {"bets.commission": "dragon7_push"}, "bets.commission", "2/2009"),
    ("macau-2004", {"bets.commission": "banker6_half"}, "bets.commission", "73/2005"),
    ("macau-2009", {"bets.commission": "banker5_6_half"}, "bets.commission", "art. 18"),
    ("pt-ponto-banca-2015", {"bets.commission": "dragon7_push"}, "bets.commission", "rule 26"),
    ("macau-2004", {"bets.side_bets": ["dragon7"]}, "bets.side_bets", "2/2009"),
    ("macau-2009", {"bets.side_bets": ["lucky6"]}, "bets.side_bets", "56/2018"),
    ("pt-ponto-banca-2015", {"bets.side_bets": ["dragon7"]}, "bets.side_bets", "rules 9-10"),
    ("macau-2009", {"bets.side_bets": ["martian"]}, "bets.side_bets", "69/2009"),
    ("pt-ponto-banca-2015", {"table.maximum_bet": 7100}, "table.maximum_bet", "rule 15(a)"),
    (
        "pt-ponto-banca-2015",
        {"bets.limits.tie.maximum": 1600},
        "bets.limits.tie.maximum",
        "rule 15(b)",
    ),
    (
        "pt-ponto-banca-2015",
        {"bets.limits.player_pair.maximum": 900},
        "bets.limits.player_pair.maximum",
        "rule 15(c)",
    ),
    ("pt-ponto-banca-macau-2015", {"table.maximum_bet": 10000}, "table.maximum_bet", "rule 40"),
    (
        "pt-ponto-banca-2015",
        {"table.max_payout_per_round": 10000},
        "table.max_payout_per_round",
        "rule 41",
    ),
    ("pt-ponto-banca-2015", {"table.currency": "USD"}, "table.currency", "rule"),
    ("pt-ponto-banca-2015", {"jackpot.modality": "A"}, "jackpot", "rules 9-10"),
    ("macau-2004", {"jackpot.modality": "A"}, "jackpot", "2/2009"),
    (
        "macau-2009-jackpot-a",
        {"jackpot.prizes.royal_flush": {"pool_percent": 50}},
        "jackpot.prizes.royal_flush",
        "17(5)",
    ),
    (
        "macau-2009-jackpot-a",
        {"jackpot.prizes.paradise_straight": {"fixed": 100, "pool_percent": 20}},
        "jackpot.prizes.paradise_straight",
        "17(6)",
    ),
    (
        "macau-2009-jackpot-a",
        {"jackpot.prizes.single_pair": {"fixed": 100, "pool_percent": 5}},
        "jackpot.prizes.single_pair",
        "17(7)",
    ),
    (
        "macau-2009-jackpot-c",
        {"jackpot.prizes.six_of_a_kind": {"fixed": 100}},
        "jackpot.prizes.six_of_a_kind",
        "17(10)",
    ),
    ("macau-2009-jackpot-b", {"jackpot.double_pairs": "points"}, "jackpot.double_pairs", ""),
    ("macau-2009-jackpot-a", {"jackpot.modality": "D"}, "jackpot.modality", "13(1)(4)(3)"),
    ("macau-2009", {"shoe.decks": "eight"}, "shoe.decks", "art. 1(1)"),
    ("macau-2009", {"shoe.colour": "blue"}, "shoe.colour", ""),
    ("macau-2009", {"ruleset.amendments": ["99/2099"]}, "ruleset.amendments", ""),
]


@pytest.mark.parametrize(("preset", "overrides", "option", "article"), BAD)
def test_bad_value_names_the_option_and_the_article(preset, overrides, option, article):
    with pytest.raises(RulesetError) as info:
        load_ruleset(preset, overrides)
    err = info.value
    assert err.option.startswith(option), str(err)
    assert article in str(err), str(err)


@pytest.mark.cites("macau-baccarat-2004", "art. 1(1)")
def test_five_decks_for_macau_reads_well():
    with pytest.raises(RulesetError) as info:
        load_ruleset("macau-2009", {"shoe.decks": 5})
    assert str(info.value) == (
        "shoe.decks: 5 is not allowed: must be 6 to 12 (Macau baccarat art. 1(1))"
    )


def test_a_refused_override_changes_no_preset():
    with pytest.raises(RulesetError):
        load_ruleset("macau-2009", {"shoe.decks": 5})
    assert load_ruleset("macau-2009").rules.shoe.decks == 8


def test_amendments_enable_their_options():
    rules = load_ruleset(
        "macau-2009",
        {
            "ruleset.amendments": ["2/2009", "83/2011", "56/2018"],
            "shoe.burn": "fixed",
            "shoe.burn_cards": 8,
            "bets.side_bets": ["lucky6", "dragon7"],
        },
    ).rules
    assert rules.shoe.burn_cards == 8 and "lucky6" in rules.side_bets


def test_unknown_preset_lists_the_presets():
    with pytest.raises(RulesetError, match=r"no preset named .macau-1999.*macau-2004"):
        load_ruleset("macau-1999")


def test_ruleset_file_with_extends(tmp_path: Path):
    path = tmp_path / "house.toml"
    path.write_text(
        '[ruleset]\nextends = "macau-2009"\nname = "house"\napproval = "DICJ 123/2026"\n'
        "[shoe]\ndecks = 6\n"
    )
    ruleset = load_ruleset_file(path)
    assert ruleset.name == "house" and ruleset.approval == "DICJ 123/2026"
    assert ruleset.rules.shoe.decks == 6 and ruleset.rules.side_bets[-1] == "dragon7"


def test_broken_toml_file(tmp_path: Path):
    path = tmp_path / "bad.toml"
    path.write_text("[shoe\n")
    with pytest.raises(RulesetError, match="not valid TOML"):
        load_ruleset_file(path)


@pytest.mark.parametrize("value", [10**30, 2**63, -(10**16)])
def test_a_whole_number_option_beyond_any_amount_is_refused_by_name(value):
    """Issue 16: an operator's override of 10**30 opened a table whose amounts no database
    integer holds; every whole-number option is at most 10**15."""
    with pytest.raises(RulesetError) as refused:
        load_ruleset("pt-ponto-banca-macau-2015", {"table.minimum_bet": value})
    assert refused.value.option == "table.minimum_bet" and "beyond" in refused.value.message
