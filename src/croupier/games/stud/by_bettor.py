"""A stud round addressed by its players' names, as an online table drives it
(:class:`croupier.games.protocol.DecidingRound`).

A player's first bet takes the lowest free box (choice O16, :mod:`croupier.games.boxes`). After
the deal each live hand raises exactly twice its ante or folds (art. 6(5)-(7)); the table asks
for these decisions, each raise a new stake, and settles when every hand has decided. A hand
that does not decide in the table's time folds (choice O15, docs/choices.md: the ante is lost, as
for a fold, art. 6(7)).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from croupier.cards import card_text
from croupier.games.boxes import played_box
from croupier.games.protocol import Event
from croupier.games.stud.hand import Decision, SeatHand, StudPhase
from croupier.games.stud.rules import cite

if TYPE_CHECKING:
    from croupier.games.stud.jackpot import StudJackpotResult
    from croupier.games.stud.settlement import StudSettlement


class ByBettor:
    """The table's view of :class:`croupier.games.stud.round.StudRound`, by player."""

    default_decision = "fold"
    dealer: list[int]
    dealer_exposed: set[int]
    settlement: StudSettlement | None
    _hands: dict[int, SeatHand]
    _phase: StudPhase

    if TYPE_CHECKING:

        @property
        def undecided(self) -> list[int]: ...

        def verify_decide_seat(self, seat: int, decision: str) -> None: ...

        def decide_seat(self, seat: int, decision: Decision) -> tuple[Event, ...]: ...

        def view(self, seat: int) -> dict[str, Any]: ...

        def _owners(self) -> dict[int, str | None]: ...

    def _seat_of(self, bettor: str) -> int:
        return played_box(self._owners(), bettor, None, cite("art. 6"))

    def undecided_bettors(self) -> list[str]:
        owners = self._owners()
        return [name for seat in self.undecided if (name := owners.get(seat)) is not None]

    def verify_decide(self, bettor: str, decision: str) -> None:
        self.verify_decide_seat(self._seat_of(bettor), decision)

    def decide(self, bettor: str, decision: str) -> tuple[Event, ...]:
        seat = self._seat_of(bettor)
        self.verify_decide_seat(seat, decision)
        return self.decide_seat(seat, decision)  # type: ignore[arg-type]

    def decision_stake(self, bettor: str, decision: str) -> int:
        """The stake a decision adds: a raise is exactly twice the ante (art. 6(6))."""
        if decision != "raise":
            return 0
        return 2 * sum(h.ante for h in self._hands.values() if h.player == bettor)

    def decision_kind(self, bettor: str, decision: str) -> str:
        return "raise"

    def private_view(self, bettor: str) -> dict[str, Any]:
        """The player's own cards and the dealer's face-up card (art. 7(1): dealt face down,
        the dealer's last card face up)."""
        return self.view(self._seat_of(bettor))

    def _dealer_up(self) -> list[str]:
        dealer = self.dealer
        return [card_text(dealer[i]) for i in sorted(self.dealer_exposed) if i < len(dealer)]

    def public_view(self) -> dict[str, Any]:
        return {"dealer_up": self._dealer_up(), "options": ["raise", "fold"]}

    def result(self) -> dict[str, Any]:
        """What recall shows (PT rule 31): the dealer's cards and every hand, by player."""
        settlement = self.settlement
        if settlement is None or settlement.void:
            return {}
        owners = self._owners()
        return {
            "dealer_cards": cards_text(settlement.dealer_cards),
            "dealer_category": settlement.dealer_category,
            "dealer_qualifies": settlement.dealer_qualifies,
            "hands": [
                {
                    "player": owners.get(h.seat),
                    "box": h.seat,
                    "cards": cards_text(h.cards),
                    "category": h.category,
                    "folded": h.folded,
                    "beats_dealer": h.beats_dealer,
                }
                for h in settlement.hands
            ],
            "jackpot_paid": jackpot_paid(settlement.jackpot),
        }


def jackpot_paid(jackpot: StudJackpotResult | None) -> list[dict[str, Any]]:
    """The jackpot's prizes in the order they are paid (art. 10(4): "da esquerda para a
    direita, começando pela «mão» que fica imediatamente à esquerda do «croupier»"; 10(7): a
    straight flush before a royal flush): what recall shows, and the order the dealer's
    console pays them in at a live table."""
    if jackpot is None:
        return []
    return [{"box": w.seat, "combination": w.combination, "amount": w.amount} for w in jackpot.wins]


def cards_text(cards: Sequence[int]) -> list[str]:
    return [card_text(c) for c in cards]
