"""Macau stud at an online table: :class:`StudRound` seen through the table protocol.

The table knows players by name; the round knows hands by seat (art. 1: seven boxes). A
player's first bet of a round takes the lowest free box. After the deal each live hand raises
exactly twice its ante or folds (art. 6(5)-(7)); the table asks for these decisions
(:class:`croupier.games.protocol.DecidingRound`), each raise being a new stake, and settles when
every hand has decided. A hand that does not decide in the table's time folds (choice T1,
docs/choices.md: the ante is lost, as for a fold, art. 6(7)).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.protocol import Bet, Checkpoint, Event, LogEntry
from croupier.games.shoe_rounds import ShoeRounds
from croupier.games.stud.round import StudRound, StudSettlement
from croupier.games.stud.rules import StudRules, cite
from croupier.shoe import Shoe, StackedCards


class StudTableRound:
    default_decision = "fold"

    def __init__(self, inner: StudRound) -> None:
        self.inner = inner
        self.number = inner.number
        # jackpot bets a void round carried (art. 11) keep their boxes
        self._seat_of: dict[str, int] = {b.bettor: b.box for b in inner.bets if b.box is not None}

    # -- state ----------------------------------------------------------------------------
    @property
    def log(self) -> list[LogEntry]:
        return self.inner.log

    @log.setter
    def log(self, value: list[LogEntry]) -> None:
        self.inner.log = value

    @property
    def bets(self) -> tuple[Bet, ...]:
        return self.inner.bets

    @property
    def phase_name(self) -> str:
        return self.inner.phase.value

    def _seat(self, bettor: str, *, assign: bool) -> int:
        seat = self._seat_of.get(bettor)
        if seat is None:
            if not assign:
                raise RuleViolation("bet", f"{bettor} has no hand in this round", cite("art. 6"))
            taken = set(self._seat_of.values())
            free = [s for s in range(1, self.inner.rules.seats + 1) if s not in taken]
            if not free:
                raise RuleViolation("seat", "every box has a hand", cite("art. 1"))
            seat = free[0]
        return seat

    # -- betting --------------------------------------------------------------------------
    def verify_place_bet(self, bettor: str, kind: str, amount: int, seated: bool = True) -> None:
        self.inner.verify_place_bet(bettor, self._seat(bettor, assign=True), kind, amount)

    def place_bet(
        self, bettor: str, kind: str, amount: int, seated: bool = True
    ) -> tuple[Event, ...]:
        seat = self._seat(bettor, assign=True)
        events = self.inner.place_bet(bettor, seat, kind, amount)
        self._seat_of[bettor] = seat
        return events

    def checkpoint(self) -> Checkpoint:
        inner = self.inner.checkpoint()
        return Checkpoint(inner.logged, inner.state, dict(self._seat_of))

    def restore(self, checkpoint: Checkpoint) -> None:
        self.inner.restore(checkpoint)
        self._seat_of = checkpoint.outer

    def verify_withdraw_bet(self, bettor: str, kind: str) -> None:
        self.inner.verify_withdraw_bet(bettor, self._seat(bettor, assign=False), kind)

    def withdraw_bet(self, bettor: str, kind: str) -> tuple[Event, ...]:
        return self.inner.withdraw_bet(bettor, self._seat(bettor, assign=False), kind)

    # -- the round ------------------------------------------------------------------------
    def close_betting(self) -> tuple[Event, ...]:
        return self.inner.close_betting()

    def deal(self) -> tuple[Event, ...]:
        return self.inner.deal()

    def undecided_bettors(self) -> list[str]:
        by_seat = {seat: name for name, seat in self._seat_of.items()}
        return [by_seat[s] for s in self.inner.undecided if s in by_seat]

    def verify_decide(self, bettor: str, decision: str) -> None:
        self.inner.verify_decide(self._seat(bettor, assign=False), decision)

    def decide(self, bettor: str, decision: str) -> tuple[Event, ...]:
        self.verify_decide(bettor, decision)
        return self.inner.decide(self._seat(bettor, assign=False), decision)  # type: ignore[arg-type]

    def decision_stake(self, bettor: str, decision: str) -> int:
        """The stake a decision adds: a raise is exactly twice the ante (art. 6(6))."""
        if decision != "raise":
            return 0
        ante = sum(b.amount for b in self.inner.bets if b.bettor == bettor and b.kind == "ante")
        return 2 * ante

    def decision_kind(self, bettor: str, decision: str) -> str:
        return "raise"

    def private_view(self, bettor: str) -> dict[str, Any]:
        """The player's own cards and the dealer's face-up card (art. 7; art. 12(2): players
        may not share what they hold while deciding)."""
        return self.inner.view(self._seat(bettor, assign=False))

    def public_view(self) -> dict[str, Any]:
        up = [
            card_text(self.inner.dealer[i])
            for i in sorted(self.inner.dealer_exposed)
            if i < len(self.inner.dealer)
        ]
        return {"dealer_up": up, "options": ["raise", "fold"]}

    def settle(self) -> StudSettlement:
        return self.inner.settle()

    def verify_void(self) -> None:
        self.inner.verify_void()

    def void(self, reason: str = "operator fault") -> StudSettlement:
        return self.inner.void(reason)

    def result(self) -> dict[str, Any]:
        settlement = self.inner.settlement
        if settlement is None or settlement.void:
            return {}
        by_seat = {seat: name for name, seat in self._seat_of.items()}
        return {
            "dealer_cards": [card_text(c) for c in settlement.dealer_cards],
            "dealer_category": settlement.dealer_category,
            "dealer_qualifies": settlement.dealer_qualifies,
            "hands": [
                {
                    "player": by_seat.get(h.seat),
                    "box": h.seat,
                    "cards": [card_text(c) for c in h.cards],
                    "category": h.category,
                    "folded": h.folded,
                    "beats_dealer": h.beats_dealer,
                }
                for h in settlement.hands
            ],
        }


@dataclass
class StudTableGame(ShoeRounds):
    """Rounds one after another at a stud table: a deck shuffled for every round (one deck,
    art. 2-3), the jackpot pool, the jackpot bets a void round carries (art. 11)."""

    rules: StudRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    carried: tuple[Bet, ...] = ()
    rounds_played: int = 0
    _current: StudTableRound | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.jackpot_pool is None and self.rules.jackpot is not None:
            self.jackpot_pool = self.rules.jackpot.seed

    @property
    def cut_card_out(self) -> bool:
        """A stud deck is shuffled for every round (art. 2-3): no cut card."""
        return False

    def start_round(self) -> StudTableRound:
        number, _burned = self._begin_round()
        inner = StudRound(
            self.rules,
            self.cards,
            number=number,
            jackpot_pool=self.jackpot_pool,
            carried=self.carried,
        )
        self._current = StudTableRound(inner)
        return self._current

    def finish_round(self) -> StudSettlement:
        current = self._current
        if current is None or current.inner.settlement is None:
            raise RuntimeError("the current round is not settled or void")
        settlement = current.inner.settlement
        self._end_round(settlement.jackpot_pool, settlement.carry_over)
        self._current = None
        return settlement
