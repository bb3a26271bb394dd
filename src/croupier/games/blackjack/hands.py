"""A blackjack round's boxes and hands, its phases, and how its articles are cited."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from croupier.citing import MACAU_BLACKJACK, macau_blackjack
from croupier.games.blackjack.values import is_blackjack, total

BJ = MACAU_BLACKJACK
cite = macau_blackjack  # Macau blackjack's citations (croupier.citing)
ACTIONS = ("hit", "stand", "double", "split", "surrender")


class BjPhase(enum.Enum):
    BETTING = "betting"
    INSURANCE = "insurance"
    PLAYING = "playing"
    DEALER = "dealer"
    SETTLED = "settled"
    VOID = "void"


@dataclass
class Hand:
    cards: list[int] = field(default_factory=list)
    doubled: bool = False
    from_split: bool = False
    split_aces: bool = False
    surrendered: bool = False
    finished: bool = False
    actions: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return total(self.cards)[0]

    @property
    def soft(self) -> bool:
        return total(self.cards)[1]

    @property
    def busted(self) -> bool:
        return self.total > 21

    @property
    def blackjack(self) -> bool:
        """A natural: not on a split hand (a split 21 is not a blackjack [1991])."""
        return not self.from_split and is_blackjack(self.cards)


@dataclass
class Box:
    number: int
    owner: str
    stakes: dict[str, int] = field(default_factory=dict)  # bettor -> initial stake
    any_pair: dict[str, int] = field(default_factory=dict)
    insurance: dict[str, int] = field(default_factory=dict)
    even_money: set[str] = field(default_factory=set)
    declined: set[str] = field(default_factory=set)  # answered "no insurance"
    hands: list[Hand] = field(default_factory=list)
    pairs_formed: int = 0
