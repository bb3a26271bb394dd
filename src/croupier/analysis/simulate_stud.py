"""Monte Carlo Macau stud, compiled: a fresh one-deck shuffle per round (art. 3), the player's
hand and the dealer's ranked by the evaluator's table (art. 8), the raise decision read from the
strategy table the exact analysis builds (:func:`croupier.analysis.stud_exact.raise_table`),
qualification (art. 9(1)) and the raise paytable (art. 9(5)) from the rules. ``croupier
simulate`` runs the C kernel built at install (``_stud_simulate.c``, through
:mod:`croupier.analysis.stud_chunk`), which plays the same rounds; this one runs where no C
compiler built it, and the tests hold the two together."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.kernel_rng import bounded
from croupier.analysis.stud_packed import (
    CATEGORY_SHIFT,
    QUALIFIES_BIT,
    RAISES_BIT,
    RANK_MASK,
)


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


def run_chunk(seed: int, rounds: int, arrays: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    result: npt.NDArray[np.int64] = simulate(seed, rounds, *arrays)
    return result
