"""Building validated :class:`BlackjackRules` from a ruleset's option tables.

The bounds cite the 2007 amendment where it speaks ([text]); elsewhere they are documented
options ([1991], [practice]): see :data:`croupier.games.blackjack.rules.OPTION_SOURCES` and
``docs/choices.md``.
"""

from __future__ import annotations

from fractions import Fraction

from croupier.errors import RulesetError
from croupier.games.blackjack.dealer import READINGS
from croupier.games.blackjack.rules import BlackjackRules
from croupier.options import Options, read_minimum, read_money
from croupier.shoe import Burn, EndOfShoe, ShoeMode, ShoeSpec

_BJ = "Macau blackjack"


def build_rules(options: Options) -> BlackjackRules:
    shoe_o = options.section("shoe")
    decks = shoe_o.integer("decks", 6, minimum=1, maximum=8, article=f"{_BJ} art. 1 [practice]")
    mode = ShoeMode(
        shoe_o.choice("mode", "manual", [m.value for m in ShoeMode], f"{_BJ} art. 1 [practice]")
    )
    burn_cards = shoe_o.integer(
        "burn_cards", 1, minimum=0, maximum=10, article=f"{_BJ} art. 4 [practice]"
    )
    cut = shoe_o.integer(
        "cut_card",
        52 if decks > 2 else 20,
        minimum=15,
        maximum=decks * 26,
        article=f"{_BJ} art. 2 [practice]",
    )
    spread = shoe_o.integer("cut_card_spread", 0, minimum=0, maximum=26)
    if cut - spread < 15:
        raise RulesetError(
            "shoe.cut_card",
            "at least 15 cards must remain behind the cut card to finish a round",
            f"{_BJ} art. 2 [practice]",
        )
    if mode is ShoeMode.CONTINUOUS:
        shoe = ShoeSpec(decks, mode=mode)
    else:
        shoe = ShoeSpec(
            decks,
            cut_card=cut,
            cut_card_spread=spread,
            burn=Burn.FIXED if burn_cards else Burn.NONE,
            burn_cards=burn_cards,
            end_of_shoe=EndOfShoe.FINISH_ROUND,
        )
    table = options.section("table")
    money = read_money(table)
    boxes = table.integer("boxes", 7, minimum=6, maximum=9, article=f"{_BJ} art. 3 [practice]")
    minimum = read_minimum(table, "minimum_bet", money, "table limits")
    maximum = table.optional_integer("maximum_bet", minimum=minimum)
    r = options.section("rules")
    pays = r.ratio("blackjack_pays", "3/2")
    if pays not in (Fraction(3, 2), Fraction(6, 5), Fraction(1)):
        raise RulesetError(
            "rules.blackjack_pays", f"{pays}: 3/2 [1991] (or 6/5, 1)", f"{_BJ} art. 10 [1991]"
        )
    double = r.choice(
        "double",
        "any_two_and_after_split",
        ["any_two", "any_two_and_after_split", "eleven_only"],
        f"{_BJ} art. 17(1) (Despacho 42/2007)",
    )
    side = options.section("side_bets")
    any_pair = side.boolean("any_pair", True)
    any_pair_pays = side.integer(
        "any_pair_pays", 11, minimum=1, maximum=30, article=f"{_BJ} art. 13(1), 14"
    )
    any_pair_min = side.integer("any_pair_minimum", minimum, minimum=1)
    any_pair_max = side.optional_integer("any_pair_maximum", minimum=any_pair_min)
    special = side.strings("special_prizes", [])
    if special:
        raise RulesetError(
            "side_bets.special_prizes",
            "the prizes of art. 15 are not known; register approved prizes before listing them",
            f"{_BJ} art. 15, 21",
        )
    max_hands = r.integer(
        "split_max_hands", 4, minimum=2, maximum=8, article=f"{_BJ} art. 16 [practice]"
    )
    return BlackjackRules(
        shoe=shoe,
        money=money,
        boxes=boxes,
        minimum_bet=minimum,
        maximum_bet=maximum,
        soft17=r.choice("soft17", "six_ace", READINGS, f"{_BJ} art. 6(1), 6(6)"),
        blackjack_pays=pays,
        insurance=r.boolean("insurance", True),
        even_money=r.boolean("even_money", True),
        any_pair=any_pair,
        any_pair_pays=any_pair_pays,
        any_pair_minimum=any_pair_min,
        any_pair_maximum=any_pair_max,
        split_max_hands=max_hands,
        split_unlike_tens=r.boolean("split_unlike_tens", False),
        resplit_aces=r.boolean("resplit_aces", False),
        split_aces_one_card=r.boolean("split_aces_one_card", True),
        split_loses_initial_only=r.boolean("split_loses_initial_only", True),
        double=double,  # type: ignore[arg-type]
        double_loses_initial_only=r.boolean("double_loses_initial_only", True),
        surrender=r.boolean("surrender", True),
        back_betting=table.boolean("back_betting", True),
        five_card_rule=r.boolean("five_card_rule", False) and _five_card(),
    )


def _five_card() -> bool:
    raise RulesetError(
        "rules.five_card_rule",
        "the contents of art. 19 are not known; it stays "
        "off until a house's approved rule is registered",
        f"{_BJ} art. 19, 21",
    )
