"""Monte Carlo Macau stud, compiled: a fresh one-deck shuffle per round (art. 3), the player's
hand and the dealer's ranked by the evaluator's table (art. 8), the raise decision read from the
strategy table the exact analysis builds (:func:`croupier.analysis.stud_exact.raise_table`),
qualification (art. 9(1)) and the raise paytable (art. 9(5)) from the rules."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.kernel_rng import below
from croupier.analysis.stud_exact import (
    dense_ranks,
    qualifying_hands,
    raise_multiples,
    raise_table,
)
from croupier.games.stud.evaluator import COLEX, build_tables


@numba.njit(cache=True)
def hand_index(
    cards: npt.NDArray[np.int64], colex: npt.NDArray[np.int64]
) -> int:  # pragma: no cover
    """Colex index of five cards (sorted in place)."""
    cards.sort()
    return int(
        colex[0, cards[0]]
        + colex[1, cards[1]]
        + colex[2, cards[2]]
        + colex[3, cards[3]]
        + colex[4, cards[4]]
    )


@numba.njit(cache=True)
def settle(
    player: int,
    dealer: int,
    qualifies: npt.NDArray[np.bool_],
    ranks: npt.NDArray[np.int64],
    category: npt.NDArray[np.int8],
    raises: npt.NDArray[np.bool_],
    mult: npt.NDArray[np.int64],
) -> int:  # pragma: no cover
    """Net result per ante of one hand against the dealer (art. 6(7), 9)."""
    if not raises[player]:
        return -1  # fold: the ante is lost
    if not qualifies[dealer]:  # art. 9(1), the engine's dealer_qualifies per hand
        return 1  # the dealer does not qualify: ante 1:1, raise returned
    if ranks[player] > ranks[dealer]:
        return 1 + 2 * int(mult[category[player]])
    if ranks[player] < ranks[dealer]:
        return -3
    return 0


@numba.njit(cache=True)
def simulate(
    seed: int,
    rounds: int,
    ranks: npt.NDArray[np.int64],
    category: npt.NDArray[np.int8],
    raises: npt.NDArray[np.bool_],
    mult: npt.NDArray[np.int64],
    colex: npt.NDArray[np.int64],
    qualifies: npt.NDArray[np.bool_],
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """[rounds, raises, sum of net results, sum of squares, then the raised hands of each
    category (10, for the jackpot of art. 10: a folded hand wins none)] per ante."""
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    deck = np.arange(52)
    hand = np.empty(5, dtype=np.int64)
    out = np.zeros(14, dtype=np.int64)
    for _ in range(rounds):
        for i in range(10):  # a partial Fisher-Yates: the ten cards dealt
            j = i + below(rng, 52 - i)
            deck[i], deck[j] = deck[j], deck[i]
        for k in range(5):
            hand[k] = deck[k]
        player = hand_index(hand, colex)
        if raises[player]:
            out[1] += 1
            out[4 + category[player]] += 1
        for k in range(5):
            hand[k] = deck[5 + k]
        dealer = hand_index(hand, colex)
        net = settle(player, dealer, qualifies, ranks, category, raises, mult)
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
        qualifying_hands(),
    )


def run_chunk(seed: int, rounds: int, arrays: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    result: npt.NDArray[np.int64] = simulate(seed, rounds, *arrays)
    return result
