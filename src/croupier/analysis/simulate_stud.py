"""Monte Carlo Macau stud, compiled: a fresh one-deck shuffle per round (art. 3), the player's
hand and the dealer's ranked by the evaluator's table (art. 8), the raise decision read from the
strategy table the exact analysis builds (:func:`croupier.analysis.stud_exact.raise_table`),
qualification (art. 9(1)) and the raise paytable (art. 9(5)) from the rules."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.kernel_rng import bounded
from croupier.analysis.stud_exact import (
    dense_ranks,
    qualifying_hands,
    raise_multiples,
    raise_table,
)
from croupier.games.stud.evaluator import COLEX, build_tables

RANK_BITS = 22  # a hand's dense rank (2,598,960 hands: suits break every tie, art. 8(2))
CATEGORY_SHIFT = RANK_BITS
RAISES_BIT = 1 << (RANK_BITS + 4)  # the strategy raises this hand
QUALIFIES_BIT = 1 << (RANK_BITS + 5)  # a dealer holding it qualifies (art. 9(1))
RANK_MASK = (1 << RANK_BITS) - 1


def pack(
    ranks: npt.NDArray[np.int64],
    category: npt.NDArray[np.int8],
    raises: npt.NDArray[np.bool_],
    qualifies: npt.NDArray[np.bool_],
) -> npt.NDArray[np.int32]:
    """Everything a round reads about a hand in one 32-bit word per hand (rank, category,
    raise, qualification): one memory access per hand where four arrays cost four cache
    misses (issue 32(2))."""
    if int(ranks.max()) > RANK_MASK or int(category.max()) > 15:
        raise ValueError("ranks or categories too wide for the packed table")
    packed = (
        ranks.astype(np.int64)
        | (category.astype(np.int64) << CATEGORY_SHIFT)
        | np.where(raises, RAISES_BIT, 0)
        | np.where(qualifies, QUALIFIES_BIT, 0)
    )
    return packed.astype(np.int32)


@numba.njit(cache=True, inline="always")
def hand_index(
    a: int, b: int, c: int, d: int, e: int, colex: npt.NDArray[np.int64]
) -> int:  # pragma: no cover
    """Colex index of five cards, sorted in registers by a nine-comparator network."""
    if a > b:
        a, b = b, a
    if d > e:
        d, e = e, d
    if c > e:
        c, e = e, c
    if c > d:
        c, d = d, c
    if a > d:
        a, d = d, a
    if a > c:
        a, c = c, a
    if b > e:
        b, e = e, b
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return int(colex[0, a] + colex[1, b] + colex[2, c] + colex[3, d] + colex[4, e])


@numba.njit(cache=True, inline="always")
def settle(player: int, dealer: int, mult: npt.NDArray[np.int64]) -> int:  # pragma: no cover
    """Net result per ante of one hand against the dealer (art. 6(7), 9), from the two
    hands' packed words."""
    if not player & RAISES_BIT:
        return -1  # fold: the ante is lost
    if not dealer & QUALIFIES_BIT:  # art. 9(1), the engine's dealer_qualifies per hand
        return 1  # the dealer does not qualify: ante 1:1, raise returned
    mine = player & RANK_MASK
    theirs = dealer & RANK_MASK
    if mine > theirs:
        return 1 + 2 * int(mult[(player >> CATEGORY_SHIFT) & 15])
    if mine < theirs:
        return -3
    return 0


@numba.njit(cache=True)
def simulate(
    seed: int,
    rounds: int,
    packed: npt.NDArray[np.int32],
    mult: npt.NDArray[np.int64],
    colex: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """[rounds, raises, sum of net results, sum of squares, then the raised hands of each
    category (10, for the jackpot of art. 10: a folded hand wins none)] per ante."""
    state = np.uint64(seed)  # the generator's state, in a register (kernel_rng.bounded)
    deck = np.arange(52)
    out = np.zeros(14, dtype=np.int64)
    for _ in range(rounds):
        for i in range(10):  # a partial Fisher-Yates: the ten cards dealt
            state, j = bounded(state, 52 - i)
            j += i
            deck[i], deck[j] = deck[j], deck[i]
        player = packed[hand_index(deck[0], deck[1], deck[2], deck[3], deck[4], colex)]
        dealer = packed[hand_index(deck[5], deck[6], deck[7], deck[8], deck[9], colex)]
        if player & RAISES_BIT:
            out[1] += 1
            out[4 + ((player >> CATEGORY_SHIFT) & 15)] += 1
        net = settle(player, dealer, mult)
        out[0] += 1
        out[2] += net
        out[3] += net * net
    return out


def stud_arrays(royal: int, strategy: str, order_name: str) -> tuple[Any, ...]:
    """The kernel's tables: the packed word of every hand, the raise multiples, colex."""
    tables = build_tables()
    category = tables.category[tables.rank]
    packed = pack(
        dense_ranks(order_name),
        category,
        raise_table(royal, strategy, order_name),
        qualifying_hands(),
    )
    return packed, raise_multiples(royal), COLEX


def run_chunk(seed: int, rounds: int, arrays: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    result: npt.NDArray[np.int64] = simulate(seed, rounds, *arrays)
    return result
