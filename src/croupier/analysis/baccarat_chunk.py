"""A chunk of simulated baccarat rounds, the unit of work a worker runs: by the C kernel built
at install (``_baccarat_simulate.c``), which imports no compiler and compiles nothing when a
command starts (issue 32(3)), else, where no C compiler built it, by the Numba kernel of
:mod:`croupier.analysis.simulate_baccarat`. Both deal the same rounds from the same seed: the
tests hold them to the same histogram for every shoe procedure."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.analysis.baccarat_exact import _BANKER_BYTES, _PLAYER_BYTES
from croupier.analysis.baccarat_procedure import (
    CELLS,
    HIST_SHAPE,
    POINTS_ARRAY,
    procedure_code,
    shoe_numbers,
)
from croupier.shoe import ShoeSpec

try:  # optional in pyproject.toml: a build without a C compiler runs the Numba kernel
    from croupier.analysis import _baccarat_simulate as _compiled  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a build without a C compiler
    _compiled = None


def run_compiled(seed: int, rounds: int, spec: ShoeSpec) -> npt.NDArray[np.int64]:
    """The C kernel's histogram of ``rounds`` rounds from ``seed`` (shape HIST_SHAPE)."""
    hist = np.zeros(CELLS, dtype=np.int64)
    _compiled.histogram(
        seed,
        rounds,
        *shoe_numbers(spec),
        procedure_code(spec),
        _PLAYER_BYTES,
        _BANKER_BYTES,
        POINTS_ARRAY,
        hist,
    )
    return hist.reshape(HIST_SHAPE)


def run_chunk(seed: int, rounds: int, spec: ShoeSpec) -> npt.NDArray[np.int64]:
    """One chunk of rounds from one seed: the C kernel where it was built, else Numba's."""
    if _compiled is not None:
        return run_compiled(seed, rounds, spec)
    from croupier.analysis import simulate_baccarat  # pragma: no cover - no C compiler

    return simulate_baccarat.run_chunk(seed, rounds, spec)  # pragma: no cover
