"""Exact finite-shoe blackjack values against the published appendix for the same rules:
6 decks, dealer hits soft 17, no hole card, player loses everything to a dealer blackjack
(Wizard of Odds, Blackjack Appendix 9, values from a recursive combinatorial program)."""

import pytest

from croupier.analysis.blackjack_exact import ShoeAnalysis, analyze_blackjack, full_shoe, remove
from croupier.games.blackjack.rules import BlackjackRules
from croupier.shoe import ShoeSpec

RULES = BlackjackRules(
    shoe=ShoeSpec(6, cut_card=52),
    dealer_hits_soft17=True,
    double_loses_initial_only=False,
    split_loses_initial_only=False,
    surrender=False,
)

# (dealer up, player cards): (stand, hit, double), as published
PUBLISHED = {
    (1, (2, 1)): (-0.722356, -0.379910, -1.024099),
    (1, (3, 2)): (-0.721887, -0.529734, -1.443774),
    (1, (5, 4)): (-0.721243, -0.396287, -0.932671),
    (1, (6, 1)): (-0.665166, -0.463296, -0.999484),
    (1, (6, 5)): (-0.720879, -0.235772, -0.535879),
}


@pytest.mark.parametrize(("up", "hand"), sorted(PUBLISHED))
def test_hand_values_match_the_published_appendix(up, hand):
    a = ShoeAnalysis(RULES, full_shoe(6), up)
    x, y = hand
    s = remove(a.base, x, y)
    hard, soft = x + y, 1 in hand
    stand, hit, double = PUBLISHED[(up, hand)]
    assert a.stand(s, a.total(hard, soft)) == pytest.approx(stand, abs=1e-6)
    assert a.hit(s, hard, soft) == pytest.approx(hit, abs=1e-6)
    assert a.double(s, hard, soft, False) == pytest.approx(double, abs=1e-6)


def test_whole_game_is_close_to_the_published_return_and_basic_trails_optimal():
    report = analyze_blackjack(RULES, 6)
    # published expected return with re-splits to four hands: -0.0072705; croupier values
    # splits without re-splitting (documented), which costs the player about 0.05%
    assert report["house_edge_optimal"] == pytest.approx(0.0072705, abs=0.0006)
    assert report["house_edge_optimal"] > 0.0072705
    assert 0 < report["house_edge"] - report["house_edge_optimal"] < 0.0003
