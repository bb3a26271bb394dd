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

import numpy as np
import numpy.typing as npt

from croupier.analysis.baccarat_enumeration import enumerate_plain
from croupier.cards import RANKS, parse_cards, rank_of
from croupier.games.baccarat.drawing import BANKER_DRAWS, PLAYER_DRAWS, PLAYER_STOOD

_PLAYER = np.array(PLAYER_DRAWS, dtype=np.bool_)
_BANKER = np.array(BANKER_DRAWS, dtype=np.bool_)
_PLAYER_BYTES = _PLAYER.astype(np.uint8)
_BANKER_BYTES = np.ascontiguousarray(_BANKER.astype(np.uint8))
PLAYER_DRAWS_LIST = [bool(x) for x in PLAYER_DRAWS]
BANKER_DRAWS_LIST = [[bool(x) for x in row] for row in BANKER_DRAWS]
MOST_CARDS_COMPILED = 1400  # six factors of up to 1,400 stay under 2**63
try:  # the compiled enumeration (optional in pyproject.toml): else the same loops in Python
    from croupier.analysis import _baccarat_kernels as _kernels  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - a build without a C compiler
    _kernels = None
#: point value of each rank index (2..9 face value, T J Q K 0, A 1)
RANK_POINTS = tuple(1 if r == 12 else (r + 2 if r < 8 else 0) for r in range(13))


def sequence_counts(counts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Counts of ordered six-card sequences by outcome (rows: Player wins by Player total, ties
    by total, Banker wins by Banker total with two, with three Banker cards) for a shoe counted
    by point value: the C kernel where it was built and the shoe fits 64 bits, else the same
    loops in plain Python (:mod:`croupier.analysis.baccarat_enumeration`)."""
    out = np.zeros((4, 10), dtype=np.int64)
    if _kernels is not None and int(counts.sum()) <= MOST_CARDS_COMPILED:
        _kernels.enumerate(
            np.ascontiguousarray(counts, dtype=np.int64), _PLAYER_BYTES, _BANKER_BYTES, out
        )
        return out
    plain = enumerate_plain(counts.tolist(), PLAYER_DRAWS_LIST, BANKER_DRAWS_LIST)
    return np.array(plain, dtype=object if int(counts.sum()) > MOST_CARDS_COMPILED else np.int64)


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
    raw = sequence_counts(comp.points())
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
