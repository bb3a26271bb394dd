"""What a player is shown about a stud table (PT online rule 32's spirit; Macau stud arts. 5-10):
the ante's limits, the raise, the paytable, the dealer's qualification, the jackpot."""

from __future__ import annotations

from croupier.games.information import BetInformation, TableInformation, table_record
from croupier.games.stud.rules import RAISE_PAYS, StudRules, cite
from croupier.i18n.message import msg


def table_information(rules: StudRules) -> TableInformation:
    paytable = {category: f"{multiple}:1" for category, multiple in RAISE_PAYS.items()}
    paytable["royal_flush"] = f"{rules.royal_flush_pays}:1"
    bets: list[BetInformation] = [
        {
            "kind": "ante",
            "title": "Ante",
            "area": "main",
            # art. 9(2): a dealer who does not qualify pays the ante 1:1 (the raise comes back)
            "pays": msg(
                "1:1 when you beat a qualifying dealer, and 1:1 when the dealer does not qualify"
            ),
            "minimum": rules.minimum_ante,
            "maximum": rules.maximum_ante,
            "article": cite("art. 9"),
            "limits_article": cite("art. 5"),
        },
        {
            "kind": "raise",
            "title": "Raise (after the deal)",
            "area": "decision",  # a stake the decision after the deal makes, not a betting area
            "pays": msg("the paytable when the dealer qualifies and you win"),
            "minimum": 2 * rules.minimum_ante,
            "maximum": None if rules.maximum_ante is None else 2 * rules.maximum_ante,
            "article": cite("art. 9"),
            "limits_article": cite("art. 6(6)"),
        },
    ]
    if rules.jackpot is not None:
        bets.append(
            {
                "kind": "jackpot",
                "title": "Progressive jackpot",
                "area": "side",
                "pays": msg("the jackpot table"),
                "minimum": rules.jackpot.stake or rules.minimum_ante,
                "maximum": rules.jackpot.stake,
                "article": cite("art. 10"),
                "limits_article": cite("art. 10(1)"),
            }
        )
    return table_record(
        rules.money,
        {
            "game": "stud",
            "regulation": "macau-stud",
            "minimum_bet": rules.minimum_ante,
            "bets": bets,
            "paytable": paytable,
            "qualification": msg("the dealer plays with ace-king or better (art. 9(1))"),
            "decision": (
                msg("after the deal: raise exactly twice the ante, or fold and lose it (art. 6)")
            ),
            "max_payout": rules.max_payout,
            "commission": {"scheme": "none", "description": msg("no commission")},
            "ties": msg("equal hands are separated by suits (art. 8)"),
            "both_sides": None,
            "table_limits": {},
            "decks": 1,
            # art. 10(3): "Os montantes fixos enunciados nas alíneas anteriores são anunciados na
            # banca" (the fixed sums of the jackpot's paytable are announced at the table)
            "jackpot_prizes": None
            if rules.jackpot is None
            else {
                "prizes": [
                    {
                        "combination": name,
                        "fixed": prize.fixed,
                        "pool_percent": str(prize.pool_percent),
                    }
                    for name, prize in rules.jackpot.prizes.items()
                ],
                "article": cite("art. 10(2), 10(3)"),
            },
        },
    )
