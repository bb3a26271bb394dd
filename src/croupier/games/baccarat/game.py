"""A baccarat game over a shoe: rounds one after another, with what passes between them.

The round (:mod:`croupier.games.baccarat.round`) is one coup. The game adds what lives longer:
the shoe's procedures (shuffle and commitment, cut card, burn, demonstration hands at the start
of each shoe, art. 2; burn at each round, art. 8; end of shoe, art. 3), the Player/Banker bets a
Macau tie leaves on the table (art. 12), and the jackpot pool. The online table runtime wraps a
game; the CLI and the tests drive one directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.games.baccarat.round import BaccaratRound, Settlement
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.protocol import Bet
from croupier.games.shoe_rounds import ShoeRounds
from croupier.shoe import Shoe, ShoeStart, StackedCards


@dataclass(frozen=True, slots=True)
class DemonstrationHand:
    """A demonstration hand dealt at the start of a shoe (art. 2(2)): no bets, no settlement."""

    shoe: int
    round: BaccaratRound


@dataclass
class BaccaratGame(ShoeRounds[BaccaratRound, Settlement]):
    rules: BaccaratRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    carried: tuple[Bet, ...] = ()
    rounds_played: int = 0
    shoe_starts: list[ShoeStart] = field(default_factory=list)
    demonstrations: list[DemonstrationHand] = field(default_factory=list)
    burned: dict[int, tuple[int, ...]] = field(default_factory=dict)  # round number -> burn
    shoe_of_round: dict[int, int] = field(default_factory=dict)
    _current: BaccaratRound | None = None

    @property
    def shoe_number(self) -> int:
        return self.cards.number if isinstance(self.cards, Shoe) else 1

    def _before_round(self) -> None:
        """A finished shoe is shuffled again (its commitment recorded) and opens with its
        demonstration hands, when the ruleset has any."""
        if isinstance(self.cards, Shoe) and self.cards.finished:
            shoe = self.cards
            self.shoe_starts.append(shoe.shuffle())
            while shoe.demonstrations_left:
                self._demonstration(shoe)

    def _new_round(self, number: int, burned: tuple[int, ...]) -> BaccaratRound:
        self.burned[number] = burned
        self.shoe_of_round[number] = self.shoe_number
        return BaccaratRound(
            self.rules,
            self.cards,
            number=number,
            jackpot_pool=self.jackpot_pool,
            carried=self.carried,
        )

    def replace_shoe(self) -> ShoeStart:
        """The house replaces the shoe between rounds (art. 3(2))."""
        if not isinstance(self.cards, Shoe):
            raise RuntimeError("a stacked card source cannot be replaced")
        if self._current is not None:
            raise RuntimeError("the shoe is replaced only at the end of a round (art. 3(2))")
        start = self.cards.replace()
        self.shoe_starts.append(start)
        while self.cards.demonstrations_left:
            self._demonstration(self.cards)
        return start

    def _demonstration(self, shoe: Shoe) -> None:
        shoe.begin_round(demonstration=True)
        rnd = BaccaratRound(self.rules, shoe, number=0, demonstration=True)
        rnd.deal()
        shoe.end_round()
        self.demonstrations.append(DemonstrationHand(shoe.number, rnd))
