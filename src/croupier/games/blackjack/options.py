"""Every option of a Macau blackjack ruleset, declared once (:mod:`croupier.option_spec`).

Only the 2007 amendment (Despacho 42/2007: arts. 6, 13, 16, 17, 21) is in the regulations; the
2004 base text could not be obtained (RULES.md section 5). Each option therefore carries its
source: ``text`` (the 2007 amendment), ``1991`` (the 1991 Macau rules that 56/2004 replaced) or
``practice`` (how Macau casinos deal); docs/choices.md says why.
"""

from __future__ import annotations

from fractions import Fraction

from croupier.citing import macau_blackjack as cite
from croupier.games.blackjack.dealer import READINGS
from croupier.option_spec import Option, declared
from croupier.shoe import ShoeMode

DECKS = Option(
    "shoe.decks", 6, cite("art. 1"), "practice",
    "decks in the shoe (base text unavailable)", minimum=1, maximum=8,
)  # fmt: skip
SHOE_MODE = Option(
    "shoe.mode", "manual", cite("art. 1"), "practice",
    "a dealing shoe with a cut card, or a continuous shuffler",
    choices=tuple(m.value for m in ShoeMode),
)  # fmt: skip
BURN_CARDS = Option(
    "shoe.burn_cards", 1, cite("art. 4"), "practice",
    "cards burned after each shuffle (base text unavailable)", minimum=0, maximum=10,
)  # fmt: skip
CUT_CARD = Option(
    "shoe.cut_card", 52, cite("art. 2"), "practice",
    "cards behind the cut card (20 when the shoe has one or two decks); at least 15 "
    "(enough to finish a round), at most half the shoe", minimum=15,
)  # fmt: skip
CUT_CARD_SPREAD = Option(
    "shoe.cut_card_spread", 0, None, "practice",
    "the cut card placed at random up to this many cards nearer the front", minimum=0,
)  # fmt: skip
BOXES = Option(
    "table.boxes", 7, cite("art. 3"), "practice",
    "boxes on the layout (base text unavailable): at least six", minimum=6, maximum=9,
)  # fmt: skip
BACK_BETTING = Option(
    "table.back_betting", True, cite("art. 20"), "practice",
    "bets on another player's box",
)  # fmt: skip
SOFT17 = Option(
    "rules.soft17", "six_ace", cite("art. 6(1), 6(6)"), "text",
    "which 17 the dealer draws on, by the reading of art. 6(6) (games/blackjack/dealer.py; "
    "docs/choices.md B2)", choices=READINGS,
)  # fmt: skip
BLACKJACK_PAYS = Option(
    "rules.blackjack_pays", Fraction(3, 2), cite("art. 10"), "1991",
    "what a blackjack pays", ratios=(Fraction(3, 2), Fraction(6, 5), Fraction(1)),
)  # fmt: skip
INSURANCE = Option(
    "rules.insurance", True, cite("art. 12"), "1991",
    "insurance against a dealer's ace: up to half the bet, pays 2:1",
)  # fmt: skip
EVEN_MONEY = Option(
    "rules.even_money", True, cite("art. 12"), "1991",
    "even money to a blackjack against a dealer's ace or ten",
)  # fmt: skip
DOUBLE = Option(
    "rules.double", "any_two_and_after_split", cite("art. 17(1) (Despacho 42/2007)"), "text",
    "the hands that may double",
    choices=("any_two", "any_two_and_after_split", "eleven_only"),
)  # fmt: skip
DOUBLE_LOSES_INITIAL_ONLY = Option(
    "rules.double_loses_initial_only", True, cite("art. 17(3)"), "text",
    "a doubled hand loses only its initial bet to a dealer's blackjack (modes (1) and (2))",
)  # fmt: skip
SPLIT_LOSES_INITIAL_ONLY = Option(
    "rules.split_loses_initial_only", True, cite("art. 16(6)"), "text",
    "split hands lose only the initial bet to a dealer's blackjack",
)  # fmt: skip
SPLIT_MAX_HANDS = Option(
    "rules.split_max_hands", 4, cite("art. 16"), "practice",
    "the most hands splitting makes of one box", minimum=2, maximum=8,
)  # fmt: skip
SPLIT_UNLIKE_TENS = Option(
    "rules.split_unlike_tens", False, cite("art. 16"), "practice",
    "two ten-valued cards of different ranks may be split",
)  # fmt: skip
RESPLIT_ACES = Option(
    "rules.resplit_aces", False, cite("art. 16"), "practice",
    "split aces may be split again",
)  # fmt: skip
SPLIT_ACES_ONE_CARD = Option(
    "rules.split_aces_one_card", True, cite("art. 16"), "practice",
    "each split ace takes one card only",
)  # fmt: skip
SURRENDER = Option(
    "rules.surrender", True, cite("art. 18"), "1991",
    "late surrender of half the bet; art. 21(2) lets the house switch it off",
)  # fmt: skip
FIVE_CARD_RULE = Option(
    "rules.five_card_rule", False, cite("art. 19, 21"), "practice",
    "art. 19's five-card rule: its contents are not known, so it stays off until a house's "
    "approved rule is registered",
)  # fmt: skip
ANY_PAIR = Option(
    "side_bets.any_pair", True, cite("art. 13(1)"), "text", "the any-pair side bet",
)  # fmt: skip
ANY_PAIR_PAYS = Option(
    "side_bets.any_pair_pays", 11, cite("art. 13(1), 14"), "practice",
    "what any pair pays, to one (base text unavailable)", minimum=1, maximum=30,
)  # fmt: skip
ANY_PAIR_MINIMUM = Option(
    "side_bets.any_pair_minimum", 100, "table limits", "house",
    "the any-pair bet's minimum (the box bet's minimum when not given)", minimum=1,
)  # fmt: skip
ANY_PAIR_MAXIMUM = Option(
    "side_bets.any_pair_maximum", None, "table limits", "house",
    "the any-pair bet's maximum (none when not given)", optional=True,
)  # fmt: skip
SPECIAL_PRIZES = Option(
    "side_bets.special_prizes", (), cite("art. 15, 21"), "practice",
    "the special prizes of art. 15: not known; register approved prizes before listing them",
)  # fmt: skip

OPTIONS = declared(
    DECKS, SHOE_MODE, BURN_CARDS, CUT_CARD, CUT_CARD_SPREAD, BOXES, BACK_BETTING, SOFT17,
    BLACKJACK_PAYS, INSURANCE, EVEN_MONEY, DOUBLE, DOUBLE_LOSES_INITIAL_ONLY,
    SPLIT_LOSES_INITIAL_ONLY, SPLIT_MAX_HANDS, SPLIT_UNLIKE_TENS, RESPLIT_ACES,
    SPLIT_ACES_ONE_CARD, SURRENDER, FIVE_CARD_RULE, ANY_PAIR, ANY_PAIR_PAYS, ANY_PAIR_MINIMUM,
    ANY_PAIR_MAXIMUM, SPECIAL_PRIZES,
)  # fmt: skip

#: rules of the game that no ruleset chooses, with their sources (shown beside the options)
FIXED_RULES: dict[str, tuple[str, str]] = {
    "dealing": ("practice", cite("arts. 16(6), 17(3): European no hole card, implied")),
    "decision_order": ("text", cite("art. 6(3)")),
    "erroneous_dealer_card": ("text", cite("art. 6(1)")),
    "ties": ("practice", cite("art. 11: a push")),
}
