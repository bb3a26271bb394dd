"""The value of a split in the exact blackjack analysis, and the chart's code for a hand: the
rules of arts. 16 and 17 applied once, whichever solver values the hands.

A split's hands are valued on the shoe less the pair cards dealt so far ("how many hands the
player had already split, but not the other cards drawn in those hands", the method of the
published analysers): a hand waiting for its second card draws a pair card with probability
``q`` and splits again while it may, else it receives another card and is played out.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from croupier.analysis.blackjack_shoe import Shoe, remove
from croupier.games.blackjack.rules import BlackjackRules

# the value of the split hand {pair, v} dealt from the shoe less k pair cards: (k, v) -> value
HandValue = Callable[[int, int], float]


def chart_code(chart: Any, up: int, hard: int, has_ace: bool) -> str:
    """The basic strategy chart's code for a two-card total (after a split too)."""
    soft = has_ace and hard <= 11  # an ace that can still count 11
    t = hard + 10 if soft else hard
    if soft and 13 <= t <= 20:
        return str(chart["soft"][f"A{t - 11}"][up])
    if not soft and str(t) in chart["hard"]:
        return str(chart["hard"][str(t)][up])
    return "S" if t >= 17 else "H"


def split_hand(
    rules: BlackjackRules,
    x: int,
    hard: int,
    code: str | None,
    stand: Callable[[], float],
    best: Callable[[], float],
    play: Callable[[], float],
    double: Callable[[], float],
) -> float:
    """The value of a two-card hand made by splitting ``x``-``x`` (hard total ``hard``): one
    card only on split aces when the ruleset says so (art. 16); a double where art. 17 allows
    it after a split; the chart's ``code`` when valuing basic strategy, else the best."""
    if x == 1 and rules.split_aces_one_card:
        return stand()
    # art. 17(1) (Despacho 42/2007): only the mode "any two cards, and after a split" doubles a
    # split hand (eleven-only doubles the first two cards alone)
    can_double = rules.double_after_split
    if code is not None:  # the chart, its double codes applying after a split (DAS)
        return double() if can_double and code == "D" else play()
    value = best()
    return max(value, double()) if can_double else value


def split_total(
    rules: BlackjackRules, shoe: Shoe, x: int, hand_value: HandValue, pair_blackjack: float
) -> float:
    """Expected total of the hands a split of ``x``-``x`` makes, re-splitting to the ruleset's
    maximum number of hands (aces only if the ruleset re-splits them); ``shoe`` is the shoe
    less the dealer's up card, ``pair_blackjack`` the dealer's blackjack chance on it less the
    pair."""
    may_resplit = x != 1 or rules.resplit_aces
    limit = rules.split_max_hands if may_resplit else 2

    @cache
    def shoe_less(k: int) -> Shoe:
        return remove(shoe, *([x] * k))

    @cache
    def drawn(k: int, pair_card_too: bool) -> float:
        """Sum over the next card of P(card) x the value of the hand it completes."""
        s = shoe_less(k)
        n = sum(s)
        out = 0.0
        for v in range(10):
            if v == x - 1 and not pair_card_too:
                continue
            c = s[v]
            if c:
                out += c / n * hand_value(k, v + 1)
        return out

    @cache
    def expected(hands: int, waiting: int, k: int) -> tuple[float, float]:
        """(expected value, expected number of hands) still to come."""
        if waiting == 0:
            return 0.0, 0.0
        s = shoe_less(k)
        q = s[x - 1] / sum(s)
        rest_value, rest_hands = expected(hands, waiting - 1, k)
        if hands < limit and s[x - 1] > 0:  # no pair card left (one deck): no more splits
            split_value, split_hands = expected(hands + 1, waiting + 1, k + 1)
            value = q * split_value + drawn(k, False) + (1 - q) * rest_value
            count = q * split_hands + (1 - q) * (1 + rest_hands)
            return value, count
        return drawn(k, True) + rest_value, 1 + rest_hands

    total, hands = expected(2, 2, 2)
    if rules.split_loses_initial_only:
        # arts. 16(6): on a dealer blackjack only the initial bet is lost, the others come back
        total += (hands - 1) * pair_blackjack
    return total
