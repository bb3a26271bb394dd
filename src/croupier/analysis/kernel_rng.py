"""The random source of the compiled simulation kernels.

SplitMix64 (Steele, Lea & Flood, 2014; passes BigCrush) with Lemire's unbiased bounded draw
("Fast random integer generation in an interval", 2019): a draw costs a few nanoseconds where
``np.random.randint`` inside Numba costs about 24, which was most of a baccarat round. The
state lives in a one-element ``uint64`` array so that inlined helpers can advance it. Every
chunk's seed comes from ``numpy.random.SeedSequence.spawn`` (:mod:`croupier.analysis.simulation`),
so streams stay independent and a run stays a function of its seed alone.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_S30, _S27, _S31, _S32 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32)
_TWO32 = np.uint64(1 << 32)


@numba.njit(cache=True, inline="always")
def next_u64(state: npt.NDArray[np.uint64]) -> np.uint64:  # pragma: no cover
    """The next 64 random bits (SplitMix64)."""
    x = state[0] + _GOLDEN
    state[0] = x
    x = (x ^ (x >> _S30)) * _MIX1
    x = (x ^ (x >> _S27)) * _MIX2
    out: np.uint64 = x ^ (x >> _S31)
    return out


@numba.njit(cache=True, inline="always")
def below(state: npt.NDArray[np.uint64], n: int) -> np.int64:  # pragma: no cover
    """A uniform integer in [0, n), 1 <= n < 2**32, without bias (Lemire's method)."""
    bound = np.uint64(n)
    m = (next_u64(state) >> _S32) * bound
    low = m & _LOW32
    if low < bound:
        threshold = (_TWO32 - bound) % bound
        while low < threshold:
            m = (next_u64(state) >> _S32) * bound
            low = m & _LOW32
    return np.int64(m >> _S32)


@numba.njit(cache=True, inline="always")
def bounded(state: np.uint64, n: int) -> tuple[np.uint64, np.int64]:  # pragma: no cover
    """:func:`below` on a state held in a local variable: (the advanced state, a uniform
    integer in [0, n)), the same stream. A hot loop keeps its state in a register this way,
    where the array's element is written back at every draw (issue 32(2))."""
    bound = np.uint64(n)
    while True:
        state = state + _GOLDEN
        x = (state ^ (state >> _S30)) * _MIX1
        x = (x ^ (x >> _S27)) * _MIX2
        m = ((x ^ (x >> _S31)) >> _S32) * bound
        low = m & _LOW32
        if low >= bound or low >= (_TWO32 - bound) % bound:
            return state, np.int64(m >> _S32)
