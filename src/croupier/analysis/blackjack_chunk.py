"""A chunk of simulated blackjack rounds, the unit of work a worker runs: by the C kernel built
at install (``_blackjack_simulate.c``), which imports no compiler and compiles nothing when a
command starts (issue 32(3)), else, where no C compiler built it, by the Numba kernel of
:mod:`croupier.analysis.simulate_blackjack`. Both play the same rounds from the same seed: the
tests hold them to the same totals."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.analysis.blackjack_kernel_input import kernel_arguments
from croupier.games.blackjack.rules import BlackjackRules

try:  # optional in pyproject.toml: a build without a C compiler runs the Numba kernel
    from croupier.analysis import _blackjack_simulate as _compiled  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a build without a C compiler
    _compiled = None


def run_compiled(seed: int, rounds: int, rules: BlackjackRules) -> npt.NDArray[np.float64]:
    """The C kernel's [rounds, sum of nets, sum of squares, hands] from ``seed``."""
    decks, cut_card, burn_cards, values, table, flags = kernel_arguments(rules)
    out = np.zeros(4)
    _compiled.totals(seed, rounds, decks, cut_card, burn_cards, values, table, flags, out)
    return out


def run_chunk(seed: int, rounds: int, rules: BlackjackRules) -> npt.NDArray[np.float64]:
    """One chunk of rounds from one seed: the C kernel where it was built, else Numba's."""
    if _compiled is not None:
        return run_compiled(seed, rounds, rules)
    from croupier.analysis import simulate_blackjack  # pragma: no cover - no C compiler

    return simulate_blackjack.run_chunk(seed, rounds, rules)  # pragma: no cover
