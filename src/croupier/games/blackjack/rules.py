"""A Macau blackjack ruleset as the engine sees it.

Only the 2007 amendment (Despacho 42/2007: arts. 6, 13, 16, 17, 21) is in the regulations; the
2004 base text could not be obtained (RULES.md section 5). Every option therefore carries its
source: ``text`` (the 2007 amendment), ``1991`` (the 1991 Macau rules that 56/2004 replaced) or
``practice`` (how Macau casinos deal). :data:`OPTION_SOURCES` keeps that distinction visible.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from croupier.money import MoneyPolicy
from croupier.shoe import Burn, EndOfShoe, ShoeSpec

DoubleRule = Literal["any_two", "any_two_and_after_split", "eleven_only"]

#: Where each option comes from: (tag, article or note).
OPTION_SOURCES: dict[str, tuple[str, str]] = {
    "decks": ("practice", "art. 1 (base text unavailable): 1..8, default 6"),
    "boxes": ("practice", "art. 3 (base text unavailable): at least 6, default 7"),
    "burn_cards": ("practice", "art. 4 (base text unavailable): default 1"),
    "dealing": ("practice", "European no hole card, implied by arts. 16(6), 17(3)"),
    "soft17": ("text", "art. 6(1), 6(6): which 17 the dealer draws on (dealer.py)"),
    "decision_order": ("text", "art. 6(3)"),
    "erroneous_dealer_card": ("text", "art. 6(1)"),
    "blackjack_pays": ("1991", "art. 10: 3:2"),
    "insurance": ("1991", "art. 12: up to half the bet, pays 2:1"),
    "even_money": ("1991", "art. 12"),
    "ties": ("practice", "art. 11: a push"),
    "any_pair": ("text", "art. 13(1)"),
    "any_pair_pays": ("practice", "art. 14 (base text unavailable): default 11:1"),
    "split_max_hands": ("practice", "art. 16(1)-(5) (base text unavailable): default 4"),
    "split_unlike_tens": ("practice", "art. 16: default false"),
    "resplit_aces": ("practice", "art. 16: default false"),
    "split_aces_one_card": ("practice", "art. 16: default true"),
    "split_loses_initial_only": ("text", "art. 16(6)"),
    "double": ("text", "art. 17(1)"),
    "double_loses_initial_only": ("text", "art. 17(3), modes (1) and (2)"),
    "surrender": ("1991", "art. 18; art. 21(2) lets the house switch it off"),
    "special_prizes": ("practice", "art. 15 (contents unknown): default none"),
    "five_card_rule": ("practice", "art. 19 (contents unknown): default off"),
    "back_betting": ("practice", "art. 20: default on"),
}


def _default_shoe() -> ShoeSpec:
    return ShoeSpec(
        6, cut_card=52, burn=Burn.FIXED, burn_cards=1, end_of_shoe=EndOfShoe.FINISH_ROUND
    )


@dataclass(frozen=True, slots=True)
class BlackjackRules:
    shoe: ShoeSpec = field(default_factory=_default_shoe)
    money: MoneyPolicy = field(default_factory=MoneyPolicy)
    boxes: int = 7
    minimum_bet: int = 100
    maximum_bet: int | None = None
    soft17: str = "six_ace"  # art. 6(6)'s reading (games/blackjack/dealer.py)
    blackjack_pays: Fraction = Fraction(3, 2)
    insurance: bool = True
    even_money: bool = True
    any_pair: bool = True
    any_pair_pays: int = 11
    any_pair_minimum: int = 100
    any_pair_maximum: int | None = None
    split_max_hands: int = 4
    split_unlike_tens: bool = False
    resplit_aces: bool = False
    split_aces_one_card: bool = True
    split_loses_initial_only: bool = True
    double: DoubleRule = "any_two_and_after_split"
    double_loses_initial_only: bool = True
    surrender: bool = True
    back_betting: bool = True
    special_prizes: tuple[str, ...] = ()
    five_card_rule: bool = False

    @property
    def offered_bets(self) -> tuple[str, ...]:
        extra = ("any_pair",) if self.any_pair else ()
        return ("bet", "insurance", *extra)

    @property
    def double_after_split(self) -> bool:
        return self.double == "any_two_and_after_split"

    @property
    def double_keeps_initial_only(self) -> bool:
        """Art. 17(3): doubles under modes (1) and (2) lose only the initial bet to a dealer
        blackjack; under mode (3) (eleven only) the text is silent and both bets are lost."""
        return self.double_loses_initial_only and self.double != "eleven_only"
