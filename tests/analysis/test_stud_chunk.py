"""Issue 32(3): the Monte Carlo stud kernel built in C at install (``_stud_simulate.c``), which
``croupier simulate stud`` runs without importing Numba. It plays the very rounds of the Numba
kernel (whose settlement test_simulation.py holds to the engine, arts. 8, 9) from the same
seed, for each strategy of the player's own cards, both orders of art. 8 and another royal
flush payout; and it refuses tables it would read out of bounds."""

from __future__ import annotations

import numpy as np
import pytest

from croupier.analysis import simulate_stud, stud_chunk
from croupier.analysis.stud_chunk import run_compiled
from croupier.analysis.stud_packed import CATEGORY_SHIFT, stud_arrays


def test_the_compiled_kernel_is_built_and_is_what_simulate_runs() -> None:
    assert stud_chunk._compiled is not None  # gcc is on every machine the project names
    arrays = stud_arrays(100, "own", "macau")
    assert np.array_equal(stud_chunk.run_chunk(3, 500, arrays), run_compiled(3, 500, arrays))


@pytest.mark.parametrize(
    "table", [(100, "own", "macau"), (100, "pair", "us"), (250, "ak", "macau"), (100, "own", "us")]
)
@pytest.mark.parametrize("seed", [1, 2**63 - 1])
def test_the_c_kernel_plays_the_numba_kernels_rounds(table: tuple, seed: int) -> None:
    arrays = stud_arrays(*table)
    compiled = run_compiled(seed, 50_000, arrays)
    assert compiled[0] == 50_000 and compiled[1] == compiled[4:].sum()  # raised, by category
    assert np.array_equal(compiled, simulate_stud.run_chunk(seed, 50_000, arrays))


def _refused(packed: np.ndarray, mult: np.ndarray, out: np.ndarray, named: str) -> None:
    with pytest.raises(ValueError, match=named):
        stud_chunk._compiled.totals(1, 10, packed, mult, out)
    assert not out.any()  # a refused call wrote nothing


def test_the_kernel_refuses_tables_it_would_read_out_of_bounds() -> None:
    packed, mult, _colex = stud_arrays(100, "own", "macau")
    out = np.zeros(14, dtype=np.int64)
    _refused(packed[:-1].copy(), mult, out, "packed")
    _refused(packed, mult[:9].copy(), out, "mult")
    _refused(packed, mult, np.zeros(13, dtype=np.int64), "out")
    bad = packed.copy()
    bad[77] = (bad[77] & ~(15 << CATEGORY_SHIFT)) | (12 << CATEGORY_SHIFT)  # no category 12
    _refused(bad, mult, out, "category")
    bad = packed.copy()
    bad[5] = np.int32(-1)
    _refused(bad, mult, out, "packed")
    with pytest.raises(ValueError, match="rounds"):
        stud_chunk._compiled.totals(1, -1, packed, mult, out)


def test_every_outcome_is_settled_alike_on_a_table_where_each_is_common() -> None:
    """Ties are rare in the real tables (none in the Macau order, art. 8); on a table of random
    words drawn from few ranks every outcome (fold, no qualification, win at each category's
    multiple, loss, tie) comes thousands of times, and both kernels settle them alike."""
    from croupier.analysis.stud_packed import QUALIFIES_BIT, RAISES_BIT

    draw = np.random.default_rng(32)
    words = (
        draw.integers(0, 40, size=2_598_960)  # 40 ranks: a raised, qualified hand ties 1 in 40
        | (draw.integers(0, 10, size=2_598_960) << CATEGORY_SHIFT)
        | np.where(draw.random(2_598_960) < 0.7, RAISES_BIT, 0)
        | np.where(draw.random(2_598_960) < 0.6, QUALIFIES_BIT, 0)
    ).astype(np.int32)
    _packed, mult, colex = stud_arrays(100, "own", "macau")
    arrays = (words, mult, colex)
    compiled = run_compiled(9, 200_000, arrays)
    assert np.array_equal(compiled, simulate_stud.run_chunk(9, 200_000, arrays))
    assert (compiled[4:] > 10_000).all()  # hands raised in every category
