"""What the blackjack simulation kernels read (the Numba kernel of
:mod:`croupier.analysis.simulate_blackjack` and the C kernel of ``_blackjack_simulate.c``): the
card values, the basic-strategy action for every state a box can meet (from the engine's own
``BasicStrategy.advise``), and the options as flags, the dealer's drawing table of art. 6(6)'s
reading among them. No Numba is imported here."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.games.blackjack.dealer import draw_table
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BasicStrategy
from croupier.games.blackjack.values import VALUES
from croupier.shoe import ShoeMode

DEALER_TABLE = 10  # flags[DEALER_TABLE:] is the dealer's drawing table

_VALUES = np.array(VALUES, dtype=np.int64)
ACTIONS = ("hit", "stand", "double", "split", "surrender")
MAX_HANDS = 8
HAND_CARDS = 22  # a hand of 21 or less holds at most 21 cards, one more busts it
#: the most cards one round can take (every hand full, the dealer's hard total past 31 at most):
#: a kernel's shoe is followed by this many cards repeating its front, so that a round dealt
#: past the last card (a cut card too near the end for it) reads those, never past the array
#: (``ROUND_CARDS`` of _blackjack_simulate.c)
ROUND_CARDS = MAX_HANDS * HAND_CARDS + 31 + 2


def _key(up: int, hard: int, ace: int, pair: int, dbl: int, spl: int, sur: int) -> int:
    return ((((((up - 1) * 22 + hard) * 2 + ace) * 11 + pair) * 2 + dbl) * 2 + spl) * 2 + sur


@cache
def decision_table(rules: BlackjackRules) -> npt.NDArray[np.int8]:
    """The basic-strategy action for every state the kernel can meet."""
    strategy = BasicStrategy(rules)
    table = np.zeros(10 * 22 * 2 * 11 * 8, dtype=np.int8)
    for up in range(1, 11):
        for hard in range(2, 22):
            for ace in (0, 1):
                for pair in range(11):
                    if pair and (pair * 2 != hard or (pair == 1) != bool(ace)):
                        continue
                    cards = [pair, pair] if pair else ([1, hard - 1] if ace else [hard])
                    if ace and not pair and hard < 2:
                        continue
                    for dbl in (0, 1):
                        for spl in (0, 1):
                            if spl and not pair:
                                continue
                            for sur in (0, 1):
                                legal = {"hit", "stand"}
                                if dbl:
                                    legal.add("double")
                                if spl:
                                    legal.add("split")
                                if sur:
                                    legal.add("surrender")
                                action = strategy.advise(cards, up, legal).action
                                table[_key(up, hard, ace, pair, dbl, spl, sur)] = ACTIONS.index(
                                    action
                                )
    return table


def kernel_arguments(rules: BlackjackRules) -> tuple[Any, ...]:
    flags = np.array(
        [
            int(rules.shoe.mode is ShoeMode.CONTINUOUS),  # a fresh shuffle before every round
            {"any_two": 0, "any_two_and_after_split": 1, "eleven_only": 2}[rules.double],
            int(rules.double_loses_initial_only),
            int(rules.split_loses_initial_only),
            int(rules.surrender),
            min(rules.split_max_hands, MAX_HANDS),
            int(rules.resplit_aces),
            int(rules.split_aces_one_card),
            int(rules.split_unlike_tens),
            int(rules.blackjack_pays * 2),
            *draw_table(rules.soft17),  # from DEALER_TABLE on
        ],
        dtype=np.int64,
    )
    spec = rules.shoe
    return (spec.decks, spec.cut_card, spec.burn_cards, _VALUES, decision_table(rules), flags)
