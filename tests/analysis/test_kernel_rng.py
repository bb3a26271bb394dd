"""The kernels' random source: SplitMix64 as published, and unbiased bounded draws."""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

from croupier.analysis.kernel_rng import below, next_u64

MASK = (1 << 64) - 1


def splitmix64_reference(seed: int, count: int) -> list[int]:
    """SplitMix64 written from its definition (Steele, Lea & Flood 2014), in Python ints."""
    out = []
    x = seed
    for _ in range(count):
        x = (x + 0x9E3779B97F4A7C15) & MASK
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


@numba.njit
def _bits(seed: int, count: int) -> npt.NDArray[np.uint64]:  # pragma: no cover
    state = np.empty(1, dtype=np.uint64)
    state[0] = np.uint64(seed)
    out = np.empty(count, dtype=np.uint64)
    for i in range(count):
        out[i] = next_u64(state)
    return out


@numba.njit
def _draws(seed: int, n: int, count: int) -> npt.NDArray[np.int64]:  # pragma: no cover
    state = np.empty(1, dtype=np.uint64)
    state[0] = np.uint64(seed)
    out = np.empty(count, dtype=np.int64)
    for i in range(count):
        out[i] = below(state, n)
    return out


@given(st.integers(min_value=0, max_value=2**63 - 1))
@settings(max_examples=50, deadline=None)
def test_the_generator_is_splitmix64(seed):
    assert [int(v) for v in _bits(seed, 5)] == splitmix64_reference(seed, 5)


@given(st.integers(min_value=0, max_value=2**63 - 1), st.integers(min_value=1, max_value=2**32 - 1))
@settings(max_examples=100, deadline=None)
def test_bounded_draws_stay_in_range(seed, n):
    draws = _draws(seed, n, 200)
    assert draws.min() >= 0 and draws.max() < n
    if n == 1:
        assert not draws.any()


def test_bounded_draws_are_uniform():
    # 416 is an 8-deck shoe's first Fisher-Yates draw; 7 does not divide 2**32 (rejection path)
    for n in (7, 416):
        counts = np.bincount(_draws(20261122, n, 2000 * n), minlength=n)
        assert chisquare(counts).pvalue > 0.001


def test_bounded_draws_reject_the_biased_zone():
    # n = 3 * 2**30: a plain multiply-shift maps 4 words onto every 3 values, so the multiples
    # of 3 would come out half the time; Lemire's rejection of the low words below
    # 2**32 mod n brings them back to one third
    n = 3 * 2**30
    draws = _draws(5, n, 300_000)
    share = float(np.mean(draws % 3 == 0))
    assert abs(share - 1 / 3) < 0.005
