"""The dealer's hands for the exact blackjack analysis (no hole card, the second card drawn
after the players): for an up card and a reading of art. 6(6), every multiset of cards the
dealer can draw to a final hand (17..21, bust, blackjack), with its number of drawing orders.
Any order of a multiset is as likely as any other on a finite shoe (a ratio of falling
factorials), so a shoe's distribution is a weighted sum over these: the solver's C kernel sums
them for thousands of shoes at once (:func:`sparse_dealer_hands`), the reference for one
(:mod:`croupier.analysis.blackjack_dealer_kernels`). The drawing rule is art. 6(1), 6(6) as
games/blackjack/dealer.py reads it.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.games.blackjack.dealer import draws as dealer_draws

BUST, BJ = 5, 6


@cache
def dealer_hands(
    up: int, soft17: str
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Every multiset of cards the dealer can draw to a final hand from up card ``up``: its
    draw counts per value, its number of valid drawing orders and its outcome.

    Counted level by level (one more card each): the orders reaching a multiset still drawing
    pass on to each multiset one card larger; a multiset whose hand stops keeps its count."""
    found: dict[tuple[int, ...], tuple[int, int]] = {}
    level: dict[tuple[int, ...], int] = {(0,) * 10: 1}
    while level:
        grown: dict[tuple[int, ...], int] = {}
        for drawn, orders in level.items():
            for v in range(10):
                key = (*drawn[:v], drawn[v] + 1, *drawn[v + 1 :])
                grown[key] = grown.get(key, 0) + orders
        level = {}
        for key, orders in grown.items():
            outcome = _outcome(up, key, soft17)
            if outcome < 0:
                level[key] = orders
            else:
                found[key] = (orders, outcome)
    keys = list(found)
    draws = np.array(keys, dtype=np.int64)
    counts = np.array([found[k][0] for k in keys], dtype=np.float64)
    outcomes = np.array([found[k][1] for k in keys], dtype=np.int64)
    return draws, counts, outcomes


def _outcome(up: int, drawn: tuple[int, ...], soft17: str) -> int:
    """The outcome of the dealer's hand of up card ``up`` and ``drawn`` (counts per value), or
    -1 while the dealer draws (art. 6(1), 6(6): games/blackjack/dealer.py)."""
    hard = up + sum((v + 1) * c for v, c in enumerate(drawn))
    ace = up == 1 or drawn[0] > 0
    total = hard + 10 if ace and hard <= 11 else hard
    if sum(drawn) == 1 and total == 21:
        return BJ
    if total > 21:
        return BUST
    if dealer_draws(hard, ace, up == 6 or drawn[5] > 0, soft17):
        return -1
    return total - 17


@cache
def sparse_dealer_hands(up: int, soft17: str) -> tuple[npt.NDArray[Any], ...]:
    """:func:`dealer_hands` as the solver reads it: per multiset its values and counts (the
    nonzero ones, padded), how many there are, its number of cards, orders and outcome."""
    draws, orders, outcomes = dealer_hands(up, soft17)
    nonzero = draws > 0
    lengths = nonzero.sum(axis=1)
    width = max(1, int(lengths.max()))
    # each row's nonzero values first, in order (a stable sort of "is zero"), then padding
    order = np.argsort(~nonzero, axis=1, kind="stable")[:, :width]
    padding = np.arange(width)[None, :] >= lengths[:, None]
    values = np.where(padding, 0, order).astype(np.int64)
    counts = np.where(padding, 0, np.take_along_axis(draws, order, axis=1)).astype(np.int64)
    return values, counts, lengths.astype(np.int64), draws.sum(axis=1), orders, outcomes
