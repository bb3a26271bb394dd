"""Macau stud at an online table: rounds one after another (the round itself takes its
players by name, :mod:`croupier.games.stud.by_bettor`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.games.protocol import Bet
from croupier.games.shoe_rounds import ShoeRounds
from croupier.games.stud.round import StudRound, StudSettlement
from croupier.games.stud.rules import StudRules
from croupier.shoe import Shoe, StackedCards


@dataclass
class StudTableGame(ShoeRounds[StudRound, StudSettlement]):
    """Rounds one after another at a stud table: a deck shuffled for every round (one deck,
    art. 2-3), the jackpot pool, the jackpot bets a void round carries (art. 11)."""

    rules: StudRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    carried: tuple[Bet, ...] = ()
    rounds_played: int = 0
    _current: StudRound | None = field(default=None, repr=False)

    @property
    def cut_card_out(self) -> bool:
        """A stud deck is shuffled for every round (art. 2-3): no cut card."""
        return False

    def _new_round(self, number: int, burned: tuple[int, ...]) -> StudRound:
        return StudRound(
            self.rules,
            self.cards,
            number=number,
            jackpot_pool=self.jackpot_pool,
            carried=self.carried,
        )
