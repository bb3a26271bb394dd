"""The dealer's final distribution for one finite shoe, compiled: the recursion over the dealer's
drawing orders (:func:`dealer_distribution`, the plainest form, against which the tests hold
the others) and the sum over the dealer's multisets of draws
(:func:`dealer_distribution_fast`), which the reference analysis
(:mod:`croupier.analysis.blackjack_reference`) reads. Numba compiles them on first use; the
command line's analysis never imports this module (its solver sums in C)."""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.blackjack_dealer import BJ, BUST, dealer_hands
from croupier.analysis.blackjack_shoe import Shoe
from croupier.games.blackjack.dealer import draw_table


# Not cached on disk: Numba's cache cannot safely reload a self-recursive function.
@numba.njit(cache=False)
def _dealer(
    s: npt.NDArray[np.int64],
    n: int,
    hard: int,
    ace: bool,
    six: bool,
    cards: int,
    table: npt.NDArray[np.int64],
    out: npt.NDArray[np.float64],
    p: float,
) -> None:  # pragma: no cover
    soft = ace and hard <= 11
    total = hard + 10 if soft else hard
    if cards == 2 and total == 21:
        out[BJ] += p
        return
    if total > 21:
        out[BUST] += p
        return
    if not table[(hard * 2 + ace) * 2 + six]:  # art. 6(1), 6(6): games/blackjack/dealer.py
        out[total - 17] += p
        return
    for v in range(10):
        c = s[v]
        if c == 0:
            continue
        s[v] = c - 1
        _dealer(
            s, n - 1, hard + v + 1, ace or v == 0, six or v == 5, cards + 1, table, out, p * c / n
        )
        s[v] = c


def dealer_distribution(s: npt.NDArray[np.int64], up: int, reading: str) -> npt.NDArray[np.float64]:
    """P(17), ..., P(21), P(bust), P(blackjack) for up card value ``up`` (1..10), the shoe
    ``s`` the dealer draws from (up card already removed) and a reading of art. 6(6), the
    dealer drawing card by card."""
    out = np.zeros(7)
    table = np.array(draw_table(reading), dtype=np.int64)
    _dealer(
        np.array(s, dtype=np.int64).copy(), int(np.sum(s)), up, up == 1, up == 6, 1, table, out, 1.0
    )
    return out


@numba.njit(cache=True)
def _distribution_from_hands(
    s: npt.NDArray[np.int64],
    draws: npt.NDArray[np.int64],
    orders: npt.NDArray[np.float64],
    outcomes: npt.NDArray[np.int64],
) -> npt.NDArray[np.float64]:  # pragma: no cover
    n = s.sum()
    falling = np.ones((10, 16))  # falling[v, k] = s_v (s_v - 1) ... (s_v - k + 1)
    for v in range(10):
        for k in range(1, 16):
            falling[v, k] = falling[v, k - 1] * (s[v] - k + 1)
    total_falling = np.ones(16)
    for k in range(1, 16):
        total_falling[k] = total_falling[k - 1] * (n - k + 1)
    out = np.zeros(7)
    for i in range(draws.shape[0]):
        p = orders[i]
        k = 0
        for v in range(10):
            d = draws[i, v]
            if d:
                p *= falling[v, d]
                k += d
        out[outcomes[i]] += p / total_falling[k]
    return out


def dealer_distribution_fast(s: Shoe, up: int, soft17: str) -> npt.NDArray[np.float64]:
    """The dealer's final distribution for a shoe, from the precomputed multisets."""
    draws, orders, outcomes = dealer_hands(up, soft17)
    result: npt.NDArray[np.float64] = _distribution_from_hands(
        np.array(s, dtype=np.int64), draws, orders, outcomes
    )
    return result
