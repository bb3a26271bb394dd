"""The compiled solver of the exact blackjack analysis: for one up card, the dealer's
distribution for every set of cards the player's hands can have taken from the shoe, then every
state's values in one pass (the C kernels of ``_blackjack_kernels.c``, built at install), read
back by the analysis exactly as it reads the reference recursions
(:class:`croupier.analysis.blackjack_reference.ReferenceUpCard`), which it must equal.

No NumPy-compiling library is involved: a fresh process pays no compiler's start-up, and the
analysis of a whole game takes a fraction of a second from the command line."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.analysis import _blackjack_kernels as kernels  # type: ignore[attr-defined]
from croupier.analysis.blackjack_dealer import sparse_dealer_hands
from croupier.analysis.blackjack_shoe import Shoe, remove
from croupier.analysis.blackjack_split import chart_code, split_hand, split_total
from croupier.analysis.blackjack_states import states
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BasicStrategy

STAND, HIT, BEST, PLAY, DOUBLE, BLACKJACK = range(6)


def later_hits(strategy: BasicStrategy, up: int) -> npt.NDArray[np.bool_]:
    """For every (hard total, holds an ace): whether the basic strategy hits after the first
    decision (the chart's hit/stand choice)."""
    table = np.zeros((22, 2), dtype=np.bool_)
    for hard in range(2, 21):
        for ace in (0, 1):
            cards = [1, hard - 1] if ace else [hard]
            if not ace and hard < 4:
                continue
            advice = strategy.advise(cards, up, {"hit", "stand"})
            table[hard, ace] = advice.action == "hit"
    return table


class SolvedUpCard:
    """Every value the analysis asks of one up card, solved at once."""

    def __init__(
        self, rules: BlackjackRules, shoe: Shoe, up: int, strategy: BasicStrategy, chart: Any
    ):
        self.rules = rules
        self.up = up
        self.chart = chart
        self.base = remove(shoe, up)
        self.layout = states(max(1, rules.split_max_hands - 1))
        base = np.array(self.base, dtype=np.int64)
        layout = self.layout
        dealer = np.empty((len(layout.removed), 7))
        kernels.dealer_table(layout.removed, base, *sparse_dealer_hands(up, rules.soft17), dealer)
        self.table = np.empty((6, len(layout.hard)))
        kernels.solve(
            dealer,
            layout.removed,
            layout.state_removed,
            layout.hard,
            layout.ace,
            layout.child,
            base,
            later_hits(strategy, up),
            1.0 if rules.double_keeps_initial_only else 2.0,
            self.table,
        )

    def _at(self, row: int, hand: tuple[int, ...], pair: int = 0, extra: int = 0) -> float:
        return float(self.table[row, self.layout.state(hand, pair, extra)])

    def blackjack(self, x: int, y: int) -> float:
        return self._at(BLACKJACK, (x, y))

    def values(self, x: int, y: int) -> tuple[float, float, float, float]:
        column = self.table[:, self.layout.state((x, y))]
        return float(column[STAND]), float(column[HIT]), float(column[DOUBLE]), float(column[PLAY])

    def split(self, x: int, basic: bool) -> float:
        rules = self.rules

        def hand_value(k: int, v: int) -> float:
            column = self.table[:, self.layout.state((x, v), x, k - 1)]
            hard = x + v
            return split_hand(
                rules,
                x,
                hard,
                chart_code(self.chart, self.up, hard, 1 in (x, v)) if basic else None,
                lambda: float(column[STAND]),
                lambda: float(column[BEST]),
                lambda: float(column[PLAY]),
                lambda: float(column[DOUBLE]),
            )

        return split_total(rules, self.base, x, hand_value, self.blackjack(x, x))
