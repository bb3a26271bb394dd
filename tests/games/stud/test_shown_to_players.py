"""What a stud table tells its players before a round (the bets' limits and the paytable's
options) and what a finished round shows to whom, from the articles that decide them."""

from __future__ import annotations

from importlib import resources

import pytest

from croupier.errors import RulesetError
from croupier.games.stud.information import table_information
from croupier.games.stud.rules import StudRules
from croupier.games.stud.secrecy import shown_result
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import load_ruleset_file
from tests.games.stud.conftest import stud_rules


def _bets(rules):
    return {b["kind"]: b for b in table_information(rules)["bets"]}


@pytest.mark.cites("macau-stud-2004", "art. 5", "art. 6", "art. 6(6)", "art. 9")
@pytest.mark.parametrize(("minimum", "maximum"), [(100, 100_000), (500, None), (2_500, 7_000)])
def test_the_raise_is_listed_at_twice_the_ante_art_6_6(minimum, maximum):
    """Art. 6(6): "A aposta adicional deve ser de montante igual ao dobro do montante da aposta
    inicial" (the raise is twice the ante): the raise's listed limits are twice the ante's."""
    overrides = {"table.minimum_ante": minimum}
    if maximum is not None:
        overrides["table.maximum_ante"] = maximum
    rules = stud_rules(**overrides)
    if maximum is None:
        rules = StudRules(minimum_ante=minimum, maximum_ante=None)
    bets = _bets(rules)
    assert (bets["ante"]["minimum"], bets["ante"]["maximum"]) == (minimum, maximum)
    assert bets["raise"]["minimum"] == 2 * minimum
    assert bets["raise"]["maximum"] == (None if maximum is None else 2 * maximum)


@pytest.mark.cites("macau-stud-2004", "art. 9", "art. 9(2)", "art. 10", "art. 10(1)", "art. 10(2)")
@pytest.mark.cites("macau-stud-2004", "art. 10(3)")
def test_the_jackpot_bet_is_listed_only_where_the_table_has_one_art_10_1():
    """Art. 10(1): the player "deve ... Seleccionar uma aposta inicial, e uma aposta no «jackpot
    progressivo»" (an ante and a jackpot bet); art. 10(3): the fixed sums "são anunciados na
    banca" (announced at the table). A table without a jackpot lists neither the bet nor its
    prizes; one with it lists the bet at its one price and every prize of 10(2)."""
    with_jackpot = stud_rules()
    bets = _bets(with_jackpot)
    assert list(bets) == ["ante", "raise", "jackpot"]
    assert (bets["jackpot"]["minimum"], bets["jackpot"]["maximum"]) == (100, 100)
    prizes = table_information(with_jackpot)["jackpot_prizes"]["prizes"]
    assert [p["combination"] for p in prizes] == [
        "royal_flush",
        "straight_flush",
        "four_of_a_kind",
        "full_house",
        "flush",
    ]
    preset = _bets(load_ruleset("macau-stud-2004").stud())["jackpot"]  # 20.00 a hand
    assert (preset["minimum"], preset["maximum"]) == (2000, 2000)
    without = StudRules(minimum_ante=100, maximum_ante=1000)
    assert list(_bets(without)) == ["ante", "raise"]
    assert table_information(without)["jackpot_prizes"] is None


@pytest.mark.cites("macau-stud-2004", "art. 9", "art. 9(5)", "art. 13")
@pytest.mark.parametrize(("pays", "accepted"), [(49, False), (50, True), (100, True), (101, False)])
def test_the_royal_flush_pays_50_to_100_to_one_art_9_5_9(pays, accepted, tmp_path):
    """Art. 9(5)(9): «Naipe real» "50 a 100 por 1" (50 to 100 to one), chosen by the house under
    art. 13; anything else is refused naming the option. With no choice made the table pays the
    most the text allows, 100 to 1 (docs/choices.md)."""
    assert StudRules().royal_flush_pays == 100
    preset = (resources.files("croupier.rulesets") / "presets" / "macau-stud-2004.toml").read_text()
    unchosen = tmp_path / "no-royal-choice.toml"
    unchosen.write_text(preset.replace("royal_flush = 100 ", "# no choice "))
    assert load_ruleset_file(unchosen).stud().royal_flush_pays == 100
    if accepted:
        rules = load_ruleset("macau-stud-2004", {"paytable.royal_flush": pays}).stud()
        assert rules.royal_flush_pays == pays
        assert table_information(rules)["paytable"]["royal_flush"] == f"{pays}:1"
    else:
        with pytest.raises(RulesetError, match=r"paytable\.royal_flush.*50 to 100"):
            load_ruleset("macau-stud-2004", {"paytable.royal_flush": pays})


@pytest.mark.cites("macau-stud-2004", "art. 9", "art. 9(5)")
def test_the_house_maximum_payout_is_optional_and_positive_art_9_5_7():
    """Art. 9(5)(7)-(9): "não pode exceder o montante máximo por jogo preestabelecido pela casa"
    (no more than the house's maximum per game): a maximum the house may set; one minor unit is
    the least, and none means no cap."""
    assert load_ruleset("macau-stud-2004", {"table.max_payout_per_game": 1}).stud().max_payout == 1
    unset = load_ruleset("macau-stud-2004", {"table.max_payout_per_game": None}).stud()
    assert unset.max_payout is None
    with pytest.raises(RulesetError, match=r"table\.max_payout_per_game"):
        load_ruleset("macau-stud-2004", {"table.max_payout_per_game": -5})


RESULT = {
    "round": 4,
    "dealer_cards": ["AS", "KD", "7C", "5H", "3D"],
    "dealer_category": "high_card",
    "dealer_qualifies": True,
}


def _hand(player, folded):
    return {"seat": 1, "player": player, "cards": ["2S", "2H", "5C", "7D", "9S"],
            "category": "one_pair", "folded": folded}  # fmt: skip


@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(7)", "art. 9", "art. 9(3)")
def test_a_folded_hand_is_never_turned_over_and_no_comparison_opens_the_dealer_art_9_3():
    """Art. 6(7): a hand that does not raise "é considerada perdida, sendo as cartas e as apostas
    iniciais recolhidas pelo «croupier»" (lost, its cards collected unseen); art. 9(3): the
    dealer "abre as «mãos» dos jogadores para determinar a jogada" (opens the hands to decide
    the round). A folded hand's cards are its player's alone; with every hand folded nothing
    is compared and the dealer's hand stays closed but for its up card (art. 7)."""
    folded = {**RESULT, "hands": [_hand("ana", True)]}
    to_ana, to_bo, to_watcher = (shown_result(folded, v) for v in ("ana", "bo", None))
    assert to_ana["hands"][0]["cards"] == ["2S", "2H", "5C", "7D", "9S"]
    for view in (to_bo, to_watcher):
        assert view["hands"][0]["cards"] is None and view["hands"][0]["category"] is None
    for view in (to_ana, to_bo, to_watcher):
        # only the last card, dealt face up (art. 7(1)), was ever shown
        assert view["dealer_cards"] is None and view["dealer_up"] == ["3D"]
        assert view["dealer_category"] is None and view["dealer_qualifies"] is None
    raised = {**RESULT, "hands": [_hand("ana", False), {**_hand("bo", True), "seat": 2}]}
    for viewer in ("ana", "bo", "cy", None):
        view = shown_result(raised, viewer)
        assert view["dealer_cards"] == RESULT["dealer_cards"]
        assert view["dealer_qualifies"] is True and view["dealer_category"] == "high_card"
        assert view["hands"][0]["cards"] == ["2S", "2H", "5C", "7D", "9S"]
        assert (view["hands"][1]["cards"] is None) is (viewer != "bo")
    assert shown_result({}, "ana") == {}
