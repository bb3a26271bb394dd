"""A Macau blackjack ruleset as the engine sees it.

Only the 2007 amendment (Despacho 42/2007: arts. 6, 13, 16, 17, 21) is in the regulations; the
2004 base text could not be obtained (RULES.md section 5). Every option therefore carries its
source: ``text`` (the 2007 amendment), ``1991`` (the 1991 Macau rules that 56/2004 replaced) or
``practice`` (how Macau casinos deal): each option is declared once, with its default, bounds,
article and source, in :mod:`croupier.games.blackjack.options`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from croupier.games.blackjack import options as O
from croupier.money import MoneyPolicy
from croupier.shoe import Burn, EndOfShoe, ShoeSpec

DoubleRule = Literal["any_two", "any_two_and_after_split", "eleven_only"]

#: Where each option, and each rule no ruleset chooses, comes from: (tag, article), read from
#: the declarations (:mod:`croupier.games.blackjack.options`).
OPTION_SOURCES: dict[str, tuple[str, str]] = {
    **{o.key: (o.source, o.article or "") for o in O.OPTIONS.values()},
    **O.FIXED_RULES,
}


def _default_shoe() -> ShoeSpec:
    return ShoeSpec(
        O.DECKS.default,
        cut_card=O.CUT_CARD.default,
        burn=Burn.FIXED,
        burn_cards=O.BURN_CARDS.default,
        end_of_shoe=EndOfShoe.FINISH_ROUND,
    )


@dataclass(frozen=True, slots=True)
class BlackjackRules:
    shoe: ShoeSpec = field(default_factory=_default_shoe)
    money: MoneyPolicy = field(default_factory=MoneyPolicy)
    boxes: int = O.BOXES.default
    minimum_bet: int = 100
    maximum_bet: int | None = None
    soft17: str = O.SOFT17.default  # art. 6(6)'s reading (games/blackjack/dealer.py)
    blackjack_pays: Fraction = O.BLACKJACK_PAYS.default
    insurance: bool = O.INSURANCE.default
    even_money: bool = O.EVEN_MONEY.default
    any_pair: bool = O.ANY_PAIR.default
    any_pair_pays: int = O.ANY_PAIR_PAYS.default
    any_pair_minimum: int = O.ANY_PAIR_MINIMUM.default
    any_pair_maximum: int | None = O.ANY_PAIR_MAXIMUM.default
    split_max_hands: int = O.SPLIT_MAX_HANDS.default
    split_unlike_tens: bool = O.SPLIT_UNLIKE_TENS.default
    resplit_aces: bool = O.RESPLIT_ACES.default
    split_aces_one_card: bool = O.SPLIT_ACES_ONE_CARD.default
    split_loses_initial_only: bool = O.SPLIT_LOSES_INITIAL_ONLY.default
    double: DoubleRule = O.DOUBLE.default
    double_loses_initial_only: bool = O.DOUBLE_LOSES_INITIAL_ONLY.default
    surrender: bool = O.SURRENDER.default
    back_betting: bool = O.BACK_BETTING.default
    special_prizes: tuple[str, ...] = O.SPECIAL_PRIZES.default
    five_card_rule: bool = O.FIVE_CARD_RULE.default

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
