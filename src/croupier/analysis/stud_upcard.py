"""Exact stud odds for a player who also sees the dealer's face-up card (art. 7): the optimal
strategy of the game.

The walk of :mod:`croupier.analysis.stud_exact` with one more dimension: for every card subset
``S`` of size 0..4 a row of 52 counters holds how many hands walked so far contain ``S`` and the
card ``u``. For a player hand ``P`` the hands walked that contain ``u`` and share no card with
``P`` number ``sum over S of P (|S| <= 4) of (-1)^|S| row[S][u]``: 31 rows of 52 counts give the
answer for every possible up card at once. A first walk up to the qualification threshold keeps
a snapshot for the non-qualifying counts. For each (player hand, up card) the player raises when
raising is worth more than the ante folded; the totals are exact integers over all
2,598,960 x 47 x C(46,4) deals.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.stud_exact import _hand_cards, qualifying_hands, raise_multiples
from croupier.games.stud.evaluator import HANDS, build_tables, sparse_keys_all
from croupier.games.stud.hands import CATEGORIES

DEALER_GIVEN_UP = comb(46, 4)  # 163,185 dealer hands for a known up card


@numba.njit(cache=True)
def _subsets(
    cards: npt.NDArray[np.int8], colex: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover
    """Per hand, the colex index and size of its 31 subsets of size 0..4 (mask order)."""
    n = cards.shape[0]
    idx = np.empty((n, 31), dtype=np.int64)
    size = np.empty(31, dtype=np.int64)
    col = 0
    for mask in range(32):
        k = 0
        for j in range(5):
            k += (mask >> j) & 1
        if k == 5:
            continue
        size[col] = k
        for i in range(n):
            kk = 0
            v = 0
            for j in range(5):
                if mask & (1 << j):
                    v += colex[kk, cards[i, j]]
                    kk += 1
            idx[i, col] = v
        col += 1
    return idx, size


@numba.njit(cache=True)
def _masks() -> npt.NDArray[np.int64]:  # pragma: no cover
    out = np.empty(31, dtype=np.int64)
    col = 0
    for mask in range(32):
        if mask != 31:
            out[col] = mask
            col += 1
    return out


@numba.njit(cache=True)
def _add(
    rows: tuple[Any, ...],
    h: int,
    cards: npt.NDArray[np.int8],
    idx: npt.NDArray[np.int64],
    size: npt.NDArray[np.int64],
    masks: npt.NDArray[np.int64],
) -> None:  # pragma: no cover
    for col in range(31):
        row = rows[size[col]]
        base = idx[h, col]
        mask = masks[col]
        for j in range(5):
            if not mask & (1 << j):
                row[base, cards[h, j]] += 1


@numba.njit(cache=True)
def _query(
    out: npt.NDArray[np.int64],
    rows: tuple[Any, ...],
    h: int,
    idx: npt.NDArray[np.int64],
    size: npt.NDArray[np.int64],
) -> None:  # pragma: no cover
    out[:] = 0
    for col in range(31):
        k = size[col]
        row = rows[k]
        base = idx[h, col]
        if k % 2:
            for u in range(52):
                out[u] -= row[base, u]
        else:
            for u in range(52):
                out[u] += row[base, u]


@numba.njit(cache=True)
def _walk(
    order: npt.NDArray[np.int64],
    ranks: npt.NDArray[np.int64],
    cards: npt.NDArray[np.int8],
    idx: npt.NDArray[np.int64],
    size: npt.NDArray[np.int64],
    threshold: int,
    category: npt.NDArray[np.int8],
    mult: npt.NDArray[np.int64],
    with_ties: bool,
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """Totals over every (player hand, up card): [value, raises, non-qualifying, lose, tie,
    then wins per category (10)], the dealer hands counted for the hands raised."""
    masks = _masks()
    n = order.shape[0]
    total_up = 163185
    rows = (
        np.zeros((1, 52), np.int32),
        np.zeros((52, 52), np.int32),
        np.zeros((1326, 52), np.int32),
        np.zeros((22100, 52), np.int32),
        np.zeros((270725, 52), np.int32),
    )
    for t in range(n):  # first walk: the snapshot at the qualification threshold
        h = order[t]
        if ranks[h] >= threshold:
            break
        _add(rows, h, cards, idx, size, masks)
    snap = (rows[0].copy(), rows[1].copy(), rows[2].copy(), rows[3].copy(), rows[4].copy())
    for k in range(5):
        rows[k][:, :] = 0
    out = np.zeros(15, dtype=np.int64)
    upto = np.zeros(52, dtype=np.int64)
    start = 0
    while start < n:
        r = ranks[order[start]]
        stop = start
        while stop < n and ranks[order[stop]] == r:
            stop += 1
        g = stop - start
        below = np.zeros((g, 52), dtype=np.int64)
        nonq = np.zeros((g, 52), dtype=np.int64)
        for t in range(g):
            h = order[start + t]
            _query(below[t], rows, h, idx, size)
            _query(nonq[t], snap, h, idx, size)
        for t in range(g):
            _add(rows, order[start + t], cards, idx, size, masks)
        qualifies = r >= threshold
        for t in range(g):
            h = order[start + t]
            if with_ties and qualifies:
                _query(upto, rows, h, idx, size)
            m = mult[category[h]]
            for u in range(52):
                if (
                    u == cards[h, 0]
                    or u == cards[h, 1]
                    or u == cards[h, 2]
                    or u == cards[h, 3]
                    or u == cards[h, 4]
                ):
                    continue
                nq = nonq[t, u]
                qb = below[t, u] - nq if qualifies else 0
                tie = upto[u] - below[t, u] if (with_ties and qualifies) else 0
                lose = total_up - nq - qb - tie
                value = nq + qb * (1 + 2 * m) - 3 * lose
                if value > -total_up:  # raise: worth more than the ante folded
                    out[0] += value
                    out[1] += 1
                    out[2] += nq
                    out[3] += lose
                    out[4] += tie
                    out[5 + category[h]] += qb
                else:
                    out[0] -= total_up
        start = stop
    return out


def analyze_upcard(royal: int = 100, order_name: str = "macau") -> dict[str, Any]:
    """The optimal strategy (own cards and the dealer's up card): house edge per ante, element
    of risk, raise probability and the return table, exactly."""
    tables = build_tables()
    keys = sparse_keys_all()
    if order_name == "us":
        keys = keys >> 2
    distinct = np.unique(keys)
    ranks = np.searchsorted(distinct, keys).astype(np.int64)
    category = tables.category[tables.rank]
    cards = _hand_cards()
    qualifying = qualifying_hands()  # art. 9(1), as the round decides it
    threshold = int(ranks[qualifying].min())
    colex = np.array([[comb(n, k) for n in range(52)] for k in range(0, 5)], dtype=np.int64)
    idx, size = _subsets(cards, colex[1:])
    order = np.argsort(ranks, kind="stable").astype(np.int64)
    mult = raise_multiples(royal)
    t = _walk(order, ranks, cards, idx, size, threshold, category, mult, order_name == "us")
    deals = HANDS * 47 * DEALER_GIVEN_UP
    ev = Fraction(int(t[0]), deals)
    p_raise = Fraction(int(t[1]), HANDS * 47)
    rows = [
        {"outcome": "fold", "probability": float(1 - p_raise), "net": -1},
        {"outcome": "dealer does not qualify", "probability": int(t[2]) / deals, "net": 1},
        {"outcome": "dealer wins", "probability": int(t[3]) / deals, "net": -3},
    ]
    if order_name == "us":
        rows.append({"outcome": "tie", "probability": int(t[4]) / deals, "net": 0})
    for i, name in enumerate(CATEGORIES):
        if t[5 + i]:
            rows.append(
                {
                    "outcome": f"player wins with {name}",
                    "probability": int(t[5 + i]) / deals,
                    "net": 1 + 2 * int(mult[i]),
                }
            )
    return {
        "house_edge_ante": float(-ev),
        "house_edge_ante_exact": f"{(-ev).numerator}/{(-ev).denominator}",
        "element_of_risk": float(-ev / (1 + 2 * p_raise)),
        "probability_raise": float(p_raise),
        "strategy": "optimal",
        "order": order_name,
        "royal_flush_pays": royal,
        "return_table": rows,
    }
