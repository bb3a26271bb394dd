"""Baccarat card values and hand totals.

Macau baccarat art. 5(1) (figures, tens and sums of ten count 0), art. 5(2) (the other cards
their face value, 9 the highest) / PT 812/2015 rules 7-8: T, J, Q, K count 0; A counts 1; 2-9
their face value; a hand's total is the sum modulo 10, what passes 10 or 20 (rule 8).
"""

from __future__ import annotations

from collections.abc import Iterable

from croupier.cards import ACE, DECK_SIZE, rank_of

#: Point value of every int card (index = card code), the one table engines and kernels share:
#: the ace 1, the two to nine their face value (art. 5(2); rule 7: "Todas as outras — o
#: respetivo valor facial"), the ten and the figures 0 (art. 5(1); rule 7: "Rei, dama, valete
#: e 10 — 0")
POINTS: tuple[int, ...] = tuple(
    1 if rank_of(c) == ACE else (rank_of(c) + 2 if rank_of(c) + 2 <= 9 else 0)
    for c in range(DECK_SIZE)
)


def total(cards: Iterable[int]) -> int:
    """Total of a hand: sum of points modulo 10 (art. 5; rule 8)."""
    return sum(POINTS[c] for c in cards) % 10
