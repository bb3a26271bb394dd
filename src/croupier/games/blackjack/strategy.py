"""Basic strategy for a ruleset, computed (not typed in): an infinite-deck expected-value
calculation under the ruleset's own options.

Every card value is drawn with probability 1/13 (ten-values 4/13). With no hole card the dealer
can turn a blackjack after the boxes have played, so each decision's value is

* ``-q + (1 - q) * E``, where ``q`` is the chance the dealer makes a blackjack with the up card
  and ``E`` the expected result of the decision given that the dealer does not;
* doubles and splits lose only the initial bet to a dealer blackjack when the ruleset says so
  (arts. 16(6), 17(3)): ``-q`` rather than ``-2q``;
* surrender is worth ``-1/2`` whatever the dealer then draws (not offered against an ace).

Split hands are played without further splits (a close approximation); finite-shoe and
composition-dependent figures come from the exact analysis (a later issue). The result drives
``croupier blackjack hint``, the basic-strategy player of ``croupier blackjack deal`` and the
trainer of ``croupier blackjack play``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from croupier.games.blackjack.dealer import draws_on as dealer_draws
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.values import total_of_values

P = {v: (4 / 13 if v == 10 else 1 / 13) for v in range(1, 11)}
BUST = 22
BJ = 23  # dealer blackjack


@cache
def dealer_outcomes(up: int, soft17: str) -> dict[int, float]:
    """Probabilities of the dealer's final total (17..21, BUST, BJ) given the up card value."""

    @cache
    def play(values: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
        t, _soft = total_of_values(values)
        if len(values) == 2 and t == 21:
            return ((BJ, 1.0),)
        if t > 21:
            return ((BUST, 1.0),)
        if not dealer_draws(values, soft17):  # art. 6(1), 6(6): games/blackjack/dealer.py
            return ((t, 1.0),)
        out: dict[int, float] = {}
        for v, p in P.items():
            for o, q in play(tuple(sorted((*values, v)))):
                out[o] = out.get(o, 0.0) + p * q
        return tuple(out.items())

    result: dict[int, float] = {}
    for o, q in play((up,)):
        result[o] = result.get(o, 0.0) + q
    return result


def _result(t: int, o: int) -> int:
    if t > 21:
        return -1
    if o == BUST or o < t:
        return 1
    return 0 if o == t else -1


@dataclass(frozen=True)
class Advice:
    action: str
    values: dict[str, float]  # expected value per initial unit, for each legal action

    def cost(self, action: str) -> float:
        """What choosing ``action`` instead of the best one costs, per initial unit."""
        return self.values[self.action] - self.values[action]


class BasicStrategy:
    def __init__(self, rules: BlackjackRules) -> None:
        self.rules = rules

    @cache  # noqa: B019 - one strategy object per ruleset, kept for the process
    def _no_bj(self, up: int) -> tuple[float, tuple[tuple[int, float], ...]]:
        d = dealer_outcomes(up, self.rules.soft17)
        q = d.get(BJ, 0.0)
        rest = tuple((o, p / (1 - q)) for o, p in d.items() if o != BJ)
        return q, rest

    @cache  # noqa: B019
    def _stand(self, t: int, up: int) -> float:
        _, dist = self._no_bj(up)
        return sum(p * _result(t, o) for o, p in dist)

    @cache  # noqa: B019
    def _best(self, hard: int, soft: bool, up: int) -> float:
        """Best of stand and hit for a hand (given no dealer blackjack)."""
        t = hard + 10 if soft and hard <= 11 else hard
        if t > 21:
            return -1.0
        stand = self._stand(t, up)
        if t == 21:
            return stand
        return max(stand, self._hit(hard, soft, up))

    @cache  # noqa: B019
    def _hit(self, hard: int, soft: bool, up: int) -> float:
        return sum(p * self._best(hard + v, soft or v == 1, up) for v, p in P.items())

    @cache  # noqa: B019
    def _double(self, hard: int, soft: bool, up: int) -> float:
        out = 0.0
        for v, p in P.items():
            h, s = hard + v, soft or v == 1
            out += p * self._stand(h + 10 if s and h <= 11 else h, up)
        return 2 * out

    @cache  # noqa: B019
    def _split_hand(self, card: int, up: int) -> float:
        rules = self.rules
        out = 0.0
        for v, p in P.items():
            hard, soft = card + v, card == 1 or v == 1
            if card == 1 and rules.split_aces_one_card:
                value = self._stand(hard + 10 if soft and hard <= 11 else hard, up)
            else:
                value = self._best(hard, soft, up)
                if rules.double_after_split and (rules.double != "eleven_only" or hard == 11):
                    value = max(value, self._double(hard, soft, up))
            out += p * value
        return out

    def advise(self, cards: Sequence[int], up: int, legal: Iterable[str]) -> Advice:
        """The best legal action for a hand of card values (1..10) against an up card value."""
        q, _ = self._no_bj(up)
        hard = sum(cards)
        soft = 1 in cards
        rules = self.rules
        obo_double = q if rules.double_keeps_initial_only else 2 * q
        obo_split = q if rules.split_loses_initial_only else 2 * q
        values: dict[str, float] = {}
        legal = set(legal)
        t, _ = total_of_values(cards)
        if "stand" in legal:
            values["stand"] = -q + (1 - q) * self._stand(t, up)
        if "hit" in legal:
            values["hit"] = -q + (1 - q) * self._hit(hard, soft, up)
        if "double" in legal:
            values["double"] = -obo_double + (1 - q) * self._double(hard, soft, up)
        if "split" in legal and len(cards) == 2:
            values["split"] = -obo_split + (1 - q) * 2 * self._split_hand(cards[0], up)
        if "surrender" in legal:
            values["surrender"] = -0.5
        best = max(values, key=lambda a: values[a])
        return Advice(best, values)

    def chart(self) -> dict[str, dict[str, dict[int, str]]]:
        """The strategy chart: hard totals, soft totals and pairs against each up card, with
        every first-decision option available. Codes: H hit, S stand, D double, P split,
        R surrender."""
        legal = {"hit", "stand", "double", "surrender", "split"}
        code = {"hit": "H", "stand": "S", "double": "D", "split": "P", "surrender": "R"}
        ups = range(1, 11)

        def row(cards: Sequence[int], allow: set[str]) -> dict[int, str]:
            out = {}
            for up in ups:
                allowed_here = allow - (
                    {"surrender"} if up == 1 or not self.rules.surrender else set()
                )
                if self.rules.double == "eleven_only" and sum(cards) != 11:
                    allowed_here -= {"double"}
                out[up] = code[self.advise(cards, up, allowed_here).action]
            return out

        hard = {str(t): row(_hard_pair(t), legal - {"split"}) for t in range(5, 21)}
        soft = {f"A{t - 11}": row((1, t - 11), legal - {"split"}) for t in range(13, 21)}
        pairs = {f"{v}-{v}" if v > 1 else "A-A": row((v, v), legal) for v in range(1, 11)}
        return {"hard": hard, "soft": soft, "pairs": pairs}


def _hard_pair(t: int) -> tuple[int, int]:
    """Two non-pair, non-ace card values totalling ``t`` (5..20)."""
    for a in range(2, 11):
        b = t - a
        if 2 <= b <= 10 and a != b:
            return (a, b)
    return (10, 10)  # 20: only 10-10; treated as a hard 20 with split excluded


@lru_cache(maxsize=16)
def strategy_for(rules: BlackjackRules) -> BasicStrategy:
    """One strategy (and its cached tables) per ruleset, shared by the tables that play it."""
    return BasicStrategy(rules)
