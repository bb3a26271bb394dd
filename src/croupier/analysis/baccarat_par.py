"""Every baccarat bet's probability, house edge, return and standard deviation, exactly, for a
ruleset and a shoe composition: the data of a PAR sheet and of the shoe monitor.

House edge is the player's expected loss per unit of initial stake, per round dealt (ties
included); return is one less the house edge. A bet is a distribution of net results per unit
staked; probabilities and edges are exact fractions, the standard deviation a float.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from croupier.analysis.baccarat_exact import Composition, Outcomes, outcomes
from croupier.games.baccarat.rules import BaccaratRules

Distribution = list[tuple[Fraction, Fraction]]  # (net result per unit, probability)


@dataclass(frozen=True)
class BetFigure:
    bet: str
    pays: str
    distribution: tuple[tuple[Fraction, Fraction], ...]

    @property
    def expected(self) -> Fraction:
        return sum((x * p for x, p in self.distribution), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return -self.expected

    @property
    def probability_win(self) -> Fraction:
        return sum((p for x, p in self.distribution if x > 0), Fraction(0))

    @property
    def std_dev(self) -> float:
        second = sum((x * x * p for x, p in self.distribution), Fraction(0))
        return math.sqrt(float(second - self.expected**2))

    def record(self) -> dict[str, Any]:
        he = self.house_edge
        return {
            "bet": self.bet,
            "pays": self.pays,
            "probability_win": float(self.probability_win),
            "house_edge": float(he),
            "return": float(1 - he),
            "std_dev": self.std_dev,
            "house_edge_exact": f"{he.numerator}/{he.denominator}",
        }


def _bet(name: str, pays: str, *terms: tuple[Fraction | int, Fraction]) -> BetFigure:
    rest = 1 - sum((p for _, p in terms), Fraction(0))
    dist = [(Fraction(x), p) for x, p in terms if p]
    if rest:
        dist.append((Fraction(-1), rest))
    return BetFigure(name, pays, tuple(dist))


def banker_figure(rules: BaccaratRules, o: Outcomes) -> BetFigure:
    """The Banker bet under the ruleset's commission scheme (art. 18; rule 26)."""
    win, lose, tie = o.banker, o.player, o.tie
    scheme = rules.commission
    if scheme == "standard":
        return _bet("banker", "1:1 less 5%", (Fraction(19, 20), win), (0, tie))
    if scheme == "banker6_half":
        six = o.banker_on(6)
        return _bet("banker", "1:1, 1:2 on a 6", (1, win - six), (Fraction(1, 2), six), (0, tie))
    if scheme == "dragon7_push":
        d7 = o.banker_on(7, 3)
        return _bet("banker", "1:1, push on a Dragon 7", (1, win - d7), (0, tie + d7))
    if scheme == "banker5_6_half":
        half = o.banker_on(5) + o.banker_on(6)
        return _bet(
            "banker", "1:1, 1:2 on a 5 or 6", (1, win - half), (Fraction(1, 2), half), (0, tie)
        )
    return _bet("banker", "1:1", (1, win), (0, tie))
    del lose


def bet_figures(rules: BaccaratRules, comp: Composition) -> tuple[Outcomes, list[BetFigure]]:
    o = outcomes(comp)
    return o, figures_from_outcomes(rules, o, o.pair_probability, o.pair_probability)


def figures_from_outcomes(
    rules: BaccaratRules, o: Outcomes, player_pair: Fraction, banker_pair: Fraction
) -> list[BetFigure]:
    """Every offered bet's distribution from outcome frequencies: exact counts from the
    enumeration, or counts observed by the simulator (one definition of the bets for both)."""
    bets = [
        _bet("player", "1:1", (1, o.player), (0, o.tie)),
        banker_figure(rules, o),
        _bet("tie", "8:1", (8, o.tie)),
    ]
    for side in rules.side_bets:
        if side in ("player_pair", "banker_pair"):
            p = player_pair if side == "player_pair" else banker_pair
            bets.append(_bet(side, "11:1", (11, p)))
        elif side == "dragon7":
            bets.append(_bet(side, "40:1", (40, o.banker_on(7, 3))))
        elif side == "lucky6":
            bets.append(_bet(side, "12:1 / 20:1", (12, o.banker_on(6, 2)), (20, o.banker_on(6, 3))))
    return bets


def jackpot_records(
    rules: BaccaratRules, comp: Composition, pool: int | None = None
) -> list[dict[str, Any]]:
    """The jackpot rows of a PAR sheet: the bet as a whole (``jackpot_<modality>``) and each
    combination (``jackpot_<modality>_<combination>``: its hit probability and its share of the
    return; a combination is not a bet of its own, so its edge and deviation are null)."""
    spec = rules.jackpot
    if spec is None:
        return []
    from croupier.analysis.baccarat_jackpot import jackpot_figures  # Numba: only with a jackpot

    fig = jackpot_figures(spec, comp, pool)
    expected: Fraction = fig["expected"]
    std = math.sqrt(float(fig["second_moment"] - expected**2))
    hit = sum((r["probability"] for r in fig["rows"]), Fraction(0))
    m = spec.modality
    out: list[dict[str, Any]] = [
        {
            "bet": f"jackpot_{m}",
            "pays": f"prizes on a pool of {fig['pool']}",
            "probability_win": float(hit),
            "house_edge": float(-expected),
            "return": float(1 + expected),
            "std_dev": std,
            "house_edge_exact": f"{(-expected).numerator}/{(-expected).denominator}",
        }
    ]
    for r in fig["rows"]:
        out.append(
            {
                "bet": f"jackpot_{m}_{r['combination']}",
                "pays": str(r["prize"]),
                "probability_win": float(r["probability"]),
                "house_edge": None,
                "return": float(r["return"]),
                "std_dev": None,
            }
        )
    return out


def analyze(
    ruleset_name: str,
    rules: BaccaratRules,
    decks: int,
    removed: str | None = None,
    pool: int | None = None,
) -> dict[str, Any]:
    """The JSON object of ``croupier analyze baccarat``."""
    comp = Composition.full(decks)
    if removed:
        comp = comp.remove(removed)
    o, bets = bet_figures(rules, comp)
    return {
        "game": "baccarat",
        "ruleset": ruleset_name,
        "decks": decks,
        "removed": removed.replace(",", " ").split() if removed else [],
        "cards": comp.size,
        "combinations": o.total,
        "outcomes": {"player": float(o.player), "banker": float(o.banker), "tie": float(o.tie)},
        "outcomes_exact": {
            "player": sum(o.player_wins),
            "banker": sum(o.banker_wins_two) + sum(o.banker_wins_three),
            "tie": sum(o.ties),
        },
        "bets": [b.record() for b in bets] + jackpot_records(rules, comp, pool),
    }


def net_per_unit(bet: str, rules: BaccaratRules, coup: Any) -> Fraction:
    """What one unit on ``bet`` nets on a dealt coup, by the same terms as the figures above."""
    winner = coup.winner
    if bet == "player":
        return Fraction({"player": 1, "tie": 0, "banker": -1}[winner])
    if bet == "banker":
        if winner != "banker":
            return Fraction(0 if winner == "tie" else -1)
        terms = rules.scheme.banker_win(coup)
        return terms.gross - terms.deduction if terms.outcome == "win" else Fraction(0)
    if bet == "tie":
        return Fraction(8 if winner == "tie" else -1)
    if bet == "player_pair":
        return Fraction(11 if coup.player_pair else -1)
    if bet == "banker_pair":
        return Fraction(11 if coup.banker_pair else -1)
    if bet == "dragon7":
        return Fraction(40 if coup.dragon7 else -1)
    if bet == "lucky6":
        if winner == "banker" and coup.banker_total == 6:
            return Fraction(12 if len(coup.banker) == 2 else 20)
        return Fraction(-1)
    raise ValueError(f"no exact figure for bet {bet!r}")
