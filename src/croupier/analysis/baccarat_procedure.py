"""The shoe procedure as the baccarat simulation kernels read it (the Numba kernel of
:mod:`croupier.analysis.simulate_baccarat` and the C kernel of ``_baccarat_simulate.c``): the
burn codes, the flags each kernel is compiled for, the sizes read at run time, the card points
and the histogram's shape. Neither NumPy's compiler nor a kernel is imported here."""

from __future__ import annotations

import numpy as np

from croupier.games.baccarat.points import POINTS
from croupier.shoe import Burn, EndOfShoe, ShoeMode, ShoeSpec

POINTS_ARRAY = np.array(POINTS, dtype=np.uint8)  # a card's points, by card index
BURN_CODES = {Burn.NONE: 0, Burn.DECKS: 1, Burn.FACE_VALUE: 2, Burn.FIXED: 3}

# histogram index: winner (0 player, 1 banker, 2 tie) x banker total (10) x banker cards (2)
# x player pair (2) x banker pair (2)
HIST_SHAPE = (3, 10, 2, 2, 2)
CELLS = 3 * 10 * 2 * 2 * 2
MODALITY_CODES = {"A": 1, "B": 2, "C": 3}  # the jackpot's modality, as the kernels take it


def shoe_flags(spec: ShoeSpec) -> tuple[int, bool, bool, bool]:
    """The shoe procedure's choices the kernel is compiled for (burn, art. 8; burn each round;
    one more round after the cut card, art. 3(1); continuous shuffling)."""
    return (
        BURN_CODES[spec.burn],
        spec.burn_each_round,
        spec.end_of_shoe is EndOfShoe.ONE_MORE_ROUND,
        spec.mode is ShoeMode.CONTINUOUS,
    )


def procedure_code(spec: ShoeSpec) -> int:
    """The four flags as one number 0..31, the C kernel's index of its compiled loops."""
    burn, each, one_more, continuous = shoe_flags(spec)
    return ((burn * 2 + each) * 2 + one_more) * 2 + continuous


def shoe_numbers(spec: ShoeSpec) -> tuple[int, int, int, int]:
    """The shoe's sizes the kernel reads at run time: decks, cut card, its spread, burns."""
    return spec.decks, spec.cut_card, spec.cut_card_spread, spec.burn_cards
