"""Stud's material and the order of the jackpot's payments, from DRE 61/2004's text.

Art. 1: "O material do «stud poker» inclui: 1) Um baralho de cinquenta e duas cartas" (one deck
of fifty-two cards). Art. 10(2): the jackpot pays a royal flush, a straight flush, four of a
kind, a full house or a flush; 10(3): "Os montantes fixos ... são anunciados na banca" (the fixed
sums are announced at the table); 10(4): "Os pagamentos do prémio de «jackpot» são processados
da esquerda para a direita, começando pela «mão» que fica imediatamente à esquerda do
«croupier»" (paid left to right from the dealer's left); 10(5): several royal flushes share
one prize; 10(7): with a royal flush and a straight flush in one round "será pago em primeiro
lugar a «mão» titular da «sequência de naipe»" (the straight flush is paid first). Where the
royal flushes' shared payment stands among the others is choice T15 (docs/choices.md)."""

from __future__ import annotations

import dataclasses
from importlib import resources

import pytest

from croupier.errors import RulesetError
from croupier.games.registry import table_information
from croupier.games.stud.jackpot import ROYALS, payment_order
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import load_ruleset_file
from tests.games.stud.conftest import stud_rules


@pytest.mark.cites("macau-stud-2004", "art. 1", "art. 1(1)")
def test_one_deck_of_fifty_two_cards_art_1_1(tmp_path):
    text = (resources.files("croupier.rulesets") / "presets" / "macau-stud-2004.toml").read_text()
    path = tmp_path / "silent.toml"
    path.write_text("\n".join(x for x in text.splitlines() if not x.startswith("decks")))
    assert load_ruleset_file(path).stud().shoe.decks == 1  # a ruleset that names no deck count
    assert load_ruleset("macau-stud-2004").stud().shoe.decks == 1
    with pytest.raises(RulesetError) as error:
        load_ruleset("macau-stud-2004", {"shoe.decks": 2})
    assert error.value.option == "shoe.decks"


@pytest.mark.cites("macau-stud-2004", "art. 1", "art. 1(1)", "art. 10", "art. 10(2)", "art. 10(3)")
def test_the_table_tells_one_deck_and_the_jackpots_fixed_sums_art_10_3():
    rules = stud_rules(**{"jackpot.prizes.flush": {"fixed": 7500}})
    info = table_information(rules)
    assert info["decks"] == 1
    prizes = {p["combination"]: p for p in info["jackpot_prizes"]["prizes"]}
    assert set(prizes) == {"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"}
    assert prizes["flush"]["fixed"] == 7500
    assert [prizes[c]["pool_percent"] for c in ("royal_flush", "straight_flush", "flush")] == [
        "100", "10", "0"
    ]  # fmt: skip
    assert "10(3)" in info["jackpot_prizes"]["article"]
    without = dataclasses.replace(rules, jackpot=None)  # a table with no jackpot announces none
    assert table_information(without)["jackpot_prizes"] is None


FL, SF, RF = "flush", "straight_flush", "royal_flush"


@pytest.mark.cites("macau-stud-2004", "art. 10", "art. 10(2)", "art. 10(4)", "art. 10(5)")
@pytest.mark.cites("macau-stud-2004", "art. 10(7)")
@pytest.mark.parametrize(
    ("hands", "paid"),
    [
        # 10(4): left to right; 10(2): a pair wins no jackpot
        ([(1, "full_house"), (2, "one_pair"), (3, FL)], [(1, "full_house"), (3, FL)]),
        ([], []),
        ([(4, "high_card")], []),
        # the royal flush paid in its seat's turn
        ([(1, FL), (2, RF), (3, "four_of_a_kind")], [(1, FL), ROYALS, (3, "four_of_a_kind")]),
        ([(2, RF), (5, FL)], [ROYALS, (5, FL)]),
        # 10(5): royal flushes share one payment, where the first sits
        ([(1, RF), (3, FL), (4, RF)], [ROYALS, (3, FL)]),
        # 10(7): a straight flush before the royal flush, even from a seat further right
        ([(1, RF), (2, FL), (3, SF)], [(2, FL), (3, SF), ROYALS]),
        ([(2, SF), (3, RF), (4, FL)], [(2, SF), ROYALS, (4, FL)]),
        ([(1, SF), (2, FL), (4, RF), (5, RF), (6, SF), (7, FL)],
         [(1, SF), (2, FL), (6, SF), ROYALS, (7, FL)]),
        # no royal flush: the straight flushes in their seats' turn
        ([(1, FL), (2, SF), (3, SF)], [(1, FL), (2, SF), (3, SF)]),
    ],
)  # fmt: skip
def test_the_jackpot_is_paid_left_to_right_straight_flush_before_royal_art_10_4_7(hands, paid):
    assert payment_order(hands) == paid
