"""A blackjack shoe as the exact analysis sees it: the count of each card value left."""

from __future__ import annotations

from collections.abc import Callable

Shoe = tuple[int, ...]  # counts of values 1..10 (index 0 = aces, index 9 = ten-values)


def take(s: Shoe, v: int) -> Shoe:
    """The shoe after one card of value index ``v`` (0 = ace) is dealt from it."""
    return (*s[:v], s[v] - 1, *s[v + 1 :])


def remove(shoe: Shoe, *values: int) -> Shoe:
    """The shoe less one card of each of ``values`` (1 = ace, 10 = ten-values)."""
    s = list(shoe)
    for v in values:
        s[v - 1] -= 1
        if s[v - 1] < 0:
            raise ValueError("not enough cards of that value in the shoe")
    return tuple(s)


def full_shoe(decks: int) -> Shoe:
    return (4 * decks,) * 9 + (16 * decks,)


def over_next_card(s: Shoe, value: Callable[[int, Shoe], float]) -> float:
    """The expectation over the next card dealt from ``s``: the sum over each value index
    ``v`` still in the shoe of P(v) x ``value(v, the shoe after it)``."""
    n = sum(s)
    return sum(c / n * value(v, take(s, v)) for v, c in enumerate(s) if c)
