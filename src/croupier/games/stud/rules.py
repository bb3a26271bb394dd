"""A Macau stud ruleset as the engine sees it (Despacho Regulamentar Externo 61/2004).

Built and validated by :func:`croupier.games.stud.regulations.build_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from croupier.citing import MACAU_STUD, macau_stud
from croupier.games.stud import options as O
from croupier.money import MoneyPolicy
from croupier.pool import JackpotPrize
from croupier.shoe import ShoeMode, ShoeSpec

Dealing = Literal["shoe", "shuffler"]

ARTICLE = MACAU_STUD
cite = macau_stud  # Macau stud's citations (croupier.citing)
MAX_HANDS: int = O.SEATS.maximum  # type: ignore[assignment]  # art. 2(1)
JACKPOT_COMBINATIONS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush")

#: Raise paytable of art. 9(5) (units won per unit raised); the royal flush is a ruleset value.
RAISE_PAYS = {
    "high_card": 1,  # 9(5)(1): one pair or less
    "one_pair": 1,  # 9(5)(1)
    "two_pairs": 2,  # 9(5)(2)
    "three_of_a_kind": 3,  # 9(5)(3)
    "straight": 4,  # 9(5)(4)
    "flush": 5,  # 9(5)(5)
    "full_house": 7,  # 9(5)(6)
    "four_of_a_kind": 20,  # 9(5)(7), capped
    "straight_flush": 50,  # 9(5)(8), capped
}
CAPPED = frozenset({"four_of_a_kind", "straight_flush", "royal_flush"})  # art. 9(5)(7)-(9)
RAISE_ARTICLE = {
    "high_card": "art. 9(5)(1)",
    "one_pair": "art. 9(5)(1)",
    "two_pairs": "art. 9(5)(2)",
    "three_of_a_kind": "art. 9(5)(3)",
    "straight": "art. 9(5)(4)",
    "flush": "art. 9(5)(5)",
    "full_house": "art. 9(5)(6)",
    "four_of_a_kind": "art. 9(5)(7)",
    "straight_flush": "art. 9(5)(8)",
    "royal_flush": "art. 9(5)(9), 13",
}


@dataclass(frozen=True, slots=True)
class StudJackpotSpec:
    """The progressive jackpot of art. 10: prizes, ticket price, pool seed and contribution."""

    prizes: dict[str, JackpotPrize]
    seed: int
    contribution: Fraction
    stake: int | None = None
    fixed_prizes_from_pool: bool = O.FIXED_PRIZES_FROM_POOL.default


@dataclass(frozen=True, slots=True)
class StudRules:
    shoe: ShoeSpec = field(default_factory=lambda: ShoeSpec(1, mode=ShoeMode.CONTINUOUS))
    dealing: Dealing = O.DEALING.default
    money: MoneyPolicy = field(default_factory=MoneyPolicy)
    seats: int = O.SEATS.default
    minimum_ante: int = 100
    maximum_ante: int | None = None
    royal_flush_pays: int = O.ROYAL_FLUSH.default
    max_payout: int | None = (
        O.MAX_PAYOUT.default
    )  # the house's maximum payout per game, art. 9(5)(7)-(9)
    jackpot: StudJackpotSpec | None = None

    @property
    def offered_bets(self) -> tuple[str, ...]:
        return ("ante", "raise", "jackpot") if self.jackpot else ("ante", "raise")

    def raise_multiple(self, category: str) -> int:
        if category == "royal_flush":
            return self.royal_flush_pays
        return RAISE_PAYS[category]
