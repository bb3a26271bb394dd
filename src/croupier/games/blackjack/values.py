"""Blackjack card values and hand totals (RULES.md section 5, [1991]: A is 1 or 11, 2-9 their
face value, T J Q K ten)."""

from __future__ import annotations

from collections.abc import Sequence

from croupier.cards import ACE, rank_of


def _value(card: int) -> int:
    rank = rank_of(card)
    if rank == ACE:
        return 1
    return min(rank + 2, 10)


#: Value of every int card, an ace counted 1 (the one table the engine and analysis share).
VALUES: tuple[int, ...] = tuple(_value(c) for c in range(52))


def total(cards: Sequence[int]) -> tuple[int, bool]:
    """(total, soft): an ace counts 11 when that does not pass 21, and the hand is then soft."""
    hard = sum(VALUES[c] for c in cards)
    if hard <= 11 and any(VALUES[c] == 1 for c in cards):
        return hard + 10, True
    return hard, False


def total_of_values(values: Sequence[int]) -> tuple[int, bool]:
    """Same as :func:`total`, over card values (1..10) rather than cards."""
    hard = sum(values)
    if hard <= 11 and 1 in values:
        return hard + 10, True
    return hard, False


def is_blackjack(cards: Sequence[int]) -> bool:
    """An ace and a ten-value card as a hand's first two cards [1991]."""
    return len(cards) == 2 and total(cards)[0] == 21


def same_rank(a: int, b: int) -> bool:
    """A pair: the same rank, so J-J is a pair and J-Q is not (art. 13(1)(1))."""
    return rank_of(a) == rank_of(b)
