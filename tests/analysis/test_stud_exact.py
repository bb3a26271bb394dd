"""Exact stud figures: the counting method against a brute force, and the published US
Caribbean Stud figures (ties push) before the Macau order is applied."""

import itertools
from fractions import Fraction

import numpy as np
import pytest

from croupier.analysis.stud_exact import DEALER_HANDS, _hand_cards, analyze_stud, stud_counts
from croupier.cards import parse_cards
from croupier.games.stud.evaluator import COLEX, HANDS, build_tables, rank5

# Wizard of Odds, Caribbean Stud Poker, "Strategy Statistics": total loss over all
# 19,933,230,517,200 combinations (player hand, dealer hand, dealer up card), US pay table.
COMBINATIONS = HANDS * DEALER_HANDS * 5
assert COMBINATIONS == 19_933_230_517_200
PUBLISHED_LOSS = {"pair": 1_090_272_101_460, "ak": 1_132_600_203_540}
PERFECT_LOSS = 1_041_372_912_372  # "perfect strategy" (own cards and the dealer's up card)
AKJ83_LOSS = 1_059_715_400_580  # "raise on ace/king/jack/8/3 or better": 5.316%


def loss(report):
    n, d = map(int, report["house_edge_ante_exact"].split("/"))
    return Fraction(n, d) * COMBINATIONS


@pytest.mark.parametrize("strategy", sorted(PUBLISHED_LOSS))
def test_us_rules_match_the_published_total_loss_to_the_unit(strategy):
    assert loss(analyze_stud(100, strategy, "us")) == PUBLISHED_LOSS[strategy]


def test_best_own_hand_strategy_beats_the_published_rule_of_thumb_by_a_hair():
    best = loss(analyze_stud(100, "own", "us"))
    assert best < AKJ83_LOSS and (AKJ83_LOSS - best) / COMBINATIONS < 0.00001
    report = analyze_stud(100, "own", "us")
    assert report["house_edge_ante"] == pytest.approx(0.05316, abs=0.00001)
    assert report["element_of_risk"] == pytest.approx(0.02596, abs=0.00001)


def test_counts_agree_with_a_brute_force_over_every_dealer_hand():
    counts = stud_counts("macau")
    ranks = build_tables().rank
    category = build_tables().category[ranks]
    for text in ["2H 6H 8H TH QH", "9S 9D AC 3C 2S", "AS KD 7C 5H 3D"]:
        hand = parse_cards(text)
        index = sum(COLEX[k][c] for k, c in enumerate(sorted(hand)))
        rest = [c for c in range(52) if c not in hand]
        rows = np.array(list(itertools.combinations(rest, 5)), dtype=np.int64)
        idx = sum(COLEX[k][rows[:, k]] for k in range(5))
        r = ranks[idx]
        rr = rows >> 2
        qualifies = (category[idx] > 0) | ((rr == 12).any(axis=1) & (rr == 11).any(axis=1))
        mine = rank5(hand)
        assert int(counts.nonqualifying[index]) == int((~qualifies).sum())
        assert int(counts.qualifying_below[index]) == int((qualifies & (r < mine)).sum())
        assert int(counts.ties[index]) == 0 == int((qualifies & (r == mine)).sum())


def test_the_macau_order_never_ties_and_changes_the_edge_only_slightly():
    counts = stud_counts("macau")
    assert int(counts.ties.sum()) == 0
    macau = analyze_stud(100, "own", "macau")["house_edge_ante"]
    us = analyze_stud(100, "own", "us")["house_edge_ante"]
    assert abs(macau - us) < 0.0005


def test_royal_payout_option_changes_the_edge():
    assert (
        analyze_stud(50, "pair")["house_edge_ante"] > analyze_stud(100, "pair")["house_edge_ante"]
    )


def test_every_hand_is_counted():
    cards = _hand_cards()
    assert cards.shape == (HANDS, 5) and (np.diff(cards, axis=1) > 0).all()


def test_optimal_strategy_with_the_up_card_matches_the_published_perfect_strategy():
    from croupier.analysis.stud_upcard import analyze_upcard

    report = analyze_upcard(100, "us")
    assert loss(report) == PERFECT_LOSS
    assert report["house_edge_ante"] == pytest.approx(0.05224, abs=0.00001)
    assert report["element_of_risk"] == pytest.approx(0.02555, abs=0.00001)
    macau = analyze_upcard(100, "macau")
    assert abs(macau["house_edge_ante"] - report["house_edge_ante"]) < 0.0005
    assert abs(sum(r["probability"] for r in macau["return_table"]) - 1) < 1e-12
