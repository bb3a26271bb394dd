"""Exact (composition-dependent) blackjack analysis for a finite shoe, no hole card.

Every decision is valued on the exact cards left: the dealer's up card and the player's cards
are removed from the shoe, the dealer's final distribution (17..21, bust, blackjack, the second
card drawn after the player as with no hole card) is summed over the dealer's multisets of
draws with card removal, and the player's hit / stand / double values follow the next card with
removal too. Doubles and splits lose only the initial bet to a dealer blackjack when the
ruleset says so (arts. 16(6), 17(3)); surrender returns half (not against an ace).

* ``house_edge_optimal``: the composition-dependent optimum (the best action for the exact
  cards of every hand);
* ``house_edge``: the basic strategy of the ruleset (the chart of
  :mod:`croupier.games.blackjack.strategy`, a total-dependent strategy) played on the same
  finite shoe, valued exactly.

Split hands are valued on the shoe less the pair cards dealt so far, not the other cards of
the sister hands (the method of the published combinatorial analysers,
:mod:`croupier.analysis.blackjack_split`); everything else is exact.

Two solvers give the values: the compiled one (:mod:`croupier.analysis.blackjack_solver`, every
hand of an up card in one pass over arrays; the default) and the reference recursions
(:mod:`croupier.analysis.blackjack_reference`, ``method="reference"``), which the tests hold it
equal to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from croupier.analysis.blackjack_dealer import dealer_hands
from croupier.analysis.blackjack_shoe import Shoe, full_shoe, remove
from croupier.analysis.blackjack_split import chart_code
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BasicStrategy

__all__ = ["analyze_blackjack", "dealer_hands", "full_shoe", "remove"]
METHODS = ("solver", "reference")


def __getattr__(name: str) -> Any:
    if name == "ShoeAnalysis":  # the reference's (it imports Numba): loaded when asked for
        from croupier.analysis.blackjack_reference import ShoeAnalysis

        return ShoeAnalysis
    raise AttributeError(name)


class UpCard(Protocol):
    """The values the analysis asks of the hands against one up card."""

    def blackjack(self, x: int, y: int) -> float: ...

    def values(self, x: int, y: int) -> tuple[float, float, float, float]: ...

    def split(self, x: int, basic: bool) -> float: ...


def solver(method: str) -> Callable[[BlackjackRules, Shoe, int, BasicStrategy, Any], UpCard]:
    """The up-card solver of ``method``: the compiled one, or the reference recursions (also
    where the compiled kernels were not built: a slower answer, the same figures)."""
    if method not in METHODS:
        raise ValueError(f"method: {method!r} must be one of {', '.join(METHODS)}")
    if method == "solver":
        try:
            from croupier.analysis.blackjack_solver import SolvedUpCard
        except ImportError:  # the C extension is optional (pyproject.toml): the reference
            pass
        else:
            return SolvedUpCard
    from croupier.analysis.blackjack_reference import ReferenceUpCard

    return ReferenceUpCard


def analyze_blackjack(
    rules: BlackjackRules,
    decks: int | None = None,
    removed: list[int] | None = None,
    method: str = "solver",
) -> dict[str, Any]:
    """House edge of basic strategy and of the composition-dependent optimum, per initial bet,
    for a full shoe of ``decks`` less the card values ``removed`` (1 = ace, 10 = ten-values)."""
    decks = decks or rules.shoe.decks
    shoe = remove(full_shoe(decks), *(removed or []))
    strategy = BasicStrategy(rules)
    chart = strategy.chart()
    make = solver(method)
    n = sum(shoe)
    optimal = 0.0
    basic = 0.0
    for up in range(1, 11):
        if shoe[up - 1] == 0:
            continue
        card = make(rules, shoe, up, strategy, chart)  # the chart computed once
        p_up = shoe[up - 1] / n
        s1 = remove(shoe, up)
        for x in range(1, 11):
            for y in range(x, 11):
                if s1[x - 1] <= 0:
                    continue
                p = s1[x - 1] / sum(s1)
                s2 = remove(s1, x)
                if s2[y - 1] <= 0:
                    continue
                p *= s2[y - 1] / sum(s2) * (1 if x == y else 2)
                weight = p_up * p
                if {x, y} == {1, 10}:
                    value = float(rules.blackjack_pays) * (1 - card.blackjack(x, y))
                    optimal += weight * value
                    basic += weight * value
                    continue
                stand, hit, double, play = card.values(x, y)
                options = {"stand": stand, "hit": hit}
                if rules.double != "eleven_only" or x + y == 11:
                    options["double"] = double
                if x == y and len(chart["pairs"]):
                    options["split"] = card.split(x, False)
                if rules.surrender and up != 1:
                    options["surrender"] = -0.5
                optimal += weight * max(options.values())
                code = _chart_code(chart, x, y, up)
                if code == "P" and "split" in options:
                    basic += weight * card.split(x, True)
                else:
                    basic += weight * _chart_value(code, options, play)
    return {
        "game": "blackjack",
        "decks": decks,
        "removed": list(removed or []),
        "house_edge": -basic,
        "house_edge_optimal": -optimal,
        "chart": chart,
    }


def _chart_code(chart: Any, x: int, y: int, up: int) -> str:
    """The chart's code for the first decision of the two-card hand x-y (not a blackjack)."""
    if x == y:
        return str(chart["pairs"]["A-A" if x == 1 else f"{x}-{x}"][up])
    return chart_code(chart, up, x + y, 1 in (x, y))


def _chart_value(code: str, options: dict[str, float], play: float) -> float:
    """The value of the first decision the chart prescribes (other than a split), then the
    chart's hits and stands (``play``)."""
    if code == "D" and "double" in options:
        return options["double"]
    if code == "R" and "surrender" in options:
        return options["surrender"]
    if code == "S":
        return options["stand"]
    return play if code in ("H", "D", "R", "P") else options["stand"]
