"""Macau blackjack at an online table: rounds one after another from one shoe. The round itself
takes its players by name (:mod:`croupier.games.blackjack.turns`, :mod:`.felt`): a player's
first bet takes the lowest free box (choice O16, as at stud) and the player makes that box's
decisions; the ledger keeps one line per player and kind (:mod:`.booking`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.games.blackjack.round import BlackjackRound
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.settlement import BlackjackSettlement
from croupier.games.protocol import Bet
from croupier.games.shoe_rounds import ShoeRounds
from croupier.shoe import Shoe, StackedCards


@dataclass
class BlackjackTableGame(ShoeRounds[BlackjackRound, BlackjackSettlement]):
    """Rounds one after another at a blackjack table, from one shoe until the cut card comes
    out (a new shuffle after that round, [practice] art. 2)."""

    rules: BlackjackRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    rounds_played: int = 0
    carried: tuple[Bet, ...] = ()  # nothing stays on a blackjack table
    _current: BlackjackRound | None = field(default=None, repr=False)

    def _new_round(self, number: int, burned: tuple[int, ...]) -> BlackjackRound:
        return BlackjackRound(self.rules, self.cards, number=number)
