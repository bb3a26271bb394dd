"""Exact (composition-dependent) blackjack analysis for a finite shoe, no hole card.

Every decision is valued on the exact cards left: the dealer's up card and the player's cards
are removed from the shoe, the dealer's final distribution (17..21, bust, blackjack, the second
card drawn after the player as with no hole card) is enumerated by a compiled recursion with
card removal, and the player's hit / stand / double values recurse over the next card with
removal too. Doubles and splits lose only the initial bet to a dealer blackjack when the
ruleset says so (arts. 16(6), 17(3)); surrender returns half (not against an ace).

* ``house_edge_optimal``: the composition-dependent optimum (the best action for the exact
  cards of every hand);
* ``house_edge``: the basic strategy of the ruleset (the chart of
  :mod:`croupier.games.blackjack.strategy`, a total-dependent strategy) played on the same
  finite shoe, valued exactly.

Split hands are valued as two hands each starting with one of the pair's cards from the shoe
less both of them, without further splits and without the cards of the sister hand (the usual
approximation of combinatorial analysers); everything else is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.games.blackjack.dealer import draws as dealer_draws
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BasicStrategy

Shoe = tuple[int, ...]  # counts of values 1..10 (index 0 = aces, index 9 = ten-values)
BUST, BJ = 5, 6


# Not cached on disk: Numba's cache cannot safely reload a self-recursive function.
@numba.njit(cache=False)
def _dealer(
    s: npt.NDArray[np.int64],
    n: int,
    hard: int,
    ace: bool,
    cards: int,
    hits17: bool,
    out: npt.NDArray[np.float64],
    p: float,
) -> None:  # pragma: no cover
    soft = ace and hard <= 11
    total = hard + 10 if soft else hard
    if cards == 2 and total == 21:
        out[BJ] += p
        return
    if total > 21:
        out[BUST] += p
        return
    if total > 17 or (total == 17 and not (soft and hits17)):
        out[total - 17] += p
        return
    for v in range(10):
        c = s[v]
        if c == 0:
            continue
        s[v] = c - 1
        _dealer(s, n - 1, hard + v + 1, ace or v == 0, cards + 1, hits17, out, p * c / n)
        s[v] = c


@numba.njit(cache=False)
def dealer_distribution(
    s: npt.NDArray[np.int64], up: int, hits17: bool
) -> npt.NDArray[np.float64]:  # pragma: no cover
    """P(17), ..., P(21), P(bust), P(blackjack) for up card value ``up`` (1..10) and the shoe
    ``s`` the dealer draws from (up card already removed)."""
    out = np.zeros(7)
    _dealer(s.copy(), s.sum(), up, up == 1, 1, hits17, out, 1.0)
    return out


def take(s: Shoe, v: int) -> Shoe:
    """The shoe after one card of value index ``v`` (0 = ace) is dealt from it."""
    return (*s[:v], s[v] - 1, *s[v + 1 :])


@cache
def dealer_hands(
    up: int, soft17: str
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Every multiset of cards the dealer can draw to a final hand from up card ``up``: its
    draw counts per value, its number of valid drawing orders and its outcome. Any one order
    of a multiset is as likely as any other (a ratio of falling factorials), so a shoe's
    distribution is a weighted sum over these (``dealer_distribution_fast``)."""
    found: dict[tuple[int, ...], list[int]] = {}

    def walk(drawn: list[int], hard: int, ace: bool, six: bool) -> None:
        soft = ace and hard <= 11
        total = hard + 10 if soft else hard
        outcome = -1
        if len(drawn) == 1 and total == 21:
            outcome = BJ
        elif total > 21:
            outcome = BUST
        elif not dealer_draws(hard, ace, six, soft17):  # games/blackjack/dealer.py
            outcome = total - 17
        if outcome >= 0:
            key = tuple(drawn.count(v) for v in range(10))
            entry = found.setdefault(key, [0, outcome])
            entry[0] += 1
            return
        for v in range(10):
            drawn.append(v)
            walk(drawn, hard + v + 1, ace or v == 0, six or v == 5)
            drawn.pop()

    walk([], up, up == 1, up == 6)
    keys = list(found)
    draws = np.array(keys, dtype=np.int64)
    orders = np.array([found[k][0] for k in keys], dtype=np.float64)
    outcomes = np.array([found[k][1] for k in keys], dtype=np.int64)
    return draws, orders, outcomes


@numba.njit(cache=True)
def _distribution_from_hands(
    s: npt.NDArray[np.int64],
    draws: npt.NDArray[np.int64],
    orders: npt.NDArray[np.float64],
    outcomes: npt.NDArray[np.int64],
) -> npt.NDArray[np.float64]:  # pragma: no cover
    n = s.sum()
    falling = np.ones((10, 16))  # falling[v, k] = s_v (s_v - 1) ... (s_v - k + 1)
    for v in range(10):
        for k in range(1, 16):
            falling[v, k] = falling[v, k - 1] * (s[v] - k + 1)
    total_falling = np.ones(16)
    for k in range(1, 16):
        total_falling[k] = total_falling[k - 1] * (n - k + 1)
    out = np.zeros(7)
    for i in range(draws.shape[0]):
        p = orders[i]
        k = 0
        for v in range(10):
            d = draws[i, v]
            if d:
                p *= falling[v, d]
                k += d
        out[outcomes[i]] += p / total_falling[k]
    return out


def dealer_distribution_fast(s: Shoe, up: int, soft17: str) -> npt.NDArray[np.float64]:
    """The dealer's final distribution for a shoe, from the precomputed multisets."""
    draws, orders, outcomes = dealer_hands(up, soft17)
    result: npt.NDArray[np.float64] = _distribution_from_hands(
        np.array(s, dtype=np.int64), draws, orders, outcomes
    )
    return result


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
        n = sum(s)
        out = 0.0
        for v in range(10):
            c = s[v]
            if c:
                rest = take(s, v)
                out += c / n * self.best(rest, hard + v + 1, soft or v == 0)
        return out

    def total(self, hard: int, soft: bool) -> int:
        return hard + 10 if soft and hard <= 11 else hard

    def _best(self, s: Shoe, hard: int, soft: bool) -> float:
        t = self.total(hard, soft)
        if t > 21:
            return -1.0
        stand = self.stand(s, t)
        return stand if t == 21 else max(stand, self.hit(s, hard, soft))

    def double(self, s: Shoe, hard: int, soft: bool, keeps_initial: bool) -> float:
        n = sum(s)
        out = 0.0
        for v in range(10):
            c = s[v]
            if c:
                rest = take(s, v)
                t = self.total(hard + v + 1, soft or v == 0)
                if t > 21:
                    out += c / n * -2.0
                    continue
                value, bj = self.stand_parts(rest, t)
                out += c / n * (2 * value - (1 if keeps_initial else 2) * bj)
        return out


@dataclass(frozen=True)
class HandValues:
    stand: float
    hit: float
    double: float
    split: float | None
    surrender: float | None


def remove(shoe: Shoe, *values: int) -> Shoe:
    s = list(shoe)
    for v in values:
        s[v - 1] -= 1
        if s[v - 1] < 0:
            raise ValueError("not enough cards of that value in the shoe")
    return tuple(s)


def full_shoe(decks: int) -> Shoe:
    return (4 * decks,) * 9 + (16 * decks,)


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
        t = self.a.total(hard, has_ace)
        soft = has_ace and hard <= 11  # an ace that can still count 11
        up = self.a.up
        if soft and 13 <= t <= 20:
            return self.chart["soft"][f"A{t - 11}"][up]
        if not soft and str(t) in self.chart["hard"]:
            return self.chart["hard"][str(t)][up]
        return "S" if t >= 17 else "H"

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
        n = sum(s)
        out = 0.0
        for v in range(10):
            c = s[v]
            if c:
                rest = take(s, v)
                out += c / n * self.value(rest, hard + v + 1, has_ace or v == 0)
        return out


def _split_value(
    a: ShoeAnalysis,
    rules: BlackjackRules,
    shoe: Shoe,
    x: int,
    play: PolicyPlay | None,
) -> float:
    """Expected total of the hands a split of ``x``-``x`` makes, re-splitting to the ruleset's
    maximum number of hands (aces only if the ruleset re-splits them).

    Each hand is valued on the shoe less the pair cards dealt so far ("how many hands the
    player had already split, but not the other cards drawn in those hands", the method of the
    published analysers): a hand waiting for its second card draws a pair card with
    probability ``q`` and splits again while it may, else it receives another card and is
    played out."""
    may_resplit = x != 1 or rules.resplit_aces
    limit = rules.split_max_hands if may_resplit else 2
    das = rules.double_after_split

    @cache
    def shoe_less(k: int) -> Shoe:
        return remove(shoe, *([x] * k))

    def hand_value(s: Shoe, hard: int, has_ace: bool) -> float:
        """The value of a two-card hand made by a split (one card only on split aces)."""
        if x == 1 and rules.split_aces_one_card:
            return a.stand(s, a.total(hard, has_ace))
        can_double = das and (rules.double != "eleven_only" or hard == 11)
        if play is not None:  # the chart, its double codes applying after a split (DAS)
            if can_double and play.code(hard, has_ace) == "D":
                return a.double(s, hard, has_ace, rules.double_keeps_initial_only)
            return play.value(s, hard, has_ace)
        value = a.best(s, hard, has_ace)
        if can_double:
            value = max(value, a.double(s, hard, has_ace, rules.double_keeps_initial_only))
        return value

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
                out += c / n * hand_value(take(s, v), x + v + 1, x == 1 or v == 0)
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
        # on a dealer blackjack only the initial bet is lost: the other stakes come back
        total += (hands - 1) * a.stand_parts(shoe_less(2), 17)[1]
    return total


def hand_values(
    rules: BlackjackRules,
    shoe: Shoe,
    up: int,
    a_: int,
    b_: int,
    analysis: ShoeAnalysis | None = None,
) -> HandValues:
    """Stand, hit, double, split and surrender values of a two-card hand against ``up``
    (card values 1..10), with the exact cards left."""
    a = analysis or ShoeAnalysis(rules, shoe, up)
    s = remove(a.base, a_, b_)
    hard, soft = a_ + b_, 1 in (a_, b_)
    t = a.total(hard, soft)
    split = _split_value(a, rules, a.base, a_, None) if a_ == b_ else None
    surrender = -0.5 if rules.surrender and up != 1 else None
    return HandValues(
        a.stand(s, t),
        a.hit(s, hard, soft),
        a.double(s, hard, soft, rules.double_keeps_initial_only),
        split,
        surrender,
    )


def analyze_blackjack(
    rules: BlackjackRules, decks: int | None = None, removed: list[int] | None = None
) -> dict[str, Any]:
    """House edge of basic strategy and of the composition-dependent optimum, per initial bet,
    for a full shoe of ``decks`` less the card values ``removed`` (1 = ace, 10 = ten-values)."""
    decks = decks or rules.shoe.decks
    shoe = remove(full_shoe(decks), *(removed or []))
    strategy = BasicStrategy(rules)
    chart = strategy.chart()
    n = sum(shoe)
    optimal = 0.0
    basic = 0.0
    for up in range(1, 11):
        a = ShoeAnalysis(rules, shoe, up)
        play = PolicyPlay(a, strategy)
        p_up = shoe[up - 1] / n
        for x in range(1, 11):
            for y in range(x, 11):
                s1 = remove(shoe, up)
                if s1[x - 1] <= 0:
                    continue
                p = s1[x - 1] / sum(s1)
                s2 = remove(s1, x)
                if s2[y - 1] <= 0:
                    continue
                p *= s2[y - 1] / sum(s2) * (1 if x == y else 2)
                weight = p_up * p
                if {x, y} == {1, 10}:
                    bj = a.stand_parts(remove(a.base, x, y), 21)[1]
                    value = float(rules.blackjack_pays) * (1 - bj)
                    optimal += weight * value
                    basic += weight * value
                    continue
                v = hand_values(rules, shoe, up, x, y, a)
                options = {"stand": v.stand, "hit": v.hit}
                if rules.double != "eleven_only" or x + y == 11:
                    options["double"] = v.double
                if v.split is not None and len(chart["pairs"]) and (x == y):
                    options["split"] = v.split
                if v.surrender is not None:
                    options["surrender"] = v.surrender
                optimal += weight * max(options.values())
                basic += weight * _chart_value(rules, chart, a, play, shoe, x, y, up, options)
    return {
        "game": "blackjack",
        "decks": decks,
        "removed": list(removed or []),
        "house_edge": -basic,
        "house_edge_optimal": -optimal,
        "chart": chart,
    }


def _chart_value(
    rules: BlackjackRules,
    chart: Any,
    a: ShoeAnalysis,
    play: PolicyPlay,
    shoe: Shoe,
    x: int,
    y: int,
    up: int,
    options: dict[str, float],
) -> float:
    """The value of the first decision the chart prescribes, then the chart's hits/stands."""
    hard, soft = x + y, 1 in (x, y)
    t = a.total(hard, soft)
    if x == y:
        code = chart["pairs"]["A-A" if x == 1 else f"{x}-{x}"][up]
    elif soft:
        code = chart["soft"][f"A{t - 11}"][up] if t <= 20 else "S"
    else:
        code = chart["hard"][str(t)][up] if str(t) in chart["hard"] else ("S" if t > 20 else "H")
    if code == "P" and "split" in options:
        return _split_value(a, rules, a.base, x, play)
    if code == "D" and "double" in options:
        return options["double"]
    if code == "R" and "surrender" in options:
        return options["surrender"]
    if code == "S":
        return options["stand"]
    s = remove(a.base, x, y)
    return play.value(s, hard, soft) if code in ("H", "D", "R", "P") else options["stand"]
