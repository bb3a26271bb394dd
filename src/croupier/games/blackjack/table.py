"""Macau blackjack at an online table: :class:`BlackjackRound` seen through the table protocol.

The table knows players by name; the round knows boxes. A player's first bet of a round takes
the lowest free box (choice T2, as at stud) and the player makes that box's decisions. After the
deal the table asks (:class:`croupier.games.protocol.DecidingRound`):

- the insurance question, all boxes at once, when the dealer shows an ace, and even money to a
  blackjack against an ace or a ten (art. 12 [1991]); insurance is half the bet (choice T3);
- then each hand in turn from the dealer's left (art. 6(3)): hit, stand, double, split or
  surrender as the rules allow; a double or a split is a new stake equal to the bet (arts. 16,
  17). A hand whose player does not decide in the table's time stands (choice T4).

The ledger keeps one row per player and kind: ``bet`` (the box's bet with its doubles and
splits), ``insurance`` and ``any_pair``; the hands' own outcomes are in the round's result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.blackjack.round import (
    ACTIONS,
    BjPhase,
    BlackjackRound,
    Box,
    Hand,
    cite,
)
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import strategy_for
from croupier.games.blackjack.values import VALUES, is_blackjack, total
from croupier.games.protocol import (
    Bet,
    BetSettlement,
    Checkpoint,
    Event,
    LogEntry,
    SettlementTotals,
    allowed,
)
from croupier.games.shoe_rounds import ShoeRounds
from croupier.shoe import Shoe, StackedCards

NO_DECISION = "decisions after the deal (Macau blackjack art. 6(3))"


@dataclass(frozen=True)
class BlackjackTableSettlement(SettlementTotals):
    """A blackjack round's settlement as the table books it: one line per player and kind (the
    hands of a box that split or doubled are summed into its ``bet`` line)."""

    bets: tuple[BetSettlement, ...]
    house_result: int
    hands: tuple[BetSettlement, ...]  # the engine's own lines, hand by hand
    void: bool = False
    carry_over: tuple[Bet, ...] = ()


def _book_kind(kind: str) -> str:
    return "bet" if kind == "hand" else kind


def _combined(lines: list[BetSettlement]) -> BetSettlement:
    first = lines[0]
    if len(lines) == 1:
        return BetSettlement(
            first.bettor,
            _book_kind(first.kind),
            first.stake,
            first.outcome,
            first.payout,
            first.commission,
            first.reason,
            first.box,
        )
    stake = sum(b.stake for b in lines)
    payout = sum(b.payout for b in lines)
    if all(b.outcome == "void" for b in lines):
        outcome = "void"
    else:
        outcome = "win" if payout > stake else "lose" if payout < stake else "push"
    reason = "; ".join(f"hand {b.hand}: {b.outcome}, {b.reason}" for b in lines)
    return BetSettlement(
        first.bettor,
        _book_kind(first.kind),
        stake,
        outcome,  # type: ignore[arg-type]
        payout,
        sum(b.commission for b in lines),
        reason,
        first.box,
    )


def book(lines: tuple[BetSettlement, ...], *, void: bool) -> BlackjackTableSettlement:
    """The engine's settlement lines summed per (player, kind) for the ledger."""
    groups: dict[tuple[str, str], list[BetSettlement]] = {}
    for line in lines:
        groups.setdefault((line.bettor, _book_kind(line.kind)), []).append(line)
    booked = tuple(_combined(group) for group in groups.values())
    house = sum(b.stake - b.payout for b in booked)
    return BlackjackTableSettlement(booked, house, lines, void)


def _hand_view(hand: Hand) -> dict[str, Any]:
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


class BlackjackTableRound:
    def __init__(self, inner: BlackjackRound) -> None:
        self.inner = inner
        self.rules: BlackjackRules = inner.rules
        self.number = inner.number
        self._box_of: dict[str, int] = {}
        self._answered: set[str] = set()  # insurance questions answered (art. 12 [1991])
        self.settlement: BlackjackTableSettlement | None = None

    # -- state ----------------------------------------------------------------------------
    @property
    def log(self) -> list[LogEntry]:
        return self.inner.log

    @log.setter
    def log(self, value: list[LogEntry]) -> None:
        self.inner.log = value

    @property
    def phase_name(self) -> str:
        return self.inner.phase.value

    @property
    def default_decision(self) -> str:
        """What a hand that does not answer in time does: no insurance, then stand (T4)."""
        return "no_insurance" if self.inner.phase is BjPhase.INSURANCE else "stand"

    @property
    def bets(self) -> tuple[Bet, ...]:
        out: list[Bet] = []
        for number in sorted(self.inner.boxes):
            box = self.inner.boxes[number]
            for player, stake in box.stakes.items():
                hands = box.hands or [Hand()]
                amount = sum(stake * (2 if h.doubled else 1) for h in hands)
                out.append(Bet(player, "bet", amount, box=number))
            for kind, held in (("insurance", box.insurance), ("any_pair", box.any_pair)):
                out.extend(Bet(p, kind, a, box=number) for p, a in held.items())
        return tuple(out)

    def _box(self, bettor: str, *, assign: bool) -> int:
        box = self._box_of.get(bettor)
        if box is None:
            if not assign:
                raise RuleViolation("bet", f"{bettor} has no box in this round", cite("art. 5"))
            taken = set(self._box_of.values()) | set(self.inner.boxes)
            free = [b for b in range(1, self.rules.boxes + 1) if b not in taken]
            if not free:
                raise RuleViolation("box", "every box has a bet", cite("art. 3 [practice]"))
            box = free[0]
        return box

    def _owned(self, bettor: str) -> Box:
        box = self.inner.boxes.get(self._box(bettor, assign=False))
        if box is None:
            raise RuleViolation("bet", f"{bettor} has no box in this round", cite("art. 5"))
        return box

    # -- betting --------------------------------------------------------------------------
    def verify_place_bet(self, bettor: str, kind: str, amount: int, seated: bool = True) -> None:
        box = self._box(bettor, assign=True)
        if kind == "any_pair" and bettor not in self._box_of:
            raise RuleViolation(
                "bet",
                "place your box's bet first: the any-pair bet stands on your hand",
                cite("art. 13(1)"),
            )
        self.inner.verify_place_bet(bettor, box, kind, amount)

    def place_bet(
        self, bettor: str, kind: str, amount: int, seated: bool = True
    ) -> tuple[Event, ...]:
        self.verify_place_bet(bettor, kind, amount, seated)
        box = self._box(bettor, assign=True)
        events = self.inner.place_bet(bettor, box, kind, amount)
        self._box_of[bettor] = box
        return events

    def checkpoint(self) -> Checkpoint:
        inner = self.inner.checkpoint()
        return Checkpoint(inner.logged, inner.state, dict(self._box_of))

    def restore(self, checkpoint: Checkpoint) -> None:
        self.inner.restore(checkpoint)
        self._box_of = checkpoint.outer

    def verify_withdraw_bet(self, bettor: str, kind: str) -> None:
        self.inner.verify_withdraw_bet(bettor, self._box(bettor, assign=False), kind)

    def withdraw_bet(self, bettor: str, kind: str) -> tuple[Event, ...]:
        box = self._box(bettor, assign=False)
        events = self.inner.withdraw_bet(bettor, box, kind)
        if box not in self.inner.boxes:
            del self._box_of[bettor]  # the box is free again
        return events

    # -- the deal and the decisions -------------------------------------------------------
    def close_betting(self) -> tuple[Event, ...]:
        return self.inner.close_betting()

    def deal(self) -> tuple[Event, ...]:
        return self.inner.deal() + self._close_insurance_when_answered()

    def _insurance_options(self, bettor: str) -> list[str]:
        """Art. 12 [1991]: insurance against an ace; even money to a blackjack against an ace
        or a ten. A box with neither offer is not asked."""
        inner = self.inner
        box = inner.boxes.get(self._box_of.get(bettor, 0))
        if inner.phase is not BjPhase.INSURANCE or box is None or bettor in self._answered:
            return []
        offers = []
        if allowed(inner.verify_insure, bettor, box.number, self._insurance_stake(bettor)):
            offers.append("insurance")
        if allowed(inner.verify_even_money, bettor, box.number):
            offers.append("even_money")
        return [*offers, "no_insurance"] if offers else []

    def _insurance_stake(self, bettor: str) -> int:
        """Choice T3: insurance is half the bet, rounded down to the table's unit."""
        box = self.inner.boxes.get(self._box_of.get(bettor, 0))
        stake = box.stakes.get(bettor, 0) if box is not None else 0
        unit = self.rules.money.unit
        return stake // 2 // unit * unit

    def _close_insurance_when_answered(self) -> tuple[Event, ...]:
        if self.inner.phase is BjPhase.INSURANCE and not self.undecided_bettors():
            return self.inner.close_insurance()
        return ()

    def _turn(self) -> tuple[int, int, str] | None:
        current = self.inner.current
        if self.inner.phase is not BjPhase.PLAYING or current is None:
            return None
        box, hand = current
        return box, hand, self.inner.boxes[box].owner

    def undecided_bettors(self) -> list[str]:
        if self.inner.phase is BjPhase.INSURANCE:
            by_box = sorted(self._box_of.items(), key=lambda item: item[1])
            return [name for name, _ in by_box if self._insurance_options(name)]
        turn = self._turn()
        return [turn[2]] if turn is not None else []

    def options(self, bettor: str) -> list[str]:
        """What ``bettor`` may decide now (what the client offers as buttons)."""
        if self.inner.phase is BjPhase.INSURANCE:
            return self._insurance_options(bettor)
        turn = self._turn()
        if turn is None or turn[2] != bettor:
            return []
        return self.inner.legal_actions()

    def verify_decide(self, bettor: str, decision: str) -> None:
        phase = self.inner.phase
        if phase is BjPhase.INSURANCE:
            offered = self._insurance_options(bettor)
            if decision not in offered:
                if not offered:
                    raise RuleViolation(
                        "decision",
                        f"{bettor} has no insurance question open",
                        cite("art. 12 [1991]"),
                    )
                raise RuleViolation(
                    "decision",
                    f"{decision!r}: the dealer shows {card_text(self.inner.dealer[0])}; "
                    f"answer one of {', '.join(offered)}",
                    cite("art. 12 [1991]"),
                )
            return
        turn = self._turn()
        if turn is None:
            raise RuleViolation("phase", "no decision is asked now", NO_DECISION)
        box, _hand, owner = turn
        if owner != bettor:
            raise RuleViolation(
                "decision",
                f"box {box} ({owner}) decides now: boxes act in turn from the dealer's left",
                cite("art. 6(3)"),
            )
        if decision not in ACTIONS:
            raise RuleViolation(
                "decision", f"{decision!r}: one of {', '.join(ACTIONS)}", cite("art. 6")
            )
        self.inner.verify_act(box, decision)

    def decide(self, bettor: str, decision: str) -> tuple[Event, ...]:
        self.verify_decide(bettor, decision)
        inner = self.inner
        if inner.phase is BjPhase.INSURANCE:
            box = self._box_of[bettor]
            events: tuple[Event, ...] = ()
            if decision == "insurance":
                events = inner.insure(bettor, box, self._insurance_stake(bettor))
            elif decision == "even_money":
                events = inner.even_money(bettor, box)
            else:  # no_insurance: the answer is logged too (issue 19)
                events = inner.decline_insurance(bettor, box)
            self._answered.add(bettor)
            return events + self._close_insurance_when_answered()
        return inner.act(self._box_of[bettor], decision)

    def decision_stake(self, bettor: str, decision: str) -> int:
        """A double or a split stakes the bet again (arts. 16, 17); insurance half of it."""
        if decision == "insurance":
            return self._insurance_stake(bettor)
        if decision in ("double", "split"):
            return self._owned(bettor).stakes.get(bettor, 0)
        return 0

    def decision_kind(self, bettor: str, decision: str) -> str:
        """The ledger line a decision's stake joins: doubles and splits the box's ``bet``."""
        return "insurance" if decision == "insurance" else "bet"

    def private_view(self, bettor: str) -> dict[str, Any]:
        box = self._box_of.get(bettor)
        return {
            "box": box,
            "dealer_up": self._dealer_up(),
            "hand": self.inner.current[1] if self._turn() and self.inner.current else None,
            "options": self.options(bettor),
            "advice": self._advice(bettor),
            "insurance_stake": self._insurance_stake(bettor)
            if self.inner.phase is BjPhase.INSURANCE
            else None,
        }

    def _advice(self, bettor: str) -> str | None:
        """The trainer's advice for the hand ``bettor`` plays now: the basic strategy of this
        table's rules (``croupier blackjack hint``), computed from cards the player sees."""
        turn = self._turn()
        hand, up = self.inner.current_hand(), self.inner.dealer_up
        if turn is None or turn[2] != bettor or hand is None or up is None:
            return None
        cards = [VALUES[c] for c in hand.cards]
        legal = self.inner.legal_actions()
        return strategy_for(self.rules).advise(cards, VALUES[up], legal).action

    def _dealer_up(self) -> list[str]:
        return [card_text(self.inner.dealer[0])] if self.inner.dealer else []

    def public_view(self) -> dict[str, Any]:
        """Everything on the felt (blackjack cards are dealt face up) and whose turn it is."""
        inner = self.inner
        turn = self._turn()
        if inner.phase is BjPhase.INSURANCE:
            # what the table offers, the same until the question closes (answers change nothing
            # on the felt, so the question's time runs on)
            up_ace = VALUES[inner.dealer[0]] == 1
            blackjacks = any(b.hands and b.hands[0].blackjack for b in inner.boxes.values())
            options = [
                *(["insurance"] if self.rules.insurance and up_ace else []),
                *(["even_money"] if self.rules.even_money and blackjacks else []),
                "no_insurance",
            ]
        else:
            options = inner.legal_actions()
        return {
            "phase": inner.phase.value,
            "dealer_up": self._dealer_up(),
            "options": options,
            "turn": None if turn is None else {"box": turn[0], "hand": turn[1], "player": turn[2]},
            "boxes": self._boxes_view(),
        }

    def _boxes_view(self, *, insurance: bool = False) -> list[dict[str, Any]]:
        owners = {box: name for name, box in self._box_of.items()}
        return [
            {
                "box": number,
                "player": owners.get(number, box.owner),
                "hands": [_hand_view(h) for h in box.hands],
                **(
                    {"insured": sum(box.insurance.values()), "even_money": bool(box.even_money)}
                    if insurance
                    else {}
                ),
            }
            for number, box in sorted(self.inner.boxes.items())
        ]

    # -- the end of the round -------------------------------------------------------------
    def settle(self) -> BlackjackTableSettlement:
        engine = self.inner.settle()
        self.settlement = book(engine.bets, void=False)
        return self.settlement

    def verify_void(self) -> None:
        self.inner.verify_void()

    def void(self, reason: str = "operator fault") -> BlackjackTableSettlement:
        engine = self.inner.void(reason)
        self.settlement = book(engine.bets, void=True)
        return self.settlement

    def result(self) -> dict[str, Any]:
        """What recall shows (PT rule 31): the dealer's cards and every box's hands with their
        outcomes."""
        settlement = self.settlement
        if settlement is None or settlement.void:
            return {}
        dealer = self.inner.dealer
        outcomes = {
            (b.box, b.hand): b for b in settlement.hands if b.kind == "hand" and b.hand is not None
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


@dataclass
class BlackjackTableGame(ShoeRounds):
    """Rounds one after another at a blackjack table, from one shoe until the cut card comes
    out (a new shuffle after that round, [practice] art. 2)."""

    rules: BlackjackRules
    cards: Shoe | StackedCards
    jackpot_pool: int | None = None
    rounds_played: int = 0
    _current: BlackjackTableRound | None = field(default=None, repr=False)

    def start_round(self) -> BlackjackTableRound:
        number, _burned = self._begin_round()
        self._current = BlackjackTableRound(BlackjackRound(self.rules, self.cards, number=number))
        return self._current

    def finish_round(self) -> BlackjackTableSettlement:
        current = self._current
        if current is None or current.settlement is None:
            raise RuntimeError("the current round is not settled or void")
        self._end_round(None, None)
        self._current = None
        return current.settlement
