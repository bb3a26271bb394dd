"""The rules of high card, from a ruleset's options: the shoe's decks, the money and the
table's limits."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.money import MoneyPolicy
from croupier.options import Options, read_minimum, read_money
from croupier.shoe import ShoeSpec

KINDS = ("dragon", "tiger", "tie")
PAYS = {"dragon": 1, "tiger": 1, "tie": 8}


@dataclass(frozen=True)
class HighCardRules:
    shoe: ShoeSpec
    money: MoneyPolicy
    minimum_bet: int
    maximum_bet: int | None
    seats: int = 7


def build(options: Options) -> HighCardRules:
    shoe = options.section("shoe")
    decks = shoe.integer("decks", 8, minimum=1, maximum=8)
    table = options.section("table")
    money = read_money(table)
    minimum = read_minimum(table, "minimum_bet", money, "table limits")
    maximum = table.optional_integer("maximum_bet", minimum=minimum)
    return HighCardRules(ShoeSpec(decks, cut_card=14), money, minimum, maximum)
