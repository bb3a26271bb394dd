"""What a blackjack round shows: the felt every watcher sees (the cards are dealt face up), what
one player is asked and advised, and what recall shows once the round is settled (PT rule 31)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from croupier.cards import card_text
from croupier.games.blackjack.hands import BjPhase, Box, Hand
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import strategy_for
from croupier.games.blackjack.values import VALUES, is_blackjack, total

if TYPE_CHECKING:
    from croupier.games.blackjack.settlement import BlackjackSettlement


def hand_view(hand: Hand) -> dict[str, Any]:
    t, soft = total(hand.cards)
    return {
        "cards": [card_text(c) for c in hand.cards],
        "total": t,
        "soft": soft,
        "blackjack": hand.blackjack,
        "busted": hand.busted,
        "doubled": hand.doubled,
        "surrendered": hand.surrendered,
        "split": hand.from_split,
        "finished": hand.finished,
    }


class Felt:
    """The views of :class:`croupier.games.blackjack.round.BlackjackRound`."""

    rules: BlackjackRules
    boxes: dict[int, Box]
    dealer: list[int]
    settlement: BlackjackSettlement | None
    _phase: BjPhase

    if TYPE_CHECKING:

        @property
        def dealer_up(self) -> int | None: ...

        @property
        def current(self) -> tuple[int, int] | None: ...

        def current_hand(self) -> Hand | None: ...

        def box_of(self, player: str) -> int | None: ...

        def turn(self) -> tuple[int, int, str] | None: ...

        def options(self, bettor: str) -> list[str]: ...

        def insurance_stake(self, player: str) -> int: ...

        def legal_actions(self) -> list[str]: ...

    def private_view(self, bettor: str) -> dict[str, Any]:
        current = self.current
        return {
            "box": self.box_of(bettor),
            "dealer_up": self._dealer_up(),
            "hand": current[1] if self.turn() and current else None,
            "options": self.options(bettor),
            "advice": self._advice(bettor),
            "insurance_stake": self.insurance_stake(bettor)
            if self._phase is BjPhase.INSURANCE
            else None,
        }

    def _advice(self, bettor: str) -> str | None:
        """The trainer's advice for the hand ``bettor`` plays now: the basic strategy of this
        table's rules (``croupier blackjack hint``), computed from cards the player sees."""
        turn = self.turn()
        hand, up = self.current_hand(), self.dealer_up
        if turn is None or turn[2] != bettor or hand is None or up is None:
            return None
        cards = [VALUES[c] for c in hand.cards]
        return strategy_for(self.rules).advise(cards, VALUES[up], self.legal_actions()).action

    def _dealer_up(self) -> list[str]:
        return [card_text(self.dealer[0])] if self.dealer else []

    def public_view(self) -> dict[str, Any]:
        """Everything on the felt (blackjack cards are dealt face up) and whose turn it is."""
        turn = self.turn()
        if self._phase is BjPhase.INSURANCE:
            # what the table offers, the same until the question closes (answers change nothing
            # on the felt, so the question's time runs on)
            up_ace = VALUES[self.dealer[0]] == 1
            blackjacks = any(b.hands and b.hands[0].blackjack for b in self.boxes.values())
            options = [
                *(["insurance"] if self.rules.insurance and up_ace else []),
                *(["even_money"] if self.rules.even_money and blackjacks else []),
                "no_insurance",
            ]
        else:
            options = self.legal_actions()
        return {
            "phase": self._phase.value,
            "dealer_up": self._dealer_up(),
            "options": options,
            "turn": None if turn is None else {"box": turn[0], "hand": turn[1], "player": turn[2]},
            "boxes": self._boxes_view(),
        }

    def _boxes_view(self, *, insurance: bool = False) -> list[dict[str, Any]]:
        return [
            {
                "box": number,
                "player": box.owner,
                "hands": [hand_view(h) for h in box.hands],
                **(
                    {"insured": sum(box.insurance.values()), "even_money": bool(box.even_money)}
                    if insurance
                    else {}
                ),
            }
            for number, box in sorted(self.boxes.items())
        ]

    def result(self) -> dict[str, Any]:
        """What recall shows (PT rule 31): the dealer's cards and every box's hands with their
        outcomes."""
        settlement = self.settlement
        if settlement is None or settlement.void:
            return {}
        dealer = self.dealer
        outcomes = {
            (b.box, b.hand): b for b in settlement.bets if b.kind == "hand" and b.hand is not None
        }
        boxes = self._boxes_view(insurance=True)
        for box in boxes:
            for index, hand in enumerate(box["hands"]):
                line = outcomes.get((box["box"], index))
                if line is not None:
                    hand.update(stake=line.stake, outcome=line.outcome, payout=line.payout)
        return {
            "dealer_cards": [card_text(c) for c in dealer],
            "dealer_total": total(dealer)[0],
            "dealer_blackjack": is_blackjack(dealer),
            "dealer_busted": total(dealer)[0] > 21,
            "boxes": boxes,
        }
