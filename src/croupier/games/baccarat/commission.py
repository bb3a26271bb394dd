"""Commission schemes on winning Banker bets.

=====================  ==========================================================================
``standard``           5% of the prize of every winning Banker bet (Macau art. 18(1); PT 26(a))
``banker6_half``       no commission; a Banker win with 6 pays 50% of the stake (Macau art. 18(2))
``dragon7_push``       no commission; a Banker win with a three-card 7 pushes (Macau art. 18(3))
``banker5_6_half``     50% deducted from the prize of a Banker win with 5 or 6 (PT rule 26(b))
``none``               no commission (PT rule 26: the operator *may* charge one)
=====================  ==========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.coup import Coup
from croupier.games.protocol import Outcome
from croupier.i18n.message import msg

FIVE_PERCENT = Fraction(5, 100)  # art. 18(1); rule 26(a)
HALF = Fraction(1, 2)  # rule 26(b)
#: the commission each scheme deducts from a Banker win's prize (where it deducts one)
DEDUCTIONS = {"standard": FIVE_PERCENT, "banker5_6_half": HALF}


@dataclass(frozen=True, slots=True)
class BankerTerms:
    """How a winning Banker bet is paid: ``gross`` prize per unit staked, less ``deduction``
    (the commission) per unit staked; ``article_key`` names the deciding article."""

    outcome: Outcome
    gross: Fraction
    deduction: Fraction
    article_key: str


@dataclass(frozen=True, slots=True)
class CommissionScheme:
    name: str
    regulations: frozenset[Regulation]
    amendment: str | None  # the Macau amendment that introduced it, if any
    description: str

    def banker_win(self, coup: Coup) -> BankerTerms:
        """Terms of a Banker bet when Banker has won ``coup``."""
        key = f"commission_{self.name}"
        one = Fraction(1)
        if self.name == "standard":
            return BankerTerms("win", one, DEDUCTIONS["standard"], key)  # art. 18(1); 26(a)
        if self.name == "banker6_half" and coup.banker_total == 6:
            return BankerTerms("win", Fraction(1, 2), Fraction(0), key)  # art. 18(2)
        if self.name == "dragon7_push" and coup.dragon7:
            return BankerTerms("push", Fraction(0), Fraction(0), key)  # art. 18(3)
        if self.name == "banker5_6_half" and coup.banker_total in (5, 6):
            return BankerTerms("win", one, DEDUCTIONS["banker5_6_half"], key)  # rule 26(b)
        return BankerTerms("win", one, Fraction(0), "banker_win")


_MACAU = frozenset({Regulation.MACAU})
_PT = frozenset({Regulation.PT, Regulation.PT_MACAU})

SCHEMES: dict[str, CommissionScheme] = {
    s.name: s
    for s in (
        CommissionScheme("standard", _MACAU | _PT, None, msg("5% of every Banker win")),
        CommissionScheme(
            "banker6_half", _MACAU, "73/2005", "no commission; Banker win on 6 pays 1:2"
        ),
        CommissionScheme(
            "dragon7_push", _MACAU, "2/2009", "no commission; Banker three-card 7 win pushes"
        ),
        CommissionScheme(
            "banker5_6_half", _PT, None, msg("50% of the prize of Banker wins on 5 or 6")
        ),
        CommissionScheme("none", _PT, None, msg("no commission")),
    )
}
