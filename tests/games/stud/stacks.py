"""Stacked decks for stud tests."""

from __future__ import annotations

from croupier.cards import parse_cards
from croupier.shoe import StackedCards


def stud_deck(hands: list[str], dealer: str, dealing: str = "shoe") -> StackedCards:
    """Cards in the order of art. 7 for player hands (seats ascending) and the dealer."""
    piles = [parse_cards(h) for h in [*hands, dealer]]
    if dealing == "shoe":  # art. 7(1): one at a time, dealer last
        order = [pile[i] for i in range(5) for pile in piles]
    else:  # art. 7(2): five at a time
        order = [card for pile in piles for card in pile]
    return StackedCards(order)
