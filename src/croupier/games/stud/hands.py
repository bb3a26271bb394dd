"""Stud poker hands in the Macau order (Despacho Regulamentar Externo 61/2004, arts. 4 and 8).

This is the readable reference: it states art. 8 rule by rule and is what the fast evaluator
(:mod:`croupier.games.stud.evaluator`) is tested against.

Art. 4(1): suits rank spades > hearts > clubs > diamonds (card ints already order them so: see
:mod:`croupier.cards`); art. 4(2): ranks A K Q J T 9 ... 2; art. 4(3): an ace in A-2-3-4-5
plays low (the lowest straight). Art. 8: ten categories, and for two hands of the same category:

* royal flush: the higher suit (8(1));
* straight flush, straight: the higher top card, then the suit of the top card (8(2), 8(6));
* four of a kind, full house, three of a kind: the rank of the four / the three; the other cards
  never count (8(3), 8(4), 8(7));
* flush: the cards from the highest down, then the higher suit (8(5));
* two pairs: the higher pair, the lower pair, the odd card, then the suit of the higher pair
  (its highest suit) (8(8));
* one pair: the pair, the three odd cards from the highest down, then the suit of the pair
  (its highest suit) (8(9));
* five odd cards: the cards from the highest down, then the suit of the highest card (8(10)).

With one deck, two hands in a round never share a card, so these rules decide every comparison
between the dealer and a player: a Macau stud round never pushes. Two hands that share cards
(never dealt together) may compare equal where the text says the other cards "never count".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from croupier.cards import ACE, KING, rank_of, suit_of

#: Categories from lowest to highest; the index is the category's strength (art. 8, reversed).
CATEGORIES = (
    "high_card",
    "one_pair",
    "two_pairs",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
)
CATEGORY_INDEX = {name: i for i, name in enumerate(CATEGORIES)}
#: The article of art. 8 that defines each category and its tie rule.
CATEGORY_ARTICLE = {
    "royal_flush": "art. 8(1)",
    "straight_flush": "art. 8(2)",
    "four_of_a_kind": "art. 8(3)",
    "full_house": "art. 8(4)",
    "flush": "art. 8(5)",
    "straight": "art. 8(6)",
    "three_of_a_kind": "art. 8(7)",
    "two_pairs": "art. 8(8)",
    "one_pair": "art. 8(9)",
    "high_card": "art. 8(10)",
}

WHEEL = (3, 2, 1, 0, ACE)  # 5-4-3-2-A, ranks 0..12 = 2..A


@dataclass(frozen=True, order=True, slots=True)
class HandValue:
    """A hand's place in the Macau order: compare two values to compare two hands."""

    strength: int
    key: tuple[int, ...]

    @property
    def category(self) -> str:
        return CATEGORIES[self.strength]


def _straight_top(ranks: Sequence[int]) -> int | None:
    """Top rank of a straight (the 5 for A-2-3-4-5, art. 4(3)), or None."""
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if tuple(distinct) == (ACE, 3, 2, 1, 0):
        return 3
    return None


def _highest_suit(cards: Sequence[int], rank: int) -> int:
    return max(suit_of(c) for c in cards if rank_of(c) == rank)


def evaluate_reference(cards: Sequence[int]) -> HandValue:
    """The value of a five-card hand by the letter of art. 8 (slow and plain)."""
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError("a stud hand is five different cards")
    ranks = [rank_of(c) for c in cards]
    counts = Counter(ranks)
    flush = len({suit_of(c) for c in cards}) == 1
    top = _straight_top(ranks)
    by_rank = sorted(ranks, reverse=True)  # art. 4(2): ace, king, queen ... down to two
    if flush and top is not None:  # art. 8(1), 8(2): a straight of one suit
        suit = suit_of(cards[0])
        if top == ACE and KING in ranks:  # art. 8(1): ace-high, the higher suit wins
            return HandValue(CATEGORY_INDEX["royal_flush"], (suit,))
        return HandValue(CATEGORY_INDEX["straight_flush"], (top, suit))  # art. 8(2)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] == 4:  # art. 8(3): the rank of the four decides
        quad = next(r for r, n in counts.items() if n == 4)
        return HandValue(CATEGORY_INDEX["four_of_a_kind"], (quad,))
    if shape == [3, 2]:  # art. 8(4): the rank of the three decides
        trips = next(r for r, n in counts.items() if n == 3)
        return HandValue(CATEGORY_INDEX["full_house"], (trips,))
    if flush:  # art. 8(5): card by card, then the suit
        suit = suit_of(cards[0])  # art. 4(1): spades, hearts, clubs, diamonds
        return HandValue(CATEGORY_INDEX["flush"], (*by_rank, suit))
    if top is not None:  # art. 8(6): the top card, then its suit
        top_card = next(c for c in cards if rank_of(c) == top)
        return HandValue(CATEGORY_INDEX["straight"], (top, suit_of(top_card)))
    if shape[0] == 3:  # art. 8(7): the rank of the three decides
        trips = next(r for r, n in counts.items() if n == 3)
        return HandValue(CATEGORY_INDEX["three_of_a_kind"], (trips,))
    if shape == [2, 2, 1]:  # art. 8(8): the higher pair, the lower, the odd card, the suit
        high, low = sorted((r for r, n in counts.items() if n == 2), reverse=True)
        odd = next(r for r, n in counts.items() if n == 1)
        key: tuple[int, ...] = (high, low, odd, _highest_suit(cards, high))
        return HandValue(CATEGORY_INDEX["two_pairs"], key)
    if shape[0] == 2:  # art. 8(9): the pair, the odd cards, then the pair's higher suit
        pair = next(r for r, n in counts.items() if n == 2)
        odd_cards = sorted((r for r, n in counts.items() if n == 1), reverse=True)
        key = (pair, *odd_cards, _highest_suit(cards, pair))
        return HandValue(CATEGORY_INDEX["one_pair"], key)
    highest = max(cards)  # card ints order by rank then suit
    return HandValue(CATEGORY_INDEX["high_card"], (*by_rank, suit_of(highest)))  # art. 8(10)


def dealer_qualifies(cards: Sequence[int], category: str) -> bool:
    """Whether the dealer's hand opens the players' hands, Macau stud art. 9(1): "A «mão» do
    «croupier» deve ter pelo menos o valor de «poker» de um Às e um Rei (K)" (at least an ace
    and a king). Any category above high card qualifies; a high-card hand only when it holds
    both an ace and a king. The one deciding function: the round, the exact analyses and the
    simulator all ask it (the analyses through ``analysis.stud_exact.qualifying_hands``)."""
    if category != "high_card":
        return True
    ranks = {rank_of(c) for c in cards}
    return ACE in ranks and KING in ranks
