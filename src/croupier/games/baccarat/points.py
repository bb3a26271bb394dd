"""Baccarat card values and hand totals.

Macau baccarat art. 5(1) (figures, tens and sums of ten count 0), art. 5(2) (the other cards
their face value, 9 the highest) / PT 812/2015 rules 7-8: T, J, Q, K count 0; A counts 1; 2-9
their face value; a hand's total is the sum modulo 10, what passes 10 or 20 (rule 8).
"""

from __future__ import annotations

from collections.abc import Iterable

from croupier.cards import ACE, rank_of


def _point(card: int) -> int:
    rank = rank_of(card)
    if rank == ACE:
        return 1
    face = rank + 2
    return face if face <= 9 else 0


#: Point value of every int card (index = card code), the one table engines and kernels share.
POINTS: tuple[int, ...] = tuple(_point(c) for c in range(52))


def total(cards: Iterable[int]) -> int:
    """Total of a hand: sum of points modulo 10 (art. 5; rule 8)."""
    return sum(POINTS[c] for c in cards) % 10
