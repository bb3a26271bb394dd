"""Building validated :class:`BlackjackRules` from a ruleset's option tables.

Each option's default, bounds, article and source are declared once, in
:mod:`croupier.games.blackjack.options`; this module reads them and checks what ties one option
to another (the cut card to the decks, the any-pair limits to the table's).
"""

from __future__ import annotations

from croupier.errors import RulesetError
from croupier.games.blackjack import options as O
from croupier.games.blackjack.rules import BlackjackRules
from croupier.options import Options, read_minimum, read_money
from croupier.shoe import Burn, EndOfShoe, ShoeMode, ShoeSpec


def build_rules(options: Options) -> BlackjackRules:
    decks = O.DECKS.read(options)
    mode = ShoeMode(O.SHOE_MODE.read(options))
    burn_cards = O.BURN_CARDS.read(options)
    cut = O.CUT_CARD.read(options, default=52 if decks > 2 else 20, maximum=decks * 26)
    spread = O.CUT_CARD_SPREAD.read(options)
    if cut - spread < 15:
        raise RulesetError(
            "shoe.cut_card",
            "at least 15 cards must remain behind the cut card to finish a round",
            O.CUT_CARD.cited,
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
    minimum = read_minimum(table, "minimum_bet", money, "table limits")
    maximum = table.optional_integer("maximum_bet", minimum=minimum)
    any_pair_min = O.ANY_PAIR_MINIMUM.read(options, default=minimum)
    if O.SPECIAL_PRIZES.read(options):
        raise RulesetError(O.SPECIAL_PRIZES.path, O.SPECIAL_PRIZES.help, O.SPECIAL_PRIZES.cited)
    if O.FIVE_CARD_RULE.read(options):
        raise RulesetError(O.FIVE_CARD_RULE.path, O.FIVE_CARD_RULE.help, O.FIVE_CARD_RULE.cited)
    return BlackjackRules(
        shoe=shoe,
        money=money,
        boxes=O.BOXES.read(options),
        minimum_bet=minimum,
        maximum_bet=maximum,
        soft17=O.SOFT17.read(options),
        blackjack_pays=O.BLACKJACK_PAYS.read(options),
        insurance=O.INSURANCE.read(options),
        even_money=O.EVEN_MONEY.read(options),
        any_pair=O.ANY_PAIR.read(options),
        any_pair_pays=O.ANY_PAIR_PAYS.read(options),
        any_pair_minimum=any_pair_min,
        any_pair_maximum=O.ANY_PAIR_MAXIMUM.read(options, minimum=any_pair_min),
        split_max_hands=O.SPLIT_MAX_HANDS.read(options),
        split_unlike_tens=O.SPLIT_UNLIKE_TENS.read(options),
        resplit_aces=O.RESPLIT_ACES.read(options),
        split_aces_one_card=O.SPLIT_ACES_ONE_CARD.read(options),
        split_loses_initial_only=O.SPLIT_LOSES_INITIAL_ONLY.read(options),
        double=O.DOUBLE.read(options),
        double_loses_initial_only=O.DOUBLE_LOSES_INITIAL_ONLY.read(options),
        surrender=O.SURRENDER.read(options),
        back_betting=O.BACK_BETTING.read(options),
    )
