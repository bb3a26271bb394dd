"""What a player is shown about a baccarat table before, during and after a session (PT rule 32):
the rules in force, each bet's minimum and maximum and what it pays, the commission, the
table-wide limits. Figures come from the ruleset and the engine's own limit rules, never from
text written twice.
"""

from __future__ import annotations

from typing import Any

from croupier.games.baccarat.articles import Regulation, cite
from croupier.games.baccarat.how_to_play import how_to_play
from croupier.games.baccarat.limits import RULE15_MULTIPLES, limit_article
from croupier.games.baccarat.rules import MAIN_BETS, BaccaratRules
from croupier.games.baccarat.sidebets import side_bet
from croupier.games.information import BetInformation, TableInformation, table_record
from croupier.i18n.message import msg

_MAIN = {
    "player": ("Player", "1:1", "player_win"),
    "banker": ("Banker", msg("1:1 less commission"), "banker_win"),
    "tie": ("Tie", "8:1", "tie_win"),
}


def _maximum(rules: BaccaratRules, kind: str) -> int | None:
    maximum = rules.limit_for(kind).maximum
    if rules.regulation is Regulation.PT and kind in RULE15_MULTIPLES:
        cap = RULE15_MULTIPLES[kind] * rules.minimum_bet  # PT rule 15
        maximum = cap if maximum is None else min(maximum, cap)
    return maximum


def table_information(rules: BaccaratRules) -> TableInformation:
    """Rules, limits and payouts of a baccarat table as plain JSON values (PT rule 32)."""
    reg = rules.regulation
    bets: list[BetInformation] = []
    # the main areas as the felt lays them out, Player, Tie, Banker; then the side bets
    main = [k for k in ("player", "tie", "banker") if k in rules.offered_bets]
    for kind in main + [k for k in rules.offered_bets if k not in main]:
        if kind in _MAIN:
            title, pays, key = _MAIN[kind]
            article = cite(reg, key)
        elif kind == "jackpot":
            title, pays, article = "Progressive jackpot", msg("paytable"), cite(reg, "jackpot")
        else:
            bet = side_bet(kind)
            title, pays, article = bet.title, bet.pays, bet.sources[reg]
        limit = rules.limit_for(kind)
        entry: BetInformation = {
            "kind": kind,
            "title": title,
            "area": "main" if kind in _MAIN else "side",
            "pays": pays,
            "minimum": limit.minimum,
            "maximum": _maximum(rules, kind),
            "article": article,
            "limits_article": limit_article(rules, kind),
        }
        if kind == "jackpot":  # Despacho 2/2009 art. 13(3): added to a main bet
            entry["added_to"] = sorted(MAIN_BETS)
        bets.append(entry)
    table_limits: dict[str, Any] = {}
    if reg is Regulation.PT_MACAU and rules.max_payout_per_round is not None:
        cap = rules.max_payout_per_round  # PT rules 41-43
        table_limits = {
            "max_payout_per_round": cap,
            "player_banker_difference_max": cap,
            # whole amounts: a total <= cap/10 is a total <= floor(cap/10) (rule 43(b), (c))
            "tie_total_max": cap // 10,
            "pairs_total_max": cap * 8 // 100,
            "article": cite(reg, "rule43a"),
        }
    return table_record(
        rules.money,
        {
            "game": "baccarat",
            "regulation": reg.value,
            "minimum_bet": rules.minimum_bet,
            "bets": bets,
            "commission": {"scheme": rules.commission, "description": rules.scheme.description},
            "ties": (
                msg("Player and Banker bets stay on the table for the next round (Macau art. 12)")
                if rules.ties_carry_over
                else msg("Player and Banker bets are returned (PT rule 23)")
            ),
            "both_sides": (
                msg(
                    "bets on both Player and Banker must differ by at least the minimum bet (rule "
                    "13)"
                )
                if reg.portuguese
                else None
            ),
            "table_limits": table_limits,
            "decks": rules.shoe.decks,
            "rules_of_the_game": how_to_play(reg),  # PT rule 32: the rules of the game
        },
    )
