"""Exact hit probabilities of the baccarat jackpot combinations (Despacho 2/2009, art. 13) and
the jackpot bet's expected return for given prizes and pool.

A second kernel enumerates rounds by card *rank* (13 ranks: T J Q K differ for the jackpot and
the pairs), dealing by the engine's drawing table through each rank's point value, over the same
common denominator of six cards as :mod:`croupier.analysis.baccarat_exact`. Suits matter for
three combinations only and are handled exactly at the leaves: with distinct ranks, the cards of
different ranks come from separate pools, so the count of a five-card royal flush is the rank
count divided by the product of the five ranks' sizes and multiplied by the number of
one-suit choices (sum over suits of the product of the per-suit counts); the paradise straight
and Modality C's six of one colour likewise.

Combination codes follow :data:`croupier.games.baccarat.jackpot.COMBINATIONS` (highest first).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

from croupier.analysis.baccarat_exact import _BANKER as BANKER_TABLE
from croupier.analysis.baccarat_exact import _PLAYER as PLAYER_TABLE
from croupier.analysis.baccarat_exact import RANK_POINTS, Composition
from croupier.games.baccarat.jackpot import COMBINATIONS, JackpotSpec

_POINTS = np.array(RANK_POINTS, dtype=np.int64)
ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8

# Output columns
A_ROYAL, A_PARADISE, A_FOUR, A_DOUBLE_RANK, A_DOUBLE_POINTS, A_THREE, A_PAIR = range(7)
B_SIX, B_FIVE, B_DOUBLE_THREE, B_FOUR, B_THREE = range(7, 12)
C_SIX_COLOUR = 12
COLUMNS = 13


@numba.njit(cache=True)
def _leaf(
    out: npt.NDArray[np.int64],
    seq: npt.NDArray[np.int64],
    k: int,
    w: int,
    ranks: npt.NDArray[np.int64],
    suits: npt.NDArray[np.int64],
) -> None:  # pragma: no cover
    """Record the jackpot combinations of one rank sequence of ``k`` cards, weight ``w``."""
    # Modality A (first cards in dealing order)
    if k >= 5:
        mask = 0
        for i in range(5):
            mask |= 1 << seq[i]
        if mask == (1 << ACE) | (1 << KING) | (1 << QUEEN) | (1 << JACK) | (1 << TEN):
            prod = 1
            for i in range(5):
                prod *= ranks[seq[i]]
            base = w // prod
            royal = 0
            paradise = 0
            for s in range(4):
                same = 1
                for r in (KING, QUEEN, JACK, TEN):
                    same *= suits[r, s]
                royal += same * suits[ACE, s]
                paradise += same * (ranks[ACE] - suits[ACE, s])
            out[A_ROYAL] += base * royal
            out[A_PARADISE] += base * paradise
    c4 = np.zeros(13, dtype=np.int64)
    for i in range(4):
        c4[seq[i]] += 1
    top4 = c4.max()
    player_pair = seq[0] == seq[2]
    banker_pair = seq[1] == seq[3]
    if top4 == 4:
        out[A_FOUR] += w
    elif player_pair and banker_pair:
        out[A_DOUBLE_RANK] += w  # different ranks (same ranks would be four)
        if _POINTS[seq[0]] != _POINTS[seq[1]]:
            out[A_DOUBLE_POINTS] += w
    elif top4 == 3:
        out[A_THREE] += w
    elif player_pair or banker_pair:
        out[A_PAIR] += w
    # Modalities B and C (all cards on the table)
    c = np.zeros(13, dtype=np.int64)
    for i in range(k):
        c[seq[i]] += 1
    top = 0
    second = 0
    top_rank = 0
    for r in range(13):
        if c[r] > top:
            second = top
            top = c[r]
            top_rank = r
        elif c[r] > second:
            second = c[r]
    if top == 6:
        out[B_SIX] += w
        n = ranks[top_rank]
        black = suits[top_rank, 1] + suits[top_rank, 3]
        red = n - black
        falling = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
        same = black * (black - 1) * (black - 2) * (black - 3) * (black - 4) * (black - 5) + red * (
            red - 1
        ) * (red - 2) * (red - 3) * (red - 4) * (red - 5)
        out[C_SIX_COLOUR] += (w // falling) * same
    elif top == 5:
        out[B_FIVE] += w
    elif top == 3 and second == 3:
        out[B_DOUBLE_THREE] += w
    elif top == 4:
        out[B_FOUR] += w
    elif top == 3:
        out[B_THREE] += w


@numba.njit(cache=True)
def _enumerate_ranks(
    ranks: npt.NDArray[np.int64],
    suits: npt.NDArray[np.int64],
    player_draws: npt.NDArray[np.bool_],
    banker_draws: npt.NDArray[np.bool_],
) -> npt.NDArray[np.int64]:  # pragma: no cover
    out = np.zeros(COLUMNS, dtype=np.int64)
    c = ranks.copy()
    n = c.sum()
    f4 = (n - 4) * (n - 5)
    f5 = n - 5
    seq = np.zeros(6, dtype=np.int64)
    for p1 in range(13):
        w1 = c[p1]
        if w1 == 0:
            continue
        c[p1] -= 1
        seq[0] = p1
        for b1 in range(13):
            w2 = w1 * c[b1]
            if w2 == 0:
                continue
            c[b1] -= 1
            seq[1] = b1
            for p2 in range(13):
                w3 = w2 * c[p2]
                if w3 == 0:
                    continue
                c[p2] -= 1
                seq[2] = p2
                pt0 = (_POINTS[p1] + _POINTS[p2]) % 10
                for b2 in range(13):
                    w4 = w3 * c[b2]
                    if w4 == 0:
                        continue
                    c[b2] -= 1
                    seq[3] = b2
                    bt0 = (_POINTS[b1] + _POINTS[b2]) % 10
                    if pt0 >= 8 or bt0 >= 8:
                        _leaf(out, seq, 4, w4 * f4, ranks, suits)
                    elif player_draws[pt0]:
                        for p3 in range(13):
                            w5 = w4 * c[p3]
                            if w5 == 0:
                                continue
                            seq[4] = p3
                            if banker_draws[bt0, _POINTS[p3]]:
                                c[p3] -= 1
                                for b3 in range(13):
                                    w6 = w5 * c[b3]
                                    if w6:
                                        seq[5] = b3
                                        _leaf(out, seq, 6, w6, ranks, suits)
                                c[p3] += 1
                            else:
                                _leaf(out, seq, 5, w5 * f5, ranks, suits)
                    elif banker_draws[bt0, 10]:
                        for b3 in range(13):
                            w5 = w4 * c[b3]
                            if w5:
                                seq[4] = b3
                                _leaf(out, seq, 5, w5 * f5, ranks, suits)
                    else:
                        _leaf(out, seq, 4, w4 * f4, ranks, suits)
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return out


@dataclass(frozen=True)
class JackpotOdds:
    total: int
    counts: tuple[int, ...]

    def probability(
        self, modality: str, combination: str, double_pairs_by: str = "points"
    ) -> Fraction:
        """Probability that ``combination`` is the round's highest of ``modality``."""
        c = self.counts
        col = {
            ("A", "royal_flush"): [A_ROYAL],
            ("A", "four_of_a_kind"): [A_FOUR],
            ("A", "three_of_a_kind"): [A_THREE],
            ("B", "six_of_a_kind"): [B_SIX],
            ("B", "five_of_a_kind"): [B_FIVE],
            ("B", "double_three"): [B_DOUBLE_THREE],
            ("B", "four_of_a_kind"): [B_FOUR],
            ("B", "three_of_a_kind"): [B_THREE],
            ("C", "six_of_a_kind_same_colour"): [C_SIX_COLOUR],
            ("C", "five_of_a_kind"): [B_FIVE],
            ("C", "double_three"): [B_DOUBLE_THREE],
            ("C", "four_of_a_kind"): [B_FOUR],
            ("C", "three_of_a_kind"): [B_THREE],
        }.get((modality, combination))
        if col is not None:
            return Fraction(sum(c[i] for i in col), self.total)
        if (modality, combination) == ("A", "paradise_straight"):
            return Fraction(c[A_PARADISE], self.total)
        double = c[A_DOUBLE_RANK] if double_pairs_by == "rank" else c[A_DOUBLE_POINTS]
        if (modality, combination) == ("A", "double_pairs"):
            return Fraction(double, self.total)
        if (modality, combination) == ("A", "single_pair"):
            # a double pair of equal points falls to the single-pair line under that reading
            return Fraction(c[A_PAIR] + c[A_DOUBLE_RANK] - double, self.total)
        if (modality, combination) == ("C", "six_of_a_kind"):
            return Fraction(c[B_SIX] - c[C_SIX_COLOUR], self.total)
        raise KeyError((modality, combination))


def jackpot_odds(comp: Composition) -> JackpotOdds:
    if comp.suits is None:
        raise ValueError("jackpot odds need the suits of the composition")
    ranks = np.array(comp.ranks, dtype=np.int64)
    suits = np.array(comp.suits, dtype=np.int64)
    counts = _enumerate_ranks(ranks, suits, PLAYER_TABLE, BANKER_TABLE)
    n = comp.size
    return JackpotOdds(
        n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5), tuple(int(x) for x in counts)
    )


def jackpot_figures(
    spec: JackpotSpec, comp: Composition, pool: int | None = None
) -> dict[str, Any]:
    """Hit probabilities and the jackpot bet's expected return (one bettor: every prize paid to
    them; ``pool`` defaults to the seed) per unit staked (the ticket price)."""
    odds = jackpot_odds(comp)
    pool = spec.seed if pool is None else pool
    stake = spec.stake or 1
    rows: list[dict[str, Any]] = []
    expected = Fraction(-1)  # the ticket is collected
    second = Fraction(0)
    for name, _, _ in COMBINATIONS[spec.modality]:
        p = odds.probability(spec.modality, name, spec.double_pairs_by)
        prize, _ = spec.prizes[name].amount(pool)
        gain = Fraction(prize) / stake + (1 if spec.returns_stake else 0)  # paid on a hit
        expected += p * gain
        second += p * (gain - 1) ** 2
        rows.append(
            {"combination": name, "probability": p, "prize": int(prize), "return": p * gain}
        )
    miss = 1 - sum((r["probability"] for r in rows), Fraction(0))
    second += miss
    return {
        "modality": spec.modality,
        "pool": pool,
        "stake": stake,
        "rows": rows,
        "expected": expected,
        "second_moment": second,
    }
