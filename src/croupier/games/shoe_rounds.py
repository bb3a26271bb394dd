"""Rounds one after another from one shoe: what every game's table does with its shoe, written
once (issues 19, 27). A round begins on the shoe (a new shuffle first when one is due, burned
cards, its number) and ends on it; the shoe's SHA-256 commitment, and whether its cut card is
out, are the shoe's to say; the jackpot pool and the bets a round carries pass to the next. A
game says only how its round is made (:meth:`ShoeRounds._new_round`) and, where its shoe has
a procedure between rounds, what happens before one (:meth:`ShoeRounds._before_round`)."""

from __future__ import annotations

import abc
from typing import Any, Generic, Protocol, TypeVar

from croupier.games.protocol import Bet
from croupier.shoe import Shoe, ShoeSeal, StackedCards


class _EndedSettlement(Protocol):
    @property
    def jackpot_pool(self) -> int | None: ...

    @property
    def carry_over(self) -> tuple[Bet, ...]: ...


class _Round(Protocol):
    @property
    def settlement(self) -> Any: ...


R = TypeVar("R", bound=_Round)
S = TypeVar("S", bound=_EndedSettlement)


class ShoeRounds(abc.ABC, Generic[R, S]):
    cards: Shoe | StackedCards
    rounds_played: int
    jackpot_pool: int | None
    carried: tuple[Bet, ...]  # where the game carries bets to the next round
    _current: R | None

    def __post_init__(self) -> None:
        """A game whose rules have a jackpot starts from its seed when given no pool."""
        jackpot = getattr(getattr(self, "rules", None), "jackpot", None)
        if self.jackpot_pool is None and jackpot is not None:
            self.jackpot_pool = jackpot.seed

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

    def shoe_seal(self) -> ShoeSeal | None:
        """The shoe in use's seal (its document and entropy: issue 28), None for stacked cards
        or before the first shuffle; the table keeps it secret until the shoe ends."""
        if not isinstance(self.cards, Shoe):
            return None
        try:
            return self.cards.seal()
        except RuntimeError:
            return None

    def next_entropy_sha256(self) -> str | None:
        """The SHA-256 of the house's entropy for the next shoe, where players give values to
        shoes (issue 28): published before they reveal them."""
        return self.cards.next_entropy_sha256 if isinstance(self.cards, Shoe) else None

    def promise_next_shoe(self, entropy: bytes) -> None:
        """The house's entropy promised for the next shoe before a restart (issue 28)."""
        if isinstance(self.cards, Shoe):
            self.cards.promise(entropy)

    def start_round(self) -> R:
        """Open the next round's betting window (a new shoe shuffled first when one is due)."""
        if self._current is not None:
            raise RuntimeError("finish the current round first")
        self._before_round()
        burned = self.cards.begin_round() if isinstance(self.cards, Shoe) else ()
        self.rounds_played += 1
        self._current = self._new_round(self.rounds_played, burned)
        return self._current

    def finish_round(self) -> S:
        """Close the current round (it must be settled or void): its jackpot pool and the bets
        it carries pass to the next, and the round ends on the shoe."""
        current = self._current
        if current is None or current.settlement is None:
            raise RuntimeError("the current round is not settled or void")
        settlement: S = current.settlement
        if settlement.jackpot_pool is not None:
            self.jackpot_pool = settlement.jackpot_pool
        self.carried = settlement.carry_over
        if isinstance(self.cards, Shoe):
            self.cards.end_round()
        self._current = None
        return settlement

    def _before_round(self) -> None:
        """What the shoe's procedure does before a round (baccarat: a new shoe's shuffle)."""

    @abc.abstractmethod
    def _new_round(self, number: int, burned: tuple[int, ...]) -> R:
        """The game's round ``number``, ``burned`` the cards burned for it."""
