"""Monte Carlo Macau stud, compiled: a fresh one-deck shuffle per round (art. 3), the player's
hand and the dealer's ranked by the evaluator's table (art. 8), the raise decision read from the
strategy table the exact analysis builds (:func:`croupier.analysis.stud_exact.raise_table`),
qualification (art. 9(1)) and the raise paytable (art. 9(5)) from the rules."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.stud_exact import dense_ranks, raise_multiples, raise_table
from croupier.games.stud.evaluator import COLEX, build_tables


@numba.njit(cache=True)
def simulate(
    seed: int,
    rounds: int,
    ranks: npt.NDArray[np.int64],
    category: npt.NDArray[np.int8],
    raises: npt.NDArray[np.bool_],
    mult: npt.NDArray[np.int64],
    colex: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """[rounds, raises, sum of net results, sum of squares] per ante, over ``rounds`` rounds."""
    np.random.seed(seed)
    deck = np.arange(52)
    hand = np.empty(5, dtype=np.int64)
    idx = np.empty(2, dtype=np.int64)
    out = np.zeros(4, dtype=np.int64)
    for _ in range(rounds):
        for i in range(10):  # a partial Fisher-Yates: the ten cards dealt
            j = np.random.randint(i, 52)
            deck[i], deck[j] = deck[j], deck[i]
        ace_king = False
        for who in range(2):
            for k in range(5):
                hand[k] = deck[5 * who + k]
            hand.sort()
            idx[who] = (
                colex[0, hand[0]]
                + colex[1, hand[1]]
                + colex[2, hand[2]]
                + colex[3, hand[3]]
                + colex[4, hand[4]]
            )
            if who == 1:
                ace_king = (hand[4] >> 2) == 12 and ((hand[3] >> 2) == 11)
        player, dealer = idx[0], idx[1]
        if not raises[player]:
            net = -1
        else:
            out[1] += 1
            qualifies = category[dealer] > 0 or ace_king
            if not qualifies:
                net = 1
            elif ranks[player] > ranks[dealer]:
                net = 1 + 2 * mult[category[player]]
            elif ranks[player] < ranks[dealer]:
                net = -3
            else:
                net = 0
        out[0] += 1
        out[2] += net
        out[3] += net * net
    return out


def stud_arrays(royal: int, strategy: str, order_name: str) -> tuple[Any, ...]:
    tables = build_tables()
    category = tables.category[tables.rank]
    return (
        dense_ranks(order_name),
        category,
        raise_table(royal, strategy, order_name),
        raise_multiples(royal),
        COLEX,
    )


def run_chunk(seed: int, rounds: int, arrays: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    result: npt.NDArray[np.int64] = simulate(seed, rounds, *arrays)
    return result
