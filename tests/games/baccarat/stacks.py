"""Building stacked shoes for baccarat tests: hands with chosen totals, in dealing order."""

from __future__ import annotations

from croupier.cards import parse_cards
from croupier.shoe import StackedCards

# two cards (first, second) giving each two-card total, none of them a pair
TWO_CARD = {
    0: ("KS", "QH"),
    1: ("AS", "KD"),
    2: ("2S", "KD"),
    3: ("3S", "KD"),
    4: ("4S", "KD"),
    5: ("5S", "KD"),
    6: ("6S", "KD"),
    7: ("7S", "KD"),
    8: ("8S", "KD"),
    9: ("9S", "KD"),
}
# one card with each point value (0 written as 10 in art. 9)
ONE_CARD = {
    0: "TC",
    1: "AC",
    2: "2C",
    3: "3C",
    4: "4C",
    5: "5C",
    6: "6C",
    7: "7C",
    8: "8C",
    9: "9C",
}


def shoe(player: tuple[str, str], banker: tuple[str, str], *more: str) -> StackedCards:
    """Cards in dealing order P1 B1 P2 B2, then ``more`` (third cards, Player's first)."""
    order = [player[0], banker[0], player[1], banker[1], *more]
    return StackedCards(parse_cards(order))


def totals_shoe(player_total: int, banker_total: int, *more: str) -> StackedCards:
    return shoe(TWO_CARD[player_total], TWO_CARD[banker_total], *more)
