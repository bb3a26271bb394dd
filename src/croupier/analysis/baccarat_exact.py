"""Exact baccarat odds for any shoe composition (Macau art. 9 / PT rules 19-20 drawing).

The kernel enumerates every round by card *point value* (0..9) with the multiplicities left in
the shoe, in dealing order P1 B1 P2 B2 [P3] [B3], reading the drawing rules from the one table
the engine uses (:mod:`croupier.games.baccarat.drawing`). Weights are integer counts of ordered
card sequences over a common denominator of six cards, ``N (N-1) ... (N-5)``: a round that uses
fewer cards is weighted by the ways to fill the unused positions, so every count is exact (8
decks: 4,998,398,275,503,360 sequences). Everything derived (probabilities, house edges) is a
:class:`fractions.Fraction`; only standard deviations are floats.

Pairs depend on the first two cards' ranks alone and are computed in closed form from the rank
counts; Dragon 7 and Lucky 6 come out of the enumeration (banker wins by total and card count).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numba
import numpy as np
import numpy.typing as npt

from croupier.cards import RANKS, parse_cards, rank_of
from croupier.games.baccarat.drawing import BANKER_DRAWS, PLAYER_DRAWS, PLAYER_STOOD

_PLAYER = np.array(PLAYER_DRAWS, dtype=np.bool_)
_BANKER = np.array(BANKER_DRAWS, dtype=np.bool_)
#: point value of each rank index (2..9 face value, T J Q K 0, A 1)
RANK_POINTS = tuple(1 if r == 12 else (r + 2 if r < 8 else 0) for r in range(13))


@numba.njit(cache=True)
def _enumerate(
    counts: npt.NDArray[np.int64],
    player_draws: npt.NDArray[np.bool_],
    banker_draws: npt.NDArray[np.bool_],
) -> npt.NDArray[np.int64]:  # pragma: no cover
    """Counts of ordered six-card sequences by outcome.

    Row 0: Player wins by Player total; row 1: ties by total; rows 2-3: Banker wins by Banker
    total with two (2) or three (3) Banker cards."""
    out = np.zeros((4, 10), dtype=np.int64)
    c = counts.copy()
    n = c.sum()
    f4 = (n - 4) * (n - 5)
    f5 = n - 5
    for p1 in range(10):
        w1 = c[p1]
        if w1 == 0:
            continue
        c[p1] -= 1
        for b1 in range(10):
            w2 = w1 * c[b1]
            if w2 == 0:
                continue
            c[b1] -= 1
            for p2 in range(10):
                w3 = w2 * c[p2]
                if w3 == 0:
                    continue
                c[p2] -= 1
                pt0 = (p1 + p2) % 10
                for b2 in range(10):
                    w4 = w3 * c[b2]
                    if w4 == 0:
                        continue
                    c[b2] -= 1
                    bt0 = (b1 + b2) % 10
                    if pt0 >= 8 or bt0 >= 8:
                        _record(out, pt0, bt0, 2, w4 * f4)
                    elif player_draws[pt0]:
                        for p3 in range(10):
                            w5 = w4 * c[p3]
                            if w5 == 0:
                                continue
                            pt = (pt0 + p3) % 10
                            if banker_draws[bt0, p3]:
                                c[p3] -= 1
                                for b3 in range(10):
                                    w6 = w5 * c[b3]
                                    if w6:
                                        _record(out, pt, (bt0 + b3) % 10, 3, w6)
                                c[p3] += 1
                            else:
                                _record(out, pt, bt0, 2, w5 * f5)
                    elif banker_draws[bt0, 10]:
                        for b3 in range(10):
                            w5 = w4 * c[b3]
                            if w5:
                                _record(out, pt0, (bt0 + b3) % 10, 3, w5 * f5)
                    else:
                        _record(out, pt0, bt0, 2, w4 * f4)
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return out


@numba.njit(cache=True, inline="always")
def _record(
    out: npt.NDArray[np.int64], pt: int, bt: int, bcards: int, w: int
) -> None:  # pragma: no cover
    if pt > bt:
        out[0, pt] += w
    elif pt == bt:
        out[1, pt] += w
    else:
        out[bcards, bt] += w


# The kernel needs PLAYER_STOOD as column 10 of the Banker table.
assert PLAYER_STOOD == 10


@dataclass(frozen=True)
class Composition:
    """Cards left in the shoe, by rank (index 0..12 = 2..A)."""

    ranks: tuple[int, ...]
    suits: tuple[tuple[int, int, int, int], ...] | None = None  # per rank, per suit D C H S

    @classmethod
    def full(cls, decks: int) -> Composition:
        return cls(tuple([4 * decks] * 13), tuple((decks,) * 4 for _ in range(13)))

    def remove(self, cards: Sequence[int] | str) -> Composition:
        """The composition after ``cards`` (ints or text) have left the shoe."""
        codes = parse_cards(cards) if isinstance(cards, str) else list(cards)
        ranks = list(self.ranks)
        suits = [list(s) for s in self.suits] if self.suits else None
        for card in codes:
            r = rank_of(card)
            if ranks[r] <= 0 or (suits is not None and suits[r][card & 3] <= 0):
                raise ValueError(f"--remove: no {RANKS[r]} of that suit is left in the shoe")
            ranks[r] -= 1
            if suits is not None:
                suits[r][card & 3] -= 1
        return Composition(
            tuple(ranks), tuple((s[0], s[1], s[2], s[3]) for s in suits) if suits else None
        )

    @property
    def size(self) -> int:
        return sum(self.ranks)

    def points(self) -> npt.NDArray[np.int64]:
        out = np.zeros(10, dtype=np.int64)
        for r, n in enumerate(self.ranks):
            out[RANK_POINTS[r]] += n
        return out


@dataclass(frozen=True)
class Outcomes:
    """Exact counts of six-card sequences by outcome for one composition."""

    total: int
    player_wins: tuple[int, ...]  # by Player total
    ties: tuple[int, ...]  # by total
    banker_wins_two: tuple[int, ...]  # Banker wins by Banker total, two Banker cards
    banker_wins_three: tuple[int, ...]  # ... three Banker cards
    pair_probability: Fraction  # a given hand's first two cards share a rank

    def p(self, count: int) -> Fraction:
        return Fraction(count, self.total)

    @property
    def player(self) -> Fraction:
        return self.p(sum(self.player_wins))

    @property
    def tie(self) -> Fraction:
        return self.p(sum(self.ties))

    @property
    def banker(self) -> Fraction:
        return self.p(sum(self.banker_wins_two) + sum(self.banker_wins_three))

    def banker_on(self, total: int, cards: int | None = None) -> Fraction:
        two = self.banker_wins_two[total] if cards in (None, 2) else 0
        three = self.banker_wins_three[total] if cards in (None, 3) else 0
        return self.p(two + three)


def outcomes(comp: Composition) -> Outcomes:
    """Exact outcome counts for a shoe composition (needs at least six cards)."""
    if comp.size < 6:
        raise ValueError("a round needs at least six cards in the shoe")
    raw = _enumerate(comp.points(), _PLAYER, _BANKER)
    n = comp.size
    total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    pairs = Fraction(sum(k * (k - 1) for k in comp.ranks), n * (n - 1))
    out = Outcomes(
        total,
        tuple(int(x) for x in raw[0]),
        tuple(int(x) for x in raw[1]),
        tuple(int(x) for x in raw[2]),
        tuple(int(x) for x in raw[3]),
        pairs,
    )
    assert (
        sum(out.player_wins) + sum(out.ties) + sum(out.banker_wins_two) + sum(out.banker_wins_three)
        == total
    ), "every sequence is counted once"
    return out


@cache
def full_shoe_outcomes(decks: int) -> Outcomes:
    return outcomes(Composition.full(decks))
