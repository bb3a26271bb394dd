"""The stud evaluator's compiled kernels (Numba): the order-preserving key of a five-card hand by
Macau stud art. 8, the enumeration of every hand's key, and the batch ranker. Imported by
:mod:`croupier.games.stud.evaluator` when a table is first built or a batch ranked, never at
start (issue 32(3): a command that ranks no stud hand does not load Numba)."""

from __future__ import annotations

from math import comb
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

#: Index of the highest set bit of every 13-bit mask (-1 for 0).
HIGHBIT = np.array([-1] + [v.bit_length() - 1 for v in range(1, 1 << 13)], dtype=np.int64)
#: Colex binomials: COLEX[k][n] = C(n, k + 1).
COLEX = np.array([[comb(n, k) for n in range(52)] for k in range(1, 6)], dtype=np.int64)


@numba.njit(cache=True, inline="always")
def _add_card(
    c: int, seen1: int, seen2: int, seen3: int, seen4: int, suits: int
) -> tuple[int, int, int, int, int]:  # pragma: no cover (JIT)
    """Add a card to the rank-multiplicity masks (ranks seen once, twice, ...) and suit set."""
    bit = 1 << (c >> 2)
    return (
        seen1 | bit,
        seen2 | (seen1 & bit),
        seen3 | (seen2 & bit),
        seen4 | (seen3 & bit),
        (suits | (1 << (c & 3))),
    )


@numba.njit(cache=True, inline="always")
def _sparse_key(c0: int, c1: int, c2: int, c3: int, c4: int) -> int:  # pragma: no cover (JIT)
    """An order-preserving key of a five-card hand by art. 8 (strength << 20 | tie-break)."""
    s1, s2, s3, s4, su = _add_card(c0, 0, 0, 0, 0, 0)
    s1, s2, s3, s4, su = _add_card(c1, s1, s2, s3, s4, su)
    s1, s2, s3, s4, su = _add_card(c2, s1, s2, s3, s4, su)
    s1, s2, s3, s4, su = _add_card(c3, s1, s2, s3, s4, su)
    s1, s2, s3, s4, su = _add_card(c4, s1, s2, s3, s4, su)
    top = max(max(max(c0, c1), max(c2, c3)), c4)
    return _key_of_state(c0, c1, c2, c3, c4, s1, s2, s3, s4, su, top)


@numba.njit(cache=True, inline="always")
def _key_of_state(
    c0: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
    seen1: int,
    seen2: int,
    seen3: int,
    seen4: int,
    suits: int,
    top_card: int,
) -> int:  # pragma: no cover (JIT)
    """The art. 8 key from the hand's masks (see :func:`_add_card`) and its highest card."""
    cards = (c0, c1, c2, c3, c4)
    flush = (suits & (suits - 1)) == 0
    if seen2 == 0:  # five different ranks
        low = seen1 & -seen1
        straight_top = -1
        if seen1 == low * 31:
            straight_top = int(HIGHBIT[seen1])
        elif seen1 == 0b1_0000_0000_1111:  # A,5,4,3,2: the five-high straight (art. 4)
            straight_top = 3  # A-2-3-4-5: the five is the top card (art. 4(3))
        if flush:
            suit = c0 & 3
            if straight_top == 12:
                return (9 << 20) | suit  # royal flush, 8(1)
            if straight_top >= 0:
                return (8 << 20) | (straight_top << 2) | suit  # straight flush, 8(2)
            return (5 << 20) | (seen1 << 2) | suit  # flush, 8(5)
        if straight_top >= 0:
            suit = 0
            for c in cards:
                if (c >> 2) == straight_top:
                    suit = c & 3
            return (4 << 20) | (straight_top << 2) | suit  # straight, 8(6)
        return (seen1 << 2) | (top_card & 3)  # five odd cards, 8(10)
    if seen4:
        return (7 << 20) | (int(HIGHBIT[seen4]) << 2)  # four of a kind, 8(3)
    trips = seen3 & ~seen4
    pairs = seen2 & ~seen3
    if trips:
        if pairs:
            return (6 << 20) | (int(HIGHBIT[trips]) << 2)  # full house, 8(4)
        return (3 << 20) | (int(HIGHBIT[trips]) << 2)  # three of a kind, 8(7)
    singles = seen1 & ~seen2
    high = int(HIGHBIT[pairs])
    suit = 0
    for c in cards:
        if (c >> 2) == high:
            suit = max(suit, c & 3)
    if pairs & (pairs - 1):  # two pairs, 8(8)
        return (2 << 20) | (pairs << 6) | (int(HIGHBIT[singles]) << 2) | suit
    return (1 << 20) | (high << 15) | (singles << 2) | suit  # one pair, 8(9)


@numba.njit(cache=True)
def sparse_keys_all() -> npt.NDArray[np.int32]:  # pragma: no cover (JIT)
    """The key of every hand, in colex order: all 2,598,960 hands enumerated and ranked.

    The masks of the four larger cards are built once per inner loop; the innermost card is
    the smallest, and ``e`` the highest card of every hand in the loop."""
    out = np.empty(2598960, dtype=np.int32)
    i = 0
    for e in range(4, 52):
        e1, e2, e3, e4, es = _add_card(e, 0, 0, 0, 0, 0)
        for d in range(3, e):
            d1, d2, d3, d4, ds = _add_card(d, e1, e2, e3, e4, es)
            for c in range(2, d):
                c1, c2, c3, c4, cs = _add_card(c, d1, d2, d3, d4, ds)
                for b in range(1, c):
                    b1, b2, b3, b4, bs = _add_card(b, c1, c2, c3, c4, cs)
                    for a in range(b):
                        a1, a2, a3, a4, as_ = _add_card(a, b1, b2, b3, b4, bs)
                        out[i] = _key_of_state(a, b, c, d, e, a1, a2, a3, a4, as_, e)
                        i += 1
    return out


@numba.njit(cache=True)
def _rank_batch(
    hands: npt.NDArray[Any], table: npt.NDArray[np.uint16], colex: npt.NDArray[np.int64]
) -> npt.NDArray[np.uint16]:  # pragma: no cover (JIT)
    """Rank rows of five cards. Per chunk, first every table index (sorting network, colex),
    then every table read: the reads no longer wait on the arithmetic and overlap in memory."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    c1, c2, c3, c4, c5 = colex[0], colex[1], colex[2], colex[3], colex[4]
    chunk = 2048
    idx = np.empty(chunk, dtype=np.int64)
    for start in range(0, n, chunk):
        stop = min(start + chunk, n)
        for i in range(start, stop):
            a = np.int64(hands[i, 0])
            b = np.int64(hands[i, 1])
            c = np.int64(hands[i, 2])
            d = np.int64(hands[i, 3])
            e = np.int64(hands[i, 4])
            # sorting network for five (9 compare-exchanges)
            a, b = min(a, b), max(a, b)
            d, e = min(d, e), max(d, e)
            c, e = min(c, e), max(c, e)
            c, d = min(c, d), max(c, d)
            b, e = min(b, e), max(b, e)
            a, d = min(a, d), max(a, d)
            a, c = min(a, c), max(a, c)
            b, d = min(b, d), max(b, d)
            b, c = min(b, c), max(b, c)
            idx[i - start] = c1[a] + c2[b] + c3[c] + c4[d] + c5[e]
        for i in range(start, stop):
            out[i] = table[idx[i - start]]
    return out
