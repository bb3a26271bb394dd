"""A blackjack round's decisions as an online table asks them, by player
(:class:`croupier.games.protocol.DecidingRound`).

After the deal the table asks the insurance question, all boxes at once, when the dealer shows
an ace, and even money to a blackjack against an ace or a ten (art. 12 [1991]; insurance is half
the bet, choice O17); then each hand in turn from the dealer's left (art. 6(3)): hit, stand,
double, split or surrender as the rules allow, a double or a split a new stake equal to the bet
(arts. 16, 17). A hand whose player does not decide in the table's time stands (choice O18).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.blackjack.hands import ACTIONS, BjPhase, Box, cite
from croupier.games.protocol import Event
from croupier.i18n.message import msg

NO_DECISION = "decisions after the deal (Macau blackjack art. 6(3))"


class Turns:
    """Who decides now, and their decision, in
    :class:`croupier.games.blackjack.round.BlackjackRound`."""

    boxes: dict[int, Box]
    dealer: list[int]
    _phase: BjPhase
    _current: tuple[int, int] | None

    if TYPE_CHECKING:

        def box_of(self, player: str) -> int | None: ...

        def insurance_options(self, player: str) -> list[str]: ...

        def insurance_stake(self, player: str) -> int: ...

        def asked_insurance(self) -> list[str]: ...

        def answer_insurance(self, player: str, answer: str) -> tuple[Event, ...]: ...

        def legal_actions(self) -> list[str]: ...

        def verify_act(self, box: int, action: str) -> None: ...

        def act(self, box: int, action: str) -> tuple[Event, ...]: ...

    @property
    def default_decision(self) -> str:
        """What a hand that does not answer in time does: no insurance, then stand (O18)."""
        return "no_insurance" if self._phase is BjPhase.INSURANCE else "stand"

    def turn(self) -> tuple[int, int, str] | None:
        """The box, the hand and the player whose decision it is, while hands are played."""
        current = self._current
        if self._phase is not BjPhase.PLAYING or current is None:
            return None
        box, hand = current
        return box, hand, self.boxes[box].owner

    def undecided_bettors(self) -> list[str]:
        if self._phase is BjPhase.INSURANCE:
            return self.asked_insurance()
        turn = self.turn()
        return [turn[2]] if turn is not None else []

    def options(self, bettor: str) -> list[str]:
        """What ``bettor`` may decide now (what the client offers as buttons)."""
        if self._phase is BjPhase.INSURANCE:
            return self.insurance_options(bettor)
        turn = self.turn()
        if turn is None or turn[2] != bettor:
            return []
        return self.legal_actions()

    def verify_decide(self, bettor: str, decision: str) -> None:
        if self._phase is BjPhase.INSURANCE:
            offered = self.insurance_options(bettor)
            if decision not in offered:
                if not offered:
                    raise RuleViolation(
                        "decision",
                        msg("{bettor} has no insurance question open", bettor=bettor),
                        cite("art. 12 [1991]"),
                    )
                raise RuleViolation(
                    "decision",
                    msg(
                        "{decision}: the dealer shows {dealer}; answer one of {offered}",
                        decision=repr(decision),
                        dealer=card_text(self.dealer[0]),
                        offered=", ".join(offered),
                    ),
                    cite("art. 12 [1991]"),
                )
            return
        turn = self.turn()
        if turn is None:
            raise RuleViolation("phase", "no decision is asked now", NO_DECISION)
        box, _hand, owner = turn
        if owner != bettor:
            raise RuleViolation(
                "decision",
                msg(
                    "box {box} ({owner}) decides now: boxes act in turn from the dealer's left",
                    box=box,
                    owner=owner,
                ),
                cite("art. 6(3)"),
            )
        if decision not in ACTIONS:
            raise RuleViolation(
                "decision",
                msg(
                    "{decision}: one of {actions}",
                    decision=repr(decision),
                    actions=", ".join(ACTIONS),
                ),
                cite("art. 6"),
            )
        self.verify_act(box, decision)

    def decide(self, bettor: str, decision: str) -> tuple[Event, ...]:
        self.verify_decide(bettor, decision)
        if self._phase is BjPhase.INSURANCE:
            return self.answer_insurance(bettor, decision)
        turn = self.turn()
        assert turn is not None
        return self.act(turn[0], decision)

    def decision_stake(self, bettor: str, decision: str) -> int:
        """A double or a split stakes the bet again (arts. 16, 17); insurance half of it."""
        if decision == "insurance":
            return self.insurance_stake(bettor)
        if decision in ("double", "split"):
            box = self.boxes.get(self.box_of(bettor) or 0)
            if box is None:
                raise RuleViolation(
                    "bet", msg("{bettor} has no box in this round", bettor=bettor), cite("art. 5")
                )
            return box.stakes.get(bettor, 0)
        return 0

    def decision_kind(self, bettor: str, decision: str) -> str:
        """The ledger line a decision's stake joins: doubles and splits the box's ``bet``."""
        return "insurance" if decision == "insurance" else "bet"
