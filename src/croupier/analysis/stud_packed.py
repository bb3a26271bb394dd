"""What the stud simulation kernels read about every hand (the Numba kernel of
:mod:`croupier.analysis.simulate_stud` and the C kernel of ``_stud_simulate.c``): one packed
32-bit word per hand (its dense rank in the order of art. 8, its category, whether the strategy
raises it, whether a dealer holding it qualifies, art. 9(1)), the raise paytable's multiples
(art. 9(5)) and the colex binomials. Built from the tables kept on disk (croupier.pinned_cache):
no Numba is imported here."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.analysis.stud_exact import (
    dense_ranks,
    hand_categories,
    qualifying_hands,
    raise_multiples,
    raise_table,
)
from croupier.games.stud.evaluator import COLEX_LISTS

#: colex binomials: COLEX[k][n] = C(n, k + 1), a hand's index the sum over its sorted cards
COLEX = np.array(COLEX_LISTS, dtype=np.int64)

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


@cache
def stud_arrays(royal: int, strategy: str, order_name: str) -> tuple[Any, ...]:
    """The kernel's tables: the packed word of every hand, the raise multiples, colex (built
    once per process: every chunk of a run reads them)."""
    packed = pack(
        dense_ranks(order_name),
        hand_categories(),
        raise_table(royal, strategy, order_name),
        qualifying_hands(),
    )
    return packed, raise_multiples(royal), COLEX
