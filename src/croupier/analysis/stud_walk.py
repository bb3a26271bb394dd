"""The compiled kernels of the exact stud analysis (:mod:`croupier.analysis.stud_exact`, whose
docstring explains the walk): every hand's cards in colex order, each hand's card subsets'
colex indices, and the walk in the order of art. 8 counting, for every player hand, the dealer
hands below it, equal to it and below the qualification threshold. Imported only when a table
is built: once kept on disk (croupier.pinned_cache), the analyses and the simulator read it
without Numba."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np
import numpy.typing as npt


@numba.njit(cache=True)
def _hand_cards() -> npt.NDArray[np.int8]:  # pragma: no cover
    """The five cards of every hand, in colex order (the table order)."""
    out = np.empty((2598960, 5), dtype=np.int8)
    i = 0
    for e in range(4, 52):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1
    return out


@numba.njit(cache=True)
def _subset_indices(
    cards: npt.NDArray[np.int8], colex: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """For each hand, the colex index (within its size) of each of its 31 nonempty subsets;
    column = the subset's bit mask - 1; sizes from the popcount."""
    n = cards.shape[0]
    out = np.empty((n, 31), dtype=np.int64)
    for i in range(n):
        for mask in range(1, 32):
            k = 0
            idx = 0
            for j in range(5):
                if mask & (1 << j):
                    idx += colex[k, cards[i, j]]
                    k += 1
            out[i, mask - 1] = idx
    return out


@numba.njit(cache=True, inline="always")
def _disjoint(
    counters: tuple[Any, ...], subsets: npt.NDArray[np.int64], sizes: npt.NDArray[np.int64], h: int
) -> int:  # pragma: no cover
    """Hands counted in ``counters`` that share no card with hand ``h`` (inclusion-exclusion
    over its subsets; ``counters[0][0]`` counts every hand)."""
    total: int = counters[0][0]
    for m in range(31):
        k = sizes[m]
        v = counters[k][subsets[h, m]]
        total += -v if k % 2 else v
    return total


@numba.njit(cache=True, inline="always")
def _count(
    counters: tuple[Any, ...], subsets: npt.NDArray[np.int64], sizes: npt.NDArray[np.int64], h: int
) -> None:  # pragma: no cover
    counters[0][0] += 1
    for m in range(31):
        counters[sizes[m]][subsets[h, m]] += 1


@numba.njit(cache=True)
def _walk(
    order: npt.NDArray[np.int64],
    ranks: npt.NDArray[np.int64],
    subsets: npt.NDArray[np.int64],
    threshold: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:  # pragma: no cover
    """Per hand: disjoint hands ranked below it, equal to it, and below ``threshold``."""
    n = order.shape[0]
    sizes = np.empty(31, dtype=np.int64)
    for mask in range(1, 32):
        sizes[mask - 1] = (
            ((mask >> 0) & 1)
            + ((mask >> 1) & 1)
            + ((mask >> 2) & 1)
            + ((mask >> 3) & 1)
            + ((mask >> 4) & 1)
        )
    lengths = (1, 52, 1326, 22100, 270725, 2598960)
    counters = (
        np.zeros(lengths[0], np.int64),
        np.zeros(lengths[1], np.int64),
        np.zeros(lengths[2], np.int64),
        np.zeros(lengths[3], np.int64),
        np.zeros(lengths[4], np.int64),
        np.zeros(lengths[5], np.int64),
    )
    below = np.zeros(n, dtype=np.int64)
    equal = np.zeros(n, dtype=np.int64)
    nonq = np.zeros(n, dtype=np.int64)
    snapshot = counters
    snapshot_taken = False
    start = 0
    while start < n:
        r = ranks[order[start]]
        if not snapshot_taken and r >= threshold:
            snapshot = (
                counters[0].copy(),
                counters[1].copy(),
                counters[2].copy(),
                counters[3].copy(),
                counters[4].copy(),
                counters[5].copy(),
            )
            snapshot_taken = True
        stop = start
        while stop < n and ranks[order[stop]] == r:
            stop += 1
        for t in range(start, stop):  # before the group: strictly below
            below[order[t]] = _disjoint(counters, subsets, sizes, order[t])
        for t in range(start, stop):
            _count(counters, subsets, sizes, order[t])
        for t in range(start, stop):  # after it: below or equal
            h = order[t]
            equal[h] = _disjoint(counters, subsets, sizes, h) - below[h]
        start = stop
    for h in range(n):
        nonq[h] = _disjoint(snapshot, subsets, sizes, h)
    return below, equal, nonq
