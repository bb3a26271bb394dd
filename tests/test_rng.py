"""The shuffle is an unbiased Fisher-Yates; the seeded source is reproducible and uniform."""

import itertools

import numpy as np
import pytest
from scipy import stats

from croupier.rng import SeededRandomSource, SystemRandomSource, shuffle_in_place


class ScriptedSource:
    def __init__(self, draws):
        self.draws = list(draws)

    def fisher_yates_draws(self, n):
        return self.draws


def test_every_draw_sequence_gives_a_different_permutation():
    # For n items there are n! draw sequences (j_i in 0..i); an unbiased shuffle maps them
    # one-to-one onto the n! permutations, so uniform draws give uniform permutations.
    n = 5
    seen = set()
    for draws in itertools.product(*(range(i + 1) for i in range(n - 1, 0, -1))):
        items = list(range(n))
        shuffle_in_place(items, ScriptedSource(draws))
        seen.add(tuple(items))
    assert len(seen) == 120


def test_shuffle_refuses_out_of_range_draws():
    with pytest.raises(ValueError, match="outside"):
        shuffle_in_place([0, 1, 2], ScriptedSource([3, 0]))


def test_seeded_source_is_reproducible():
    a, b = list(range(52)), list(range(52))
    shuffle_in_place(a, SeededRandomSource(42))
    shuffle_in_place(b, SeededRandomSource(42))
    assert a == b
    c = list(range(52))
    shuffle_in_place(c, SeededRandomSource(43))
    assert a != c


def test_seeded_draws_are_in_range():
    draws = SeededRandomSource(1).fisher_yates_draws(416)
    assert len(draws) == 415
    assert all(0 <= j <= i for i, j in zip(range(415, 0, -1), draws, strict=True))


def test_system_source_draws_are_in_range():
    src = SystemRandomSource()
    draws = src.fisher_yates_draws(52)
    assert all(0 <= j <= i for i, j in zip(range(51, 0, -1), draws, strict=True))
    assert len(src.token(16)) == 16


def test_position_of_a_card_is_uniform_chi_square():
    """Chi-square on where card 0 lands over 26,000 seeded shuffles of a 52-card deck.

    Fixed seed: the result cannot flake. A biased shuffle (e.g. the naive "swap with any
    position" variant) fails this at p < 1e-6 with this many shuffles.
    """
    shuffles = 26_000
    src = SeededRandomSource(np.random.SeedSequence(20261122))
    counts = np.zeros((52, 52), dtype=np.int64)  # counts[card, position] for cards 0 and 51
    for _ in range(shuffles):
        deck = list(range(52))
        shuffle_in_place(deck, src)
        for position, card in enumerate(deck):
            counts[card, position] += 1
    for card in (0, 25, 51):
        _, p = stats.chisquare(counts[card])
        assert p > 0.001, (card, p)
    # every (card, position) cell is near shuffles/52 = 500
    assert counts.min() > 380 and counts.max() < 620


def _permutation_counts(shuffle, n, trials):
    index = {perm: k for k, perm in enumerate(itertools.permutations(range(n)))}
    counts = np.zeros(len(index), dtype=np.int64)
    for _ in range(trials):
        deck = list(range(n))
        shuffle(deck)
        counts[index[tuple(deck)]] += 1
    return counts


def test_every_permutation_is_equally_likely_chi_square():
    """All 24 orders of 4 cards over 24,000 seeded shuffles: chi-square, fixed seed."""
    src = SeededRandomSource(99)
    counts = _permutation_counts(lambda d: shuffle_in_place(d, src), 4, 24_000)
    _, p = stats.chisquare(counts)
    assert p > 0.001, p


def test_naive_shuffle_is_caught_by_the_same_statistic():
    """The permutation test has power: the classic biased shuffle (swap with any position,
    27 equally likely paths onto 6 orders for 3 cards) fails it."""
    rng = np.random.Generator(np.random.PCG64(7))

    def naive(deck):
        for i in range(len(deck)):
            j = int(rng.integers(0, len(deck)))
            deck[i], deck[j] = deck[j], deck[i]

    counts = _permutation_counts(naive, 3, 30_000)
    _, p = stats.chisquare(counts)
    assert p < 1e-6
