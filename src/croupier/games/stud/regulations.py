"""What the Macau stud regulation allows a ruleset to choose, and building validated rules.

Despacho Regulamentar Externo 61/2004: one 52-card deck (art. 1(1)), shuffled by hand into a
shoe or by a shuffling machine (art. 3), dealt one card at a time or five at a time accordingly
(art. 7); at most seven player hands (art. 2(1)); the raise paytable of art. 9(5) with a royal
flush paying 50 to 100 (9(5)(9), authorised under art. 13) and the house's maximum payout per
game on four of a kind and better (9(5)(7)-(9)); the progressive jackpot of art. 10. Each
option is declared once in :mod:`croupier.games.stud.options`.
"""

from __future__ import annotations

from croupier.errors import RulesetError
from croupier.games.stud import options as O
from croupier.games.stud.rules import JACKPOT_COMBINATIONS, StudJackpotSpec, StudRules, cite
from croupier.money import MoneyPolicy
from croupier.options import Options, read_minimum, read_money
from croupier.pool import JackpotPrize, read_pool, read_prize
from croupier.shoe import ShoeMode, ShoeSpec

_PRIZE_RULES = {
    "royal_flush": ("max", 100, "art. 10(2)(1)"),
    "straight_flush": ("max", 10, "art. 10(2)(2)"),
    "four_of_a_kind": ("fixed", None, "art. 10(2)(3)"),
    "full_house": ("fixed", None, "art. 10(2)(4)"),
    "flush": ("fixed", None, "art. 10(2)(5)"),
}


def build_rules(options: Options) -> StudRules:
    decks = O.DECKS.read(options)
    dealing = O.DEALING.read(options)
    table = options.section("table")
    money = read_money(table)
    minimum = read_minimum(table, "minimum_ante", money, "table limits")
    maximum = table.optional_integer("maximum_ante", minimum=minimum)
    return StudRules(
        shoe=ShoeSpec(decks, mode=ShoeMode.CONTINUOUS),  # every round from the whole deck
        dealing="shoe" if dealing == "shoe" else "shuffler",
        money=money,
        seats=O.SEATS.read(options),
        minimum_ante=minimum,
        maximum_ante=maximum,
        royal_flush_pays=O.ROYAL_FLUSH.read(options),
        max_payout=O.MAX_PAYOUT.read(options),
        jackpot=_jackpot(options, money),
    )


def _jackpot(options: Options, money: MoneyPolicy) -> StudJackpotSpec | None:
    o = options.section("jackpot")
    if not o.keys():
        return None
    pool = read_pool(o, money)
    prizes_o = o.section("prizes")
    prizes: dict[str, JackpotPrize] = {}
    for name in JACKPOT_COMBINATIONS:
        rule, percent, article = _PRIZE_RULES[name]
        if not prizes_o.has(name):
            raise RulesetError(
                f"jackpot.prizes.{name}", "the paytable of art. 10(2) needs it", cite(article)
            )
        prizes[name] = read_prize(prizes_o.section(name), rule, cite(article), percent)
    return StudJackpotSpec(
        prizes=prizes,
        seed=pool.seed,
        contribution=pool.contribution,
        stake=pool.stake,
        fixed_prizes_from_pool=O.FIXED_PRIZES_FROM_POOL.read(options),
    )
