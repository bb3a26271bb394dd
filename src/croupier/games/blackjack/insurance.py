"""The insurance question and even money (art. 12 [1991]): asked when the dealer shows an ace
(even money also against a ten, to a box holding a blackjack); insurance is at most half the
bet; every answer, "no" included, is a logged command of the round."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from croupier.errors import RuleViolation
from croupier.games.blackjack.hands import BjPhase, Box, cite
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.values import VALUES
from croupier.games.protocol import Event, allowed
from croupier.i18n.message import msg
from croupier.money import verify_stake


class Insurance:
    """The insurance question of :class:`croupier.games.blackjack.round.BlackjackRound`."""

    rules: BlackjackRules
    boxes: dict[int, Box]
    dealer: list[int]
    _phase: BjPhase

    if TYPE_CHECKING:

        def box_of(self, player: str) -> int | None: ...

        def _advance(self) -> None: ...

        def _record(
            self, command: str, args: Mapping[str, Any], events: Sequence[Event]
        ) -> tuple[Event, ...]: ...

    def _insurance_offered(self) -> bool:
        up = self.dealer[0]
        if self.rules.insurance and VALUES[up] == 1:
            return True
        return (
            self.rules.even_money
            and VALUES[up] in (1, 10)
            and any(b.hands[0].blackjack for b in self.boxes.values() if b.hands)
        )

    def verify_insure(self, player: str, box: int, amount: int) -> None:
        if self._phase is not BjPhase.INSURANCE or not self.rules.insurance:
            raise RuleViolation(
                "phase",
                "insurance is offered only when the dealer shows an ace",
                cite("art. 12 [1991]"),
            )
        if VALUES[self.dealer[0]] != 1:
            raise RuleViolation(
                "phase",
                "insurance is offered only when the dealer shows an ace",
                cite("art. 12 [1991]"),
            )
        b = self.boxes.get(box)
        stake = b.stakes.get(player, 0) if b else 0
        if not stake:
            raise RuleViolation(
                "box",
                msg("{player} has no bet on box {box}", player=player, box=box),
                cite("art. 12 [1991]"),
            )
        assert b is not None
        if player in b.insurance or player in b.even_money or player in b.declined:
            raise RuleViolation("box", "already insured", cite("art. 12 [1991]"))
        verify_stake(amount)
        if 2 * amount > stake:
            raise RuleViolation(
                "amount",
                msg(
                    "insurance {amount} is more than half the bet {stake}",
                    amount=amount,
                    stake=stake,
                ),
                cite("art. 12 [1991]"),
            )

    def insure(self, player: str, box: int, amount: int) -> tuple[Event, ...]:
        self.verify_insure(player, box, amount)
        self.boxes[box].insurance[player] = amount
        data = {"player": player, "box": box, "amount": amount}
        return self._record("insure", data, [Event("insured", data)])

    def verify_even_money(self, player: str, box: int) -> None:
        if self._phase is not BjPhase.INSURANCE or not self.rules.even_money:
            raise RuleViolation(
                "phase",
                "even money is offered only against a dealer's ace or ten",
                cite("art. 12 [1991]"),
            )
        b = self.boxes.get(box)
        if b is None or not b.stakes.get(player) or not b.hands[0].blackjack:
            raise RuleViolation(
                "box",
                msg(
                    "box {box} has no blackjack of {player}'s to pay even money on",
                    box=box,
                    player=player,
                ),
                cite("art. 12 [1991]"),
            )
        if player in b.insurance or player in b.even_money or player in b.declined:
            raise RuleViolation("box", "already insured", cite("art. 12 [1991]"))

    def even_money(self, player: str, box: int) -> tuple[Event, ...]:
        self.verify_even_money(player, box)
        self.boxes[box].even_money.add(player)
        data = {"player": player, "box": box}
        return self._record("even_money", data, [Event("even_money_taken", data)])

    def verify_decline_insurance(self, player: str, box: int) -> None:
        if self._phase is not BjPhase.INSURANCE:
            raise RuleViolation("phase", "no insurance is being offered", cite("art. 12 [1991]"))
        b = self.boxes.get(box)
        if not (b and b.stakes.get(player, 0)):
            raise RuleViolation(
                "box",
                msg("{player} has no bet on box {box}", player=player, box=box),
                cite("art. 12 [1991]"),
            )
        if player in b.insurance or player in b.even_money or player in b.declined:
            raise RuleViolation("box", "the question is answered already", cite("art. 12 [1991]"))

    def decline_insurance(self, player: str, box: int) -> tuple[Event, ...]:
        """The player answers the insurance question "no" (art. 12 [1991]): nothing is staked,
        and the answer is in the round's log like every other (issue 19)."""
        self.verify_decline_insurance(player, box)
        self.boxes[box].declined.add(player)
        data = {"player": player, "box": box}
        return self._record("decline_insurance", data, [Event("insurance_declined", data)])

    def close_insurance(self) -> tuple[Event, ...]:
        if self._phase is not BjPhase.INSURANCE:
            raise RuleViolation("phase", "no insurance is being offered", cite("art. 12 [1991]"))
        self._phase = BjPhase.PLAYING
        self._advance()
        return self._record("close_insurance", {}, [Event("phase", {"phase": "playing"})])

    # -- the question as the table asks it, by player (art. 12 [1991]) -------------------------
    def insurance_stake(self, player: str) -> int:
        """Choice T3: insurance is half the bet, rounded down to the table's unit."""
        box = self.boxes.get(self.box_of(player) or 0)
        stake = box.stakes.get(player, 0) if box is not None else 0
        unit = self.rules.money.unit
        return stake // 2 // unit * unit

    def insurance_options(self, player: str) -> list[str]:
        """What ``player`` is asked: insurance against an ace, even money to a blackjack
        against an ace or a ten (art. 12 [1991]), or neither; a box with no offer, or one that
        has answered, is not asked."""
        number = self.box_of(player)
        box = self.boxes.get(number or 0)
        if self._phase is not BjPhase.INSURANCE or box is None or number is None:
            return []
        if player in box.insurance or player in box.even_money or player in box.declined:
            return []
        offers = []
        if allowed(self.verify_insure, player, number, self.insurance_stake(player)):
            offers.append("insurance")
        if allowed(self.verify_even_money, player, number):
            offers.append("even_money")
        return [*offers, "no_insurance"] if offers else []

    def asked_insurance(self) -> list[str]:
        """The players whose insurance question is open, box by box."""
        owners = [self.boxes[n].owner for n in sorted(self.boxes)]
        return [p for p in dict.fromkeys(owners) if self.insurance_options(p)]

    def answer_insurance(self, player: str, answer: str) -> tuple[Event, ...]:
        """``player``'s answer, one of :meth:`insurance_options`; the question closes once no
        one is left to answer."""
        number = self.box_of(player)
        assert number is not None
        if answer == "insurance":
            events = self.insure(player, number, self.insurance_stake(player))
        elif answer == "even_money":
            events = self.even_money(player, number)
        else:
            events = self.decline_insurance(player, number)
        return events + self.close_insurance_when_answered()

    def close_insurance_when_answered(self) -> tuple[Event, ...]:
        if self._phase is BjPhase.INSURANCE and not self.asked_insurance():
            return self.close_insurance()
        return ()
