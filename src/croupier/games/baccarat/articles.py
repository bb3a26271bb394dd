"""Which article decides what, under each regulation a baccarat ruleset can follow.

``macau``: Macau Despacho Regulamentar Externo 55/2004, as amended by Despacho 2/2009.
``pt``: Portugal Regulamento 812/2015, "Ponto e Banca" online (rules 1-38).
``pt-macau``: the same regulation's "Ponto e Banca/Macau" (rules 39-43 plus rules 1-38 but 15).
"""

from __future__ import annotations

import enum
from functools import cache

from croupier.citing import PT_ONLINE


class Regulation(enum.Enum):
    MACAU = "macau"
    PT = "pt"
    PT_MACAU = "pt-macau"

    @property
    def portuguese(self) -> bool:
        return self is not Regulation.MACAU

    @property
    def prefix(self) -> str:
        return "Macau baccarat" if self is Regulation.MACAU else PT_ONLINE


_MACAU = {
    "deal": "art. 7(1)",
    "third_card": "art. 9",
    "player_win": "art. 11, 17(1)",
    "player_lose": "art. 11",
    "banker_win": "art. 11, 17(1), 18(1)",
    "banker_lose": "art. 11",
    "tie_main": "art. 12",
    "tie_win": "art. 12, 17(2)",
    "tie_lose": "art. 11, 13",
    "pair": "art. 13, 17(3)",
    "void": "art. 10",
    "commission_standard": "art. 18(1)",
    "commission_banker6_half": "art. 18(2) (Despacho 2/2009; first allowed by 73/2005)",
    "commission_dragon7_push": "art. 18(3) (Despacho 2/2009)",
    "dragon7": "art. 13(1)(4)(2), 17(4) (Despacho 2/2009)",
    "jackpot": "art. 13(1)(4)(3), 17(5)-(11) (Despacho 2/2009)",
    "jackpot_seated": "art. 13(3) (Despacho 2/2009)",
    "limits": "art. 14 (house limits)",
    "demonstration": "art. 2(2)",
    "squeeze": "art. 16",
}
_PT = {
    "deal": "rule 17",
    "third_card": "rules 19-20",
    "player_win": "rules 22, 24, 25(a)",
    "player_lose": "rule 22",
    "banker_win": "rules 22, 24, 25(a)",
    "banker_lose": "rule 22",
    "tie_main": "rule 23",
    "tie_win": "rules 23, 25(b)",
    "tie_lose": "rule 22",
    "pair": "rules 11-12, 25(c)",
    "void": "rule 29",
    "commission_none": "rule 26 (no commission charged)",
    "commission_standard": "rule 26(a)",
    "commission_banker5_6_half": "rule 26(b)",
    "limits": "rule 14",
    "rule13": "rule 13",
    "rule15a": "rule 15(a)",
    "rule15b": "rule 15(b)",
    "rule15c": "rule 15(c)",
    "rule40": "rule 40",
    "rule43a": "rules 41-43(a)",
    "rule43b": "rules 42, 43(b)",
    "rule43c": "rules 42, 43(c)",
}


@cache  # asked for every bet judged: the same few texts
def cite(regulation: Regulation, key: str) -> str:
    """Citation text for ``key`` under ``regulation``: the regulation's prefix and the
    article its table names for the key (the tables above hold the articles; this only reads)."""
    table = _MACAU if regulation is Regulation.MACAU else _PT
    try:
        return f"{regulation.prefix} {table[key]}"
    except KeyError:
        raise KeyError(f"no article for {key!r} under {regulation.value}") from None
