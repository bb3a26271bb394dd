"""Rounds one after another from one shoe: what every game's table does with its shoe, written
once (issue 19). A round begins on the shoe (a new shuffle first when one is due, burned cards,
its number) and ends on it; the shoe's SHA-256 commitment, and whether its cut card is out, are
the shoe's to say; the jackpot pool and the bets a round carries pass to the next."""

from __future__ import annotations

from croupier.games.protocol import Bet
from croupier.shoe import Shoe, StackedCards


class ShoeRounds:
    cards: Shoe | StackedCards
    rounds_played: int
    jackpot_pool: int | None
    carried: tuple[Bet, ...]  # where the game carries bets to the next round

    @property
    def cut_card_out(self) -> bool:
        """Whether the cut card has come out of the shoe (the table shows it; no card count)."""
        return isinstance(self.cards, Shoe) and self.cards.cut_card_out

    def shoe_commitment(self) -> str | None:
        """The SHA-256 commitment of the shoe in use (None for stacked cards)."""
        if not isinstance(self.cards, Shoe):
            return None
        try:
            return self.cards.commitment
        except RuntimeError:  # not shuffled yet: the first round shuffles it
            return None

    def _begin_round(self) -> tuple[int, tuple[int, ...]]:
        """The next round begins on the shoe: its number, and the cards burned for it."""
        burned = self.cards.begin_round() if isinstance(self.cards, Shoe) else ()
        self.rounds_played += 1
        return self.rounds_played, burned

    def _end_round(self, pool_after: int | None, carried: tuple[Bet, ...] | None) -> None:
        """The round has ended on the shoe: its pool and its carried bets pass on."""
        if pool_after is not None:
            self.jackpot_pool = pool_after
        if carried is not None:
            self.carried = carried
        if isinstance(self.cards, Shoe):
            self.cards.end_round()
