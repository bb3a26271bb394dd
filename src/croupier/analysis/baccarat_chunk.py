"""A chunk of simulated baccarat rounds, the unit of work a worker runs: by the C kernel built
at install (``_baccarat_simulate.c``), which imports no compiler and compiles nothing when a
command starts (issue 32(3)), else, where no C compiler built it, by the Numba kernel of
:mod:`croupier.analysis.simulate_baccarat`. Both deal the same rounds from the same seed: the
tests hold them to the same histogram for every shoe procedure."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.analysis.baccarat_exact import _BANKER_BYTES, _PLAYER_BYTES
from croupier.analysis.baccarat_procedure import (
    CELLS,
    HIST_SHAPE,
    MODALITY_CODES,
    POINTS_ARRAY,
    procedure_code,
    shoe_numbers,
)
from croupier.shoe import ShoeSpec

try:  # optional in pyproject.toml: a build without a C compiler runs the Numba kernel
    from croupier.analysis import _baccarat_simulate as _compiled  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a build without a C compiler
    _compiled = None


def _shoe(seed: int, rounds: int, spec: ShoeSpec, hist: npt.NDArray[np.int64]) -> tuple[Any, ...]:
    """The arguments every C call begins with: the seed, the shoe, the tables, the histogram."""
    return (
        seed,
        rounds,
        *shoe_numbers(spec),
        procedure_code(spec),
        _PLAYER_BYTES,
        _BANKER_BYTES,
        POINTS_ARRAY,
        hist,
    )


def run_compiled(seed: int, rounds: int, spec: ShoeSpec) -> npt.NDArray[np.int64]:
    """The C kernel's histogram of ``rounds`` rounds from ``seed`` (shape HIST_SHAPE)."""
    hist = np.zeros(CELLS, dtype=np.int64)
    _compiled.histogram(*_shoe(seed, rounds, spec, hist))
    return hist.reshape(HIST_SHAPE)


def jackpots_compiled(
    seed: int, rounds: int, spec: ShoeSpec, modality: str, by_points: bool
) -> npt.NDArray[np.int64]:
    """The C kernel's rounds counted by their highest jackpot combination (index 0: none)."""
    counts = np.zeros(8, dtype=np.int64)
    hist = np.zeros(CELLS, dtype=np.int64)
    _compiled.jackpots(
        *_shoe(seed, rounds, spec, hist), MODALITY_CODES[modality], int(by_points), counts
    )
    return counts


def sessions_compiled(
    seed: int,
    rounds: int,
    spec: ShoeSpec,
    net_by_cell: npt.NDArray[np.float64],
    length: int,
    bankroll: float,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """The C kernel's chunk of whole sessions: the histogram, each session's result and its
    ruin flag."""
    hist = np.zeros(CELLS, dtype=np.int64)
    results = np.zeros(rounds // length)
    ruined = np.zeros(rounds // length, dtype=np.bool_)
    nets = np.ascontiguousarray(net_by_cell, dtype=np.float64)
    _compiled.sessions(*_shoe(seed, rounds, spec, hist), nets, length, bankroll, results, ruined)
    return hist.reshape(HIST_SHAPE), results, ruined


def run_chunk(seed: int, rounds: int, spec: ShoeSpec) -> npt.NDArray[np.int64]:
    """One chunk of rounds from one seed: the C kernel where it was built, else Numba's."""
    if _compiled is not None:
        return run_compiled(seed, rounds, spec)
    from croupier.analysis import simulate_baccarat  # pragma: no cover - no C compiler

    return simulate_baccarat.run_chunk(seed, rounds, spec)  # pragma: no cover


def run_jackpot_chunk(
    seed: int, rounds: int, spec: ShoeSpec, modality: str, by_points: bool
) -> npt.NDArray[np.int64]:
    """Rounds counted by their highest jackpot combination: C where built, else Numba."""
    if _compiled is not None:
        return jackpots_compiled(seed, rounds, spec, modality, by_points)
    from croupier.analysis import simulate_baccarat  # pragma: no cover - no C compiler

    return simulate_baccarat.run_jackpot_chunk(
        seed, rounds, spec, modality, by_points
    )  # pragma: no cover


def run_session_chunk(
    seed: int,
    rounds: int,
    spec: ShoeSpec,
    net_by_cell: npt.NDArray[np.float64],
    length: int,
    bankroll: float,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """A chunk of whole sessions: C where built, else Numba."""
    if _compiled is not None:
        return sessions_compiled(seed, rounds, spec, net_by_cell, length, bankroll)
    from croupier.analysis import simulate_baccarat  # pragma: no cover - no C compiler

    return simulate_baccarat.run_session_chunk(  # pragma: no cover
        seed, rounds, spec, net_by_cell, length, bankroll
    )
