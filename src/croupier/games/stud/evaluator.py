"""The fast stud evaluator: every five-card hand's place in the Macau order (art. 4, 8), as a
dense rank 0..N-1 read from one table, for a single hand or for NumPy arrays of hands.

How it works. A Numba kernel computes an order-preserving 32-bit key for a hand straight from
art. 8 (category in bits 20+, then the tie-break: rank masks, the deciding rank and the deciding
suit; see :func:`_sparse_key`). :func:`build_tables` enumerates all 2,598,960 hands in colex
order (the index of sorted cards ``a<b<c<d<e`` is ``C(a,1)+C(b,2)+C(c,3)+C(d,4)+C(e,5)``),
keys them, and maps the keys to dense ranks: 21,489 distinct places, so the table holds uint16
(5.2 MB). Comparing two dense ranks compares two hands exactly as art. 8 says.

* :func:`rank5` ranks one hand (any order of its five int cards) with one Python call;
* :func:`rank_batch` ranks an ``(n, 5)`` array of hands in a compiled loop;
* :func:`category_of` gives a rank's category name.

The reference it is tested against, hand by hand, is :mod:`croupier.games.stud.hands`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from croupier.games.stud.hands import CATEGORIES

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


#: the compiled kernels' names, read from croupier.games.stud.evaluator_kernels on first use
_KERNELS = ("COLEX", "HIGHBIT", "sparse_keys_all", "_rank_batch", "_sparse_key")


def __getattr__(name: str) -> Any:
    """COLEX, HIGHBIT, sparse_keys_all: the kernels module's, imported when first asked for."""
    if name in _KERNELS:
        from croupier.games.stud import evaluator_kernels

        return getattr(evaluator_kernels, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


HANDS = comb(52, 5)  # 2,598,960
CATEGORY_SHIFT = 20  # the tie-break of art. 8 never needs more than 20 bits


@dataclass(frozen=True)
class Tables:
    """The evaluator's tables, built once per process."""

    rank: npt.NDArray[np.uint16]  # dense rank of every hand, colex order
    keys: npt.NDArray[np.int32]  # the sparse key of every dense rank (sorted)
    category: npt.NDArray[np.int8]  # category index of every dense rank


@cache
def build_tables() -> Tables:
    import numpy as np

    from croupier.games.stud.evaluator_kernels import sparse_keys_all

    keys = sparse_keys_all()
    distinct = np.unique(keys)
    rank = np.searchsorted(distinct, keys).astype(np.uint16)
    category = (distinct >> CATEGORY_SHIFT).astype(np.int8)
    return Tables(rank, distinct, category)


@cache
def rank_tables() -> tuple[array[int], bytes]:
    """The dense rank of every hand (colex order) and the category of every rank, as plain
    arrays: read from the disk cache (games/stud/rank_cache.py, SHA-256 pinned), else built by
    the kernels and kept there. Ranking a hand never needs NumPy nor Numba once cached."""
    from croupier.games.stud import rank_cache

    cached = rank_cache.load()
    if cached is not None:
        return cached
    tables = build_tables()
    built = tables.rank.astype("<u2").tobytes() + tables.category.astype("i1").tobytes()
    return rank_cache.store(built)


#: colex binomials in plain lists: COLEX_LISTS[k][n] = C(n, k + 1)
COLEX_LISTS = [[comb(n, k) for n in range(52)] for k in range(1, 6)]


@cache
def _rank5_function() -> Callable[[Sequence[int]], int]:
    table = rank_tables()[0]
    c1, c2, c3, c4, c5 = COLEX_LISTS

    def rank5(
        cards: Sequence[int],
        _sorted: Callable[..., list[int]] = sorted,
        _t: array[int] = table,
        _c1: list[int] = c1,
        _c2: list[int] = c2,
        _c3: list[int] = c3,
        _c4: list[int] = c4,
        _c5: list[int] = c5,
    ) -> int:
        a, b, c, d, e = _sorted(cards)
        return _t[_c1[a] + _c2[b] + _c3[c] + _c4[d] + _c5[e]]

    return rank5


@cache
def _fast_rank5() -> Callable[[Sequence[int]], int] | None:
    """The C accelerator's ranker over the same table, if the extension was built."""
    try:
        from croupier.games.stud import _fastrank  # type: ignore[attr-defined]
    except ImportError:
        return None
    _fastrank.set_table(rank_tables()[0])
    fast: Callable[[Sequence[int]], int] = _fastrank.rank5
    return fast


def rank5_function() -> Callable[[Sequence[int]], int]:
    """The single-hand ranker itself (bind it once in hot loops: ``rank5 = rank5_function()``):
    the C accelerator when built, else the pure-Python table lookup; both read one table."""
    return _fast_rank5() or _rank5_function()


def python_rank5_function() -> Callable[[Sequence[int]], int]:
    """The pure-Python ranker (the fallback), for tests and comparison."""
    return _rank5_function()


def rank5(cards: Sequence[int]) -> int:
    """Dense rank of one five-card hand (five distinct int cards, any order)."""
    return rank5_function()(cards)


def rank_batch(hands: npt.ArrayLike) -> npt.NDArray[np.uint16]:
    """Dense ranks of an ``(n, 5)`` array of hands (int cards 0..51, any order in a row)."""
    import numpy as np

    from croupier.games.stud.evaluator_kernels import COLEX, _rank_batch

    arr = np.ascontiguousarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 5:
        raise ValueError("hands must be an (n, 5) array of int cards")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise ValueError("cards must be ints 0..51")
    result: npt.NDArray[np.uint16] = _rank_batch(arr, build_tables().rank, COLEX)
    return result


def category_of(rank: int) -> str:
    """Category name of a dense rank."""
    return CATEGORIES[rank_tables()[1][rank]]


def categories_of(ranks: npt.NDArray[np.uint16]) -> npt.NDArray[np.int8]:
    """Category indices (see ``CATEGORIES``) of an array of dense ranks."""
    out: npt.NDArray[np.int8] = build_tables().category[ranks]
    return out
