"""What a player is shown about a blackjack table (PT online rule 32's spirit; Macau blackjack
arts. 6-18): the bet's limits, what each bet pays, the dealer's rule, the options in force and
where each comes from (the 2007 text, the 1991 rules or practice, OPTION_SOURCES)."""

from __future__ import annotations

from croupier.games.blackjack.rules import OPTION_SOURCES, BlackjackRules
from croupier.games.information import BetInformation, TableInformation, table_record
from croupier.i18n.message import msg

#: what the dealer draws on at 17, by the reading of art. 6(6) (games/blackjack/dealer.py)
SOFT17_TEXT = {
    "six_ace": "draws on a soft 17 of a six and an ace (art. 6(6))",
    "any": "draws on every soft 17 (an ace counted 11)",
    "ace_one_point": "draws on a 17 holding a six and an ace counted one point (art. 6(6))",
    "stands": "stands on every 17",
}

_DOUBLES = {
    "any_two": "on any first two cards (art. 17(1)(1))",
    "any_two_and_after_split": "on any first two cards, after a split too (art. 17(1)(1)-(2))",
    "eleven_only": "on a total of 11 only (art. 17(1)(3))",
}


def _source(option: str) -> str:
    tag, article = OPTION_SOURCES[option]
    return f"{article} [{tag}]"


def table_information(rules: BlackjackRules) -> TableInformation:
    bj = rules.blackjack_pays
    bets: list[BetInformation] = [
        {
            "kind": "bet",
            "title": "Box bet",
            "area": "main",
            "pays": msg(
                "1:1; a blackjack {numerator}:{denominator}",
                numerator=bj.numerator,
                denominator=bj.denominator,
            ),
            "minimum": rules.minimum_bet,
            "maximum": rules.maximum_bet,
            "article": _source("blackjack_pays"),
            "limits_article": "table limits",
        }
    ]
    if rules.insurance:
        bets.append(
            {
                "kind": "insurance",
                "title": "Insurance (after the deal, against a dealer's ace)",
                "area": "decision",
                "pays": msg("2:1; half the bet (choice O17)"),
                "minimum": None,
                "maximum": None,
                "article": _source("insurance"),
                "limits_article": _source("insurance"),
            }
        )
    if rules.any_pair:
        bets.append(
            {
                "kind": "any_pair",
                "title": "Any pair",
                "area": "side",
                "pays": msg(
                    "{any_pair_pays}:1 for each pair formed", any_pair_pays=rules.any_pair_pays
                ),
                "minimum": rules.any_pair_minimum,
                "maximum": rules.any_pair_maximum,
                "article": _source("any_pair"),
                "limits_article": "table limits",
            }
        )
    soft17 = SOFT17_TEXT[rules.soft17]
    return table_record(
        rules.money,
        {
            "game": "blackjack",
            "regulation": "macau-blackjack",
            "minimum_bet": rules.minimum_bet,
            "bets": bets,
            "dealer": msg(
                "the dealer draws to 16, {soft17}, and stands on any other 17 or more ({value}); "
                "no hole card ({value_2})",
                soft17=soft17,
                value=_source("soft17"),
                value_2=_source("dealing"),
            ),
            "soft17": rules.soft17,
            "decision": msg(
                "after the deal, each box in turn from the dealer's left (art. 6(3)): hit, stand, "
                "double, split or surrender as the rules below allow"
            ),
            "options": {
                "double": _DOUBLES[rules.double],
                "split_max_hands": rules.split_max_hands,
                "split_aces_one_card": rules.split_aces_one_card,
                "resplit_aces": rules.resplit_aces,
                "surrender": rules.surrender,
                "even_money": rules.even_money,
                "dealer_blackjack_takes_initial_bet_only": rules.split_loses_initial_only,
            },
            "commission": {"scheme": "none", "description": msg("no commission")},
            "ties": msg("equal totals push ({value})", value=_source("ties")),
            "both_sides": None,
            "table_limits": {},
            "boxes": rules.boxes,
            "decks": rules.shoe.decks,
        },
    )
