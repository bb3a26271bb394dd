"""The reference form of the exact blackjack analysis: plain recursions over the shoe, memoised
on the exact cards left, each decision valued as the text of the ruleset says (the dealer's
distribution from :mod:`croupier.analysis.blackjack_dealer`). Slow (seconds for a whole game)
and kept as the independent check of the compiled solver
(:mod:`croupier.analysis.blackjack_solver`) and as the benchmark's plain-Python baseline.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from croupier.analysis.blackjack_dealer import BJ, BUST
from croupier.analysis.blackjack_dealer_kernels import dealer_distribution_fast
from croupier.analysis.blackjack_shoe import Shoe, over_next_card, remove
from croupier.analysis.blackjack_split import chart_code, split_hand, split_total
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BasicStrategy


def _result(t: int, outcome: int) -> int:
    if t > 21:
        return -1
    if outcome == BUST or outcome + 17 < t:
        return 1
    return 0 if outcome + 17 == t else -1


class ShoeAnalysis:
    """Values of every player decision against one up card for one starting shoe."""

    def __init__(self, rules: BlackjackRules, shoe: Shoe, up: int) -> None:
        self.rules = rules
        self.up = up
        base = list(shoe)
        base[up - 1] -= 1
        self.base = tuple(base)  # the shoe less the dealer's up card
        self.dealer = cache(self._dealer)
        self.best = cache(self._best)
        self.hit = cache(self._hit)

    def _dealer(self, s: Shoe) -> tuple[float, ...]:
        """The dealer's final distribution (17..21, bust, blackjack) drawing from ``s``."""
        d = dealer_distribution_fast(s, self.up, self.rules.soft17)
        return tuple(float(x) for x in d)

    def stand_parts(self, s: Shoe, t: int) -> tuple[float, float]:
        """(value over the dealer's non-blackjack hands, probability of a dealer blackjack)."""
        d: Any = self.dealer(s)
        return sum(d[o] * _result(t, o) for o in range(6)), d[BJ]

    def stand(self, s: Shoe, t: int) -> float:
        value, bj = self.stand_parts(s, t)
        return value - bj

    def _hit(self, s: Shoe, hard: int, soft: bool) -> float:
        return over_next_card(s, lambda v, rest: self.best(rest, hard + v + 1, soft or v == 0))

    def total(self, hard: int, soft: bool) -> int:
        return hard + 10 if soft and hard <= 11 else hard

    def _best(self, s: Shoe, hard: int, soft: bool) -> float:
        t = self.total(hard, soft)
        if t > 21:
            return -1.0
        stand = self.stand(s, t)
        return stand if t == 21 else max(stand, self.hit(s, hard, soft))

    def double(self, s: Shoe, hard: int, soft: bool, keeps_initial: bool) -> float:
        lost = (
            1 if keeps_initial else 2
        )  # arts. 16(6), 17(3): the stakes a dealer's blackjack takes

        def after(v: int, rest: Shoe) -> float:
            t = self.total(hard + v + 1, soft or v == 0)
            if t > 21:
                return -2.0
            value, bj = self.stand_parts(rest, t)
            return 2 * value - lost * bj

        return over_next_card(s, after)


class PolicyPlay:
    """Values of a hand played by the ruleset's basic strategy (total-dependent): its chart for
    the first decision of a two-card hand, and its own best of hit and stand for every later
    decision (a "double" code falls back to hit or stand as the strategy says)."""

    def __init__(self, analysis: ShoeAnalysis, strategy: BasicStrategy) -> None:
        self.a = analysis
        self.strategy = strategy
        self.chart = strategy.chart()
        self.value = cache(self._value)
        self.later = cache(self._later)

    def code(self, hard: int, has_ace: bool) -> str:
        """The chart's code for a two-card total (after a split too)."""
        return chart_code(self.chart, self.a.up, hard, has_ace)

    def _later(self, hard: int, has_ace: bool) -> bool:
        """True when the strategy hits this total after the first decision."""
        cards = [1, hard - 1] if has_ace else [hard]
        return self.strategy.advise(cards, self.a.up, {"hit", "stand"}).action == "hit"

    def _value(self, s: Shoe, hard: int, has_ace: bool) -> float:
        t = self.a.total(hard, has_ace)
        if t > 21:
            return -1.0
        if t == 21 or not self.later(hard, has_ace):
            return self.a.stand(s, t)
        return over_next_card(s, lambda v, rest: self.value(rest, hard + v + 1, has_ace or v == 0))


class ReferenceUpCard:
    """The values :func:`croupier.analysis.blackjack_exact.analyze_blackjack` asks of one up
    card, by the plain recursions."""

    def __init__(
        self, rules: BlackjackRules, shoe: Shoe, up: int, strategy: BasicStrategy, chart: Any
    ):
        self.rules = rules
        self.a = ShoeAnalysis(rules, shoe, up)
        self.play = PolicyPlay(self.a, strategy)

    def blackjack(self, x: int, y: int) -> float:
        """P(dealer blackjack) once the player holds ``x`` and ``y``."""
        return self.a.stand_parts(remove(self.a.base, x, y), 21)[1]

    def values(self, x: int, y: int) -> tuple[float, float, float, float]:
        """Stand, hit, double and the basic strategy's hit/stand play of the hand x-y."""
        a = self.a
        s = remove(a.base, x, y)
        hard, soft = x + y, 1 in (x, y)
        keeps = self.rules.double_keeps_initial_only
        return (
            a.stand(s, a.total(hard, soft)),
            a.hit(s, hard, soft),
            a.double(s, hard, soft, keeps),
            self.play.value(s, hard, soft),
        )

    def split(self, x: int, basic: bool) -> float:
        """The split of x-x, played optimally or (``basic``) by the chart."""
        a, rules, play = self.a, self.rules, self.play
        keeps = rules.double_keeps_initial_only

        def hand_value(k: int, v: int) -> float:
            s = remove(a.base, *([x] * k), v)
            hard, has_ace = x + v, 1 in (x, v)
            return split_hand(
                rules,
                x,
                hard,
                play.code(hard, has_ace) if basic else None,
                lambda: a.stand(s, a.total(hard, has_ace)),
                lambda: a.best(s, hard, has_ace),
                lambda: play.value(s, hard, has_ace),
                lambda: a.double(s, hard, has_ace, keeps),
            )

        pair_blackjack = a.stand_parts(remove(a.base, x, x), 17)[1]
        return split_total(rules, a.base, x, hand_value, pair_blackjack)
