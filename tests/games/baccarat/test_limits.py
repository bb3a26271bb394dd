"""Bet validation: each refusal names the field and the rule, and changes nothing."""

import pytest

from croupier.errors import RuleViolation
from croupier.games.baccarat.round import BaccaratRound
from croupier.shoe import StackedCards
from tests.games.baccarat.conftest import rules_of


def _round(name, **overrides):
    return BaccaratRound(rules_of(name, **overrides), StackedCards([]))


def refused(rnd, bet, field, rule_text, message_text=""):
    before_bets, before_log = rnd.bets, list(rnd.log)
    with pytest.raises(RuleViolation) as info:
        rnd.place_bet(*bet)
    err = info.value
    assert err.field == field
    assert rule_text in err.rule, err.rule
    assert message_text in err.message, err.message
    assert str(err).startswith(f"{field}: ")
    assert rnd.bets == before_bets and rnd.log == before_log  # nothing changed
    assert not rnd.can_place_bet(*bet)
    return err


@pytest.mark.cites("macau-baccarat-2009", "art. 13")
def test_unoffered_bet_art_13():
    rnd = _round("macau-2004")
    refused(rnd, ("a", "dragon7", 100), "bet", "Macau baccarat art. 13", "not offered")


@pytest.mark.cites("pt-812-2015", "rule 9", "rule 10")
@pytest.mark.cites("pt-812-2015", "rule 9")
def test_unoffered_bet_pt_rules_9_10():
    refused(_round("pt-ponto-banca-2015"), ("a", "dragon7", 100), "bet", "rules 9-10")


@pytest.mark.parametrize("amount", [0, -100, 1.5, True, "100"])
def test_stake_must_be_a_positive_whole_number(amount):
    refused(_round("macau-2009"), ("a", "player", amount), "amount", "positive whole number")


@pytest.mark.cites("macau-baccarat-2004", "art. 14")
def test_table_minimum_and_maximum():
    rules = {"table.minimum_bet": 1000, "table.maximum_bet": 5000}
    rnd = _round("macau-2009", **rules)
    refused(rnd, ("a", "player", 900), "amount", "art. 14", "below the minimum")
    refused(rnd, ("a", "player", 5100), "amount", "art. 14", "above the maximum")
    rnd.place_bet("a", "player", 5000)
    # adding to an existing bet is checked on the total
    refused(rnd, ("a", "player", 100), "amount", "art. 14", "above the maximum")


@pytest.mark.cites("macau-baccarat-2004", "art. 14")
def test_a_bet_added_to_stands_at_its_total_and_is_limited_on_it():
    """Two placements on one kind are one bet of their sum: it stands at 5,000 (the maximum,
    accepted), and a third placement is judged on 5,100 (refused)."""
    rnd = _round("macau-2009", **{"table.minimum_bet": 1000, "table.maximum_bet": 5000})
    rnd.place_bet("a", "player", 2000)
    rnd.place_bet("a", "player", 3000)
    assert [(b.bettor, b.kind, b.amount) for b in rnd.bets] == [("a", "player", 5000)]
    refused(rnd, ("a", "player", 100), "amount", "art. 14", "above the maximum")
    assert rnd.bets_of("a") == {"player": 5000}


@pytest.mark.cites("macau-baccarat-2004", "art. 14")
def test_per_bet_limit_override():
    rnd = _round("macau-2009")  # macau-2004 preset: tie maximum 37,500.00 (override of 100)
    refused(rnd, ("a", "tie", 3750100), "amount", "art. 14", "above the maximum")


def test_amount_must_be_a_multiple_of_the_table_unit():
    # a minimum of 10.00 keeps the commission of the smallest Banker bet above the unit (50)
    rules = rules_of(
        "pt-ponto-banca-2015", **{"table.rounding_unit": 50, "table.minimum_bet": 1000}
    )
    rnd = BaccaratRound(rules, StackedCards([]))
    refused(rnd, ("a", "player", 1020), "amount", "rule 14", "multiple of the table unit")


@pytest.mark.cites("pt-812-2015", "rule 15")
@pytest.mark.parametrize(
    ("kind", "amount", "rule"),
    [
        ("player", 7001, "rule 15(a)"),
        ("banker", 7001, "rule 15(a)"),
        ("tie", 1501, "rule 15(b)"),
        ("player_pair", 801, "rule 15(c)"),
        ("banker_pair", 801, "rule 15(c)"),
    ],
)
def test_portuguese_maxima_rule_15(kind, amount, rule):
    rnd = _round("pt-ponto-banca-2015")  # minimum 1.00 EUR = 100
    refused(rnd, ("a", kind, amount), "amount", rule, "x the minimum bet")
    rnd.place_bet("a", kind, amount - 1)  # the maximum itself is allowed


@pytest.mark.cites("pt-812-2015", "rule 15", "rule 39", "rule 40")
def test_rule_15_does_not_apply_to_ponto_e_banca_macau_rule_39():
    """Rule 39: Ponto e Banca/Macau follows the rules of Ponto e Banca "com exceção da regra
    n.º 15" (except rule 15): the same bet one unit over rule 15's 70x is refused at a Ponto e
    Banca table and taken at a Ponto e Banca/Macau one."""
    rnd = _round("pt-ponto-banca-macau-2015", **{"table.max_payout_per_round": 0})
    rnd.place_bet("a", "player", 1_000_000)  # unlimited (rule 40)
    rnd.place_bet("a", "tie", 500_000)
    macau = _round("pt-ponto-banca-macau-2015", **{"table.max_payout_per_round": 0})
    macau.place_bet("a", "player", 7001)
    ponto = _round("pt-ponto-banca-2015")  # minimum 1.00 EUR: at most 70.00
    refused(ponto, ("a", "player", 7001), "amount", "rule 15(a)", "x the minimum bet")
    ponto.place_bet("a", "player", 7000)


@pytest.mark.cites("pt-812-2015", "rule 13")
def test_both_sides_must_differ_by_the_minimum_rule_13():
    rnd = _round("pt-ponto-banca-2015")
    rnd.place_bet("a", "player", 500)
    refused(rnd, ("a", "banker", 450), "amount", "rule 13", "differ by at least")
    rnd.place_bet("a", "banker", 400)  # difference 100 = the minimum
    rnd.place_bet("b", "banker", 500)  # another player's bets are not counted


@pytest.mark.cites("pt-812-2015", "rule 13")
def test_rule_13_also_at_ponto_e_banca_macau():
    rnd = _round("pt-ponto-banca-macau-2015")
    rnd.place_bet("a", "banker", 300)
    refused(rnd, ("a", "player", 250), "amount", "rule 13")


@pytest.mark.cites("pt-812-2015", "rule 13")
def test_macau_land_rules_have_no_rule_13():
    rnd = _round("macau-2009")
    rnd.place_bet("a", "player", 500)
    rnd.place_bet("a", "banker", 500)


@pytest.mark.cites("pt-812-2015", "rule 42", "rule 43")
@pytest.mark.cites("pt-812-2015", "rule 41")
def test_table_wide_limits_rules_41_43():
    # maximum payout 10,000.00 EUR = 1,000,000
    rnd = _round("pt-ponto-banca-macau-2015")
    rnd.place_bet("a", "player", 1_000_000)
    refused(rnd, ("b", "player", 100), "amount", "rules 41-43(a)", "differ by more than")
    rnd.place_bet("b", "banker", 300_000)
    rnd.place_bet("c", "player", 300_000)  # |1.3M - 0.3M| = 1M: allowed
    refused(rnd, ("d", "tie", 100_100), "amount", "rules 42, 43(b)", "10% of the maximum payout")
    rnd.place_bet("d", "tie", 100_000)
    rnd.place_bet("e", "player_pair", 50_000)
    refused(rnd, ("f", "banker_pair", 30_100), "amount", "rules 42, 43(c)", "8% of the maximum")
    rnd.place_bet("f", "banker_pair", 30_000)


def test_withdrawal_that_would_break_a_table_limit_is_refused():
    rnd = _round("pt-ponto-banca-macau-2015")
    rnd.place_bet("a", "player", 1_000_000)
    rnd.place_bet("b", "banker", 500_000)
    rnd.place_bet("c", "player", 400_000)
    with pytest.raises(RuleViolation, match="43"):
        rnd.withdraw_bet("b", "banker")
    assert len(rnd.bets) == 3


@pytest.mark.cites("pt-812-2015", "rule 27")
def test_bets_refused_once_closed_rule_27():
    rnd = _round("pt-ponto-banca-2015")
    rnd.close_betting()
    refused(rnd, ("a", "player", 100), "phase", "rule 27", "closed")
