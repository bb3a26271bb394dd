"""Playing cards: a small int (0..51) in hot code, a :class:`Card` value object at the edges.

Encoding: ``card = rank * 4 + suit`` with ranks ``2 3 4 5 6 7 8 9 T J Q K A`` numbered 0..12 and
suits numbered in ascending Macau stud order (art. 4 of Despacho 61/2004: spades > hearts > clubs >
diamonds), so ``D=0, C=1, H=2, S=3``. Comparing two card ints therefore compares rank, then suit.
Text form is rank then suit: ``AS``, ``TD``, ``9H`` (``10`` is accepted for ``T`` on input).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from croupier.errors import InvalidCard

RANKS = "23456789TJQKA"
SUITS = "DCHS"
DECK_SIZE = 52

#: Rank index of each rank character (``"2"`` -> 0 ... ``"A"`` -> 12).
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
#: Suit index of each suit character (``"D"`` -> 0 ... ``"S"`` -> 3).
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}

ACE = RANK_INDEX["A"]
TEN, JACK, QUEEN, KING = (RANK_INDEX[r] for r in "TJQK")

BLACK_SUITS = frozenset({SUIT_INDEX["S"], SUIT_INDEX["C"]})


def rank_of(card: int) -> int:
    """Rank index 0..12 of an int card."""
    return card >> 2


def suit_of(card: int) -> int:
    """Suit index 0..3 of an int card."""
    return card & 3


def make(rank: int, suit: int) -> int:
    """Int card from a rank index and a suit index."""
    return rank * 4 + suit


def face_value(card: int) -> int:
    """Face value used by burn procedures: A=1, 2-9 face value, T/J/Q/K=10."""
    rank = rank_of(card)
    if rank == ACE:
        return 1
    return min(rank + 2, 10)


def is_black(card: int) -> bool:
    """True for spades and clubs, False for hearts and diamonds."""
    return suit_of(card) in BLACK_SUITS


def parse_card(text: str) -> int:
    """Int card from its text form (``"AS"``, ``"td"``, ``"10H"``)."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_INDEX or t[1] not in SUIT_INDEX:
        raise InvalidCard(
            f"card {text!r}: expected rank (A 2-9 T J Q K) then suit (S H C D), e.g. 'AS', 'TD'"
        )
    return make(RANK_INDEX[t[0]], SUIT_INDEX[t[1]])


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Int cards from a comma- or space-separated string, or from an iterable of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items]


def card_text(card: int) -> str:
    """Text form of an int card."""
    if not 0 <= card < DECK_SIZE:
        raise InvalidCard(f"card number {card}: must be 0..51")
    return RANKS[rank_of(card)] + SUITS[suit_of(card)]


def cards_text(cards: Sequence[int]) -> list[str]:
    """Text forms of a sequence of int cards."""
    return [card_text(c) for c in cards]


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """A card as a value object; orders by rank, then by Macau stud suit order."""

    code: int

    def __post_init__(self) -> None:
        if not isinstance(self.code, int) or not 0 <= self.code < DECK_SIZE:
            raise InvalidCard(f"card number {self.code!r}: must be an int 0..51")

    @classmethod
    def parse(cls, text: str) -> Card:
        return cls(parse_card(text))

    @property
    def rank(self) -> str:
        return RANKS[rank_of(self.code)]

    @property
    def suit(self) -> str:
        return SUITS[suit_of(self.code)]

    def __str__(self) -> str:
        return card_text(self.code)

    def __int__(self) -> int:
        return self.code


def new_decks(decks: int) -> list[int]:
    """``decks`` complete 52-card decks, in a fixed (unshuffled) order."""
    return [card for _ in range(decks) for card in range(DECK_SIZE)]
