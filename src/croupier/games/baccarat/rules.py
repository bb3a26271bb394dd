"""A baccarat ruleset as the engine sees it: every house option, already validated.

Instances are built and checked against their regulation by
:func:`croupier.games.baccarat.regulations.build_rules` (what the ruleset loader calls); the
dataclass itself only holds the values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.games.baccarat import options as O
from croupier.games.baccarat.articles import Regulation
from croupier.games.baccarat.commission import SCHEMES, CommissionScheme
from croupier.games.baccarat.jackpot import JackpotSpec
from croupier.money import MoneyPolicy
from croupier.shoe import ShoeSpec

MAIN_BETS = ("player", "banker", "tie")


@dataclass(frozen=True, slots=True)
class BetLimit:
    """Minimum and maximum of one bet of one player (None: no maximum)."""

    minimum: int
    maximum: int | None


@dataclass(frozen=True, slots=True)
class BaccaratRules:
    regulation: Regulation
    shoe: ShoeSpec
    money: MoneyPolicy = field(default_factory=MoneyPolicy)
    amendments: frozenset[str] = frozenset()
    seats: int = O.SEATS.default
    minimum_bet: int = 100
    maximum_bet: int | None = None
    bet_limits: dict[str, BetLimit] = field(default_factory=dict)  # per-bet overrides
    max_payout_per_round: int | None = O.MAX_PAYOUT.default  # PT rule 41 (Ponto e Banca/Macau)
    commission: str = O.COMMISSION.default
    side_bets: tuple[str, ...] = ()
    jackpot: JackpotSpec | None = None
    squeeze: bool = O.SQUEEZE.default  # art. 16

    @property
    def scheme(self) -> CommissionScheme:
        return SCHEMES[self.commission]

    @property
    def offered_bets(self) -> tuple[str, ...]:
        extra = ("jackpot",) if self.jackpot else ()
        return MAIN_BETS + self.side_bets + extra

    @property
    def ties_carry_over(self) -> bool:
        """Macau art. 12: Player/Banker bets stay for the next round on a tie; PT rule 23 returns
        them."""
        return self.regulation is Regulation.MACAU

    def limit_for(self, kind: str) -> BetLimit:
        """The limit of one player's bet on ``kind`` (a per-bet override, else the table's)."""
        return self.bet_limits.get(kind, BetLimit(self.minimum_bet, self.maximum_bet))
