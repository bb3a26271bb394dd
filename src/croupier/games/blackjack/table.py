"""Macau blackjack at an online table: rounds one after another from one shoe. The round itself
takes its players by name (:mod:`croupier.games.blackjack.turns`, :mod:`.felt`): a player's
first bet takes the lowest free box (choice O16, as at stud) and the player makes that box's
decisions; the ledger keeps one line per player and kind (:mod:`.booking`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.games.blackjack.round import BlackjackRound
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.settlement import BlackjackSettlement
from croupier.games.shoe_rounds import ShoeRounds
from croupier.shoe import Shoe, StackedCards


@dataclass
class BlackjackTableGame(ShoeRounds):
    """Rounds one after another at a blackjack table, from one shoe until the cut card comes
    out (a new shuffle after that round, [practice] art. 2)."""

    rules: BlackjackRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    rounds_played: int = 0
    _current: BlackjackRound | None = field(default=None, repr=False)

    def start_round(self) -> BlackjackRound:
        number, _burned = self._begin_round()
        self._current = BlackjackRound(self.rules, self.cards, number=number)
        return self._current

    def finish_round(self) -> BlackjackSettlement:
        current = self._current
        if current is None or current.settlement is None:
            raise RuntimeError("the current round is not settled or void")
        self._end_round(None, None)
        self._current = None
        return current.settlement
