"""The order in which stud cards are dealt (art. 7).

Seats count clockwise from the dealer's left; the dealer (seat 0) is always served last.
``shoe`` (art. 7(1)): one card at a time to every hand, five times round; ``shuffler``
(art. 7(2)): five cards at a time to each hand in turn. The dealer's fifth card is dealt face up
(7(1)); with a shuffler croupier also shows the fifth, the "top" card of 7(2) (docs/choices.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

DEALER = 0
DEALER_UP_INDEX = 4


def deal_order(seats: Sequence[int], dealing: str) -> list[int]:
    """The seat that receives each card, in order (seats ascending, dealer last)."""
    order = sorted(seats)
    if dealing == "shoe":  # art. 3(1), 7(1): from the shoe, one card at a time, five times round
        return [seat for _ in range(5) for seat in (*order, DEALER)]
    # art. 3(2), 7(2): from the shuffler, five cards at a time to each hand, the dealer last
    return [seat for seat in (*order, DEALER) for _ in range(5)]


def deal_piles(seats: Sequence[int], dealing: str, draw: Callable[[], int]) -> dict[int, list[int]]:
    """Deal five cards to every seat and the dealer; returns each seat's cards in order."""
    piles: dict[int, list[int]] = {seat: [] for seat in (*seats, DEALER)}
    for seat in deal_order(seats, dealing):
        piles[seat].append(draw())
    return piles
