"""A chunk of simulated stud rounds, the unit of work a worker runs: by the C kernel built at
install (``_stud_simulate.c``), which imports no compiler and compiles nothing when a command
starts (issue 32(3)), else, where no C compiler built it, by the Numba kernel of
:mod:`croupier.analysis.simulate_stud`. Both play the same rounds from the same seed: the tests
hold them to the same totals."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

try:  # optional in pyproject.toml: a build without a C compiler runs the Numba kernel
    from croupier.analysis import _stud_simulate as _compiled  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a build without a C compiler
    _compiled = None


def run_compiled(seed: int, rounds: int, arrays: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    """The C kernel's totals of ``rounds`` rounds from ``seed`` (stud_packed.stud_arrays)."""
    packed, mult, _colex = arrays
    out = np.zeros(14, dtype=np.int64)
    _compiled.totals(
        seed,
        rounds,
        np.ascontiguousarray(packed, dtype=np.int32),
        np.ascontiguousarray(mult, dtype=np.int64),
        out,
    )
    return out


def run_chunk(seed: int, rounds: int, arrays: tuple[Any, ...]) -> npt.NDArray[np.int64]:
    """One chunk of rounds from one seed: the C kernel where it was built, else Numba's."""
    if _compiled is not None:
        return run_compiled(seed, rounds, arrays)
    from croupier.analysis import simulate_stud  # pragma: no cover - no C compiler

    return simulate_stud.run_chunk(seed, rounds, arrays)  # pragma: no cover
