"""What the hand to act may do (arts. 16-18, [1991]): hit and stand always; a double on the
first two cards as the ruleset allows; a split of a pair (aces once, unless resplit); surrender
as the first decision, never against an ace. Each refusal names its article."""

from __future__ import annotations

from croupier.errors import RuleViolation
from croupier.games.blackjack.hands import ACTIONS, BjPhase, Box, cite
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.values import VALUES, same_rank
from croupier.games.protocol import allowed
from croupier.i18n.message import msg


class Choices:
    """The choices of :class:`croupier.games.blackjack.round.BlackjackRound`."""

    rules: BlackjackRules
    boxes: dict[int, Box]
    dealer: list[int]
    _phase: BjPhase
    _current: tuple[int, int] | None

    def legal_actions(self) -> list[str]:
        """What the hand to act may do now (what a UI enables)."""
        if self._current is None:
            return []
        return [a for a in ACTIONS if self._refusal(a) is None]

    def _refusal(self, action: str) -> RuleViolation | None:
        if self._phase is not BjPhase.PLAYING or self._current is None:
            return RuleViolation("phase", "no box is to act", cite("art. 6(3)"))
        box_no, index = self._current
        box = self.boxes[box_no]
        hand = box.hands[index]
        first_two = len(hand.cards) == 2 and all(a == "split" for a in hand.actions)
        rules = self.rules
        if action in ("hit", "stand"):
            return None
        if action == "double":
            if not first_two:
                return RuleViolation(
                    "action",
                    "a double is made on the first two cards",
                    cite("art. 17(1) (Despacho 42/2007)"),
                )
            if hand.split_aces:
                return RuleViolation(
                    "action", "no double on split aces", cite("art. 17(1)(2) (Despacho 42/2007)")
                )
            if hand.from_split and not rules.double_after_split:
                return RuleViolation(
                    "action",
                    "this table doubles only on a box's first two cards",
                    cite("art. 17(1) (Despacho 42/2007)"),
                )
            if rules.double == "eleven_only" and hand.total != 11:
                return RuleViolation(
                    "action",
                    "this table doubles only on a total of 11",
                    cite("art. 17(1)(3) (Despacho 42/2007)"),
                )
            return None
        if action == "split":
            if not first_two:
                return RuleViolation(
                    "action", "only a first two-card pair can be split", cite("art. 16 [practice]")
                )
            a, b = hand.cards
            tens_ok = rules.split_unlike_tens and VALUES[a] == VALUES[b] == 10
            if not (same_rank(a, b) or tens_ok):
                return RuleViolation(
                    "action", "the two cards are not a pair", cite("art. 16 [practice]")
                )
            if len(box.hands) >= rules.split_max_hands:
                return RuleViolation(
                    "action",
                    msg(
                        "at most {split_max_hands} hands per box",
                        split_max_hands=rules.split_max_hands,
                    ),
                    cite("art. 16 [practice]"),
                )
            if hand.split_aces and not rules.resplit_aces:
                return RuleViolation(
                    "action", "split aces are not split again", cite("art. 16 [practice]")
                )
            return None
        if action == "surrender":
            if not rules.surrender:
                return RuleViolation(
                    "action", "this table offers no surrender", cite("art. 18, 21(2)")
                )
            if VALUES[self.dealer[0]] == 1:
                return RuleViolation(
                    "action", "no surrender against a dealer's ace", cite("art. 18 [1991]")
                )
            if not first_two or hand.from_split:
                return RuleViolation(
                    "action",
                    "surrender is the first decision on the first two cards",
                    cite("art. 18 [1991]"),
                )
            return None
        return RuleViolation(
            "action",
            msg("{action}: one of {actions}", action=repr(action), actions=", ".join(ACTIONS)),
            cite("art. 6"),
        )

    def verify_act(self, box: int, action: str) -> None:
        if self._current is not None and box != self._current[0]:
            raise RuleViolation(
                "box",
                msg(
                    "box {current} decides first: boxes act in order from the dealer's left",
                    current=self._current[0],
                ),
                cite("art. 6(3)"),
            )
        refusal = self._refusal(action)
        if refusal is not None:
            raise refusal

    def can_act(self, box: int, action: str) -> bool:
        return allowed(self.verify_act, box, action)
