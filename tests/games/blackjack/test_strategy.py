"""Basic strategy, computed for a ruleset (infinite deck): the dealer's probabilities against
published figures, and the chart's well-known plays."""

import pytest

from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BJ, BUST, BasicStrategy, dealer_outcomes

# Infinite-deck dealer outcome probabilities, dealer stands on soft 17, no hole card (the
# published tables, e.g. Griffin, "The Theory of Blackjack", and the Wizard of Odds appendix).
PUBLISHED_S17 = {
    2: {17: 0.139809, 18: 0.134907, 19: 0.129655, 20: 0.124026, 21: 0.117993, BUST: 0.353608},
    6: {17: 0.165438, 18: 0.106267, 19: 0.106267, 20: 0.101715, 21: 0.097165, BUST: 0.423149},
    10: {BJ: 0.076923},
    1: {BJ: 0.307692, BUST: 0.115286},
}


@pytest.mark.parametrize("up", sorted(PUBLISHED_S17))
def test_dealer_probabilities_match_the_published_tables(up):
    dist = dealer_outcomes(up, "stands")
    for outcome, p in PUBLISHED_S17[up].items():
        assert dist[outcome] == pytest.approx(p, abs=5e-6)
    assert sum(dist.values()) == pytest.approx(1.0)


def test_hitting_soft_17_makes_the_dealer_bust_more_with_an_ace_or_six_up():
    assert dealer_outcomes(6, "any")[BUST] > dealer_outcomes(6, "stands")[BUST]
    assert dealer_outcomes(2, "any")[17] < dealer_outcomes(2, "stands")[17]


def test_standing_16_against_a_ten_is_worth_the_published_minus_0_5404():
    # conditional on no dealer blackjack (the US peek figure), then with the no-hole-card loss
    strategy = BasicStrategy(BlackjackRules())
    assert strategy._stand(16, 10) == pytest.approx(-0.540400, abs=5e-5)
    advice = strategy.advise([10, 6], 10, {"stand"})
    assert advice.values["stand"] == pytest.approx(-1 / 13 + 12 / 13 * -0.5404, abs=1e-4)


def test_chart_well_known_plays():
    chart = BasicStrategy(BlackjackRules()).chart()
    hard, soft, pairs = chart["hard"], chart["soft"], chart["pairs"]
    assert all(hard["17"][u] == "S" for u in range(1, 11))
    assert all(hard["8"][u] == "H" for u in range(1, 11))
    assert [hard["12"][u] for u in (2, 3, 4, 5, 6)] == ["H", "H", "S", "S", "S"]
    assert all(hard["11"][u] == "D" for u in range(2, 10))
    assert all(pairs["A-A"][u] == "P" for u in range(1, 11))
    assert all(pairs["10-10"][u] == "S" for u in range(1, 11))
    assert [pairs["8-8"][u] for u in range(2, 10)] == ["P"] * 8
    assert hard["16"][10] == "R" and hard["15"][10] == "R"  # surrender before the hole card
    assert soft["A8"][2] == "S" and soft["A7"][9] == "H"


def test_soft_17_rule_changes_the_soft_18_double_against_a_two():
    h17 = BasicStrategy(BlackjackRules(soft17="any")).chart()
    s17 = BasicStrategy(BlackjackRules(soft17="stands")).chart()
    assert h17["soft"]["A7"][2] == "D" and s17["soft"]["A7"][2] == "S"


def test_without_the_original_bets_rule_doubling_against_a_ten_is_worse():
    obo = BasicStrategy(BlackjackRules())
    full = BasicStrategy(BlackjackRules(double_loses_initial_only=False))
    legal = {"hit", "stand", "double"}
    assert (
        obo.advise([5, 6], 10, legal).values["double"]
        > full.advise([5, 6], 10, legal).values["double"]
    )
    assert obo.advise([5, 6], 10, legal).cost("hit") >= 0
