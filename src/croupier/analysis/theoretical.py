"""Each table bet's theoretical house edge and variance per unit staked, from croupier's exact
analysis (issue 30: the operator's reports set the actual hold beside the theoretical one and
its confidence interval).

* Baccarat: every bet the ruleset offers, exactly (analysis/baccarat_par.py), on a full shoe.
* Stud: the ante's edge and variance per ante under the optimal strategy with the dealer's up
  card (analysis/stud_upcard.py); the raise's result is in the ante's figure (``included``).
* Blackjack: the ``bet`` line's edge per initial bet under basic strategy
  (analysis/blackjack_exact.py), applied to the line's whole stake (doubles and splits are
  booked into it; the figure is then a little high); no variance (no confidence interval);
  the any-pair bet exactly.

A kind with no figure (a progressive jackpot's bet, whose return moves with its pool; insurance)
is listed as ``unpriced``. Figures are computed once per ruleset and options, then kept.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from croupier.rulesets import load_ruleset


@dataclass(frozen=True)
class Figure:
    """Statistics per unit staked, not money: the reports multiply them by integer stakes only to
    show a ratio (the theoretical hold) and its interval, never to move or book an amount."""

    edge: float  # the house's expected win per unit staked (a probability-weighted ratio)
    variance: float | None  # of the player's net result per unit staked


@dataclass(frozen=True)
class Edges:
    figures: dict[str, Figure]
    included: frozenset[str] = field(default_factory=frozenset)  # results in another's figure
    note: str = ""


def _baccarat(rules: Any) -> Edges:
    from croupier.analysis.baccarat_exact import Composition
    from croupier.analysis.baccarat_par import bet_figures

    _outcomes, bets = bet_figures(rules, Composition.full(rules.shoe.decks))
    figures = {b.bet: Figure(float(b.house_edge), b.std_dev**2) for b in bets}
    return Edges(figures, note="exact, full shoe")


def _stud(rules: Any) -> Edges:
    from croupier.analysis.stud_upcard import analyze_upcard

    report = analyze_upcard(rules.royal_flush_pays, "macau")
    rows = report["return_table"]
    mean = sum(r["probability"] * r["net"] for r in rows)
    second = sum(r["probability"] * r["net"] ** 2 for r in rows)
    ante = Figure(report["house_edge_ante"], second - mean**2)
    return Edges({"ante": ante}, frozenset({"raise"}), "exact per ante, optimal strategy")


def _blackjack(rules: Any) -> Edges:
    from croupier.analysis.blackjack_exact import analyze_blackjack

    report = analyze_blackjack(rules)
    figures = {"bet": Figure(float(report["house_edge"]), None)}
    if rules.any_pair:
        per_rank = 4 * rules.shoe.decks
        cards = 52 * rules.shoe.decks
        pair = Fraction(13 * per_rank * (per_rank - 1), cards * (cards - 1))
        pays = rules.any_pair_pays
        edge = 1 - (pays + 1) * pair
        mean = -edge
        variance = float(pair * pays**2 + (1 - pair) - mean**2)
        figures["any_pair"] = Figure(float(edge), variance)
    return Edges(figures, note="exact per initial bet, basic strategy")


_BY_GAME = {"baccarat": _baccarat, "stud": _stud, "blackjack": _blackjack}


@functools.lru_cache(maxsize=64)
def _edges(ruleset: str, overrides: str) -> Edges:
    loaded = load_ruleset(ruleset, json.loads(overrides))
    return _BY_GAME[loaded.game](loaded.rules)


def edges(ruleset: str, overrides: dict[str, Any]) -> Edges:
    """The figures of a table opened from ``ruleset`` with ``overrides``."""
    return _edges(ruleset, json.dumps(overrides, sort_keys=True))
