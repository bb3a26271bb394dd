"""Exact jackpot hit probabilities (Despacho 2/2009 art. 13) against a brute force over every
card sequence of small shoes, dealt and judged by the engine itself."""

import functools
import itertools
from collections import Counter

import pytest

from croupier.analysis.baccarat_exact import Composition
from croupier.analysis.baccarat_jackpot import jackpot_odds
from croupier.cards import parse_cards
from croupier.games.baccarat.coup import deal_coup
from croupier.games.baccarat.jackpot import COMBINATIONS, detect
from croupier.shoe import StackedCards


def composition_of(cards):
    ranks = [0] * 13
    suits = [[0, 0, 0, 0] for _ in range(13)]
    for c in cards:
        ranks[c >> 2] += 1
        suits[c >> 2][c & 3] += 1
    return Composition(tuple(ranks), tuple(tuple(s) for s in suits))


@functools.cache
def brute_force(shoe):
    """Counts per reading of A.iv ("rank", "points") and modality, over every sequence."""
    counts = {(by, m): Counter() for by in ("rank", "points") for m in "ABC"}
    for seq in itertools.permutations(parse_cards(shoe), 6):
        coup = deal_coup(StackedCards(list(seq)).draw)
        for m in "BC":
            hit = detect(coup, m)
            counts[("rank", m)][hit] += 1
            counts[("points", m)][hit] += 1
        for by in ("rank", "points"):
            counts[(by, "A")][detect(coup, "A", by)] += 1
    return counts


SHOES = [
    "AS KS QS JS TS AH 5D 5C 5H 5S",  # royal flush, paradise straight, four and three of a kind
    "2S 2C 2S 2C 2S 2C 2H 3S 3C 3H",  # six of a kind of one colour or not, five, double three
    "JS JH QD QC 4S 4H 9D 9C 9S KD",  # double pairs of equal points (J-J, Q-Q) and not
]


@pytest.mark.parametrize("shoe", SHOES)
@pytest.mark.parametrize("double_pairs_by", ["rank", "points"])
def test_jackpot_odds_agree_with_a_brute_force(shoe, double_pairs_by):
    cards = parse_cards(shoe)
    odds = jackpot_odds(composition_of(cards))
    assert odds.total == 10 * 9 * 8 * 7 * 6 * 5
    counts = brute_force(shoe)
    for modality in "ABC":
        for name, _, _ in COMBINATIONS[modality]:
            exact = odds.probability(modality, name, double_pairs_by) * odds.total
            assert exact == counts[(double_pairs_by, modality)][name], (modality, name)


def test_eight_deck_hit_rates_by_hand_calculation():
    odds = jackpot_odds(Composition.full(8))
    from fractions import Fraction

    # Modality A four of a kind: the first four cards of one rank
    assert odds.probability("A", "four_of_a_kind") == Fraction(
        13 * 32 * 31 * 30 * 29, 416 * 415 * 414 * 413
    )
    # Modality C: six of one colour is the six-of-a-kind count times the chance of one colour
    six = odds.probability("B", "six_of_a_kind")
    colour = Fraction(2 * 16 * 15 * 14 * 13 * 12 * 11, 32 * 31 * 30 * 29 * 28 * 27)
    assert odds.probability("C", "six_of_a_kind_same_colour") == six * colour
