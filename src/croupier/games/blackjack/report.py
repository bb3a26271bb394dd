"""Dealing blackjack rounds with an automatic player, and their JSON records (the contract of
``croupier blackjack deal --format json``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from croupier.cards import cards_text
from croupier.errors import CardsExhausted
from croupier.games.blackjack.round import BjPhase, BlackjackRound, BlackjackSettlement
from croupier.games.blackjack.rules import BlackjackRules
from croupier.games.blackjack.strategy import BasicStrategy
from croupier.games.blackjack.values import VALUES, is_blackjack, total
from croupier.rng import RandomSource
from croupier.shoe import Shoe, StackedCards

Policy = Callable[[BlackjackRound], str]
CODES = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}


def basic_strategy_player(rules: BlackjackRules) -> Policy:
    strategy = BasicStrategy(rules)

    def decide(rnd: BlackjackRound) -> str:
        hand = rnd.current_hand()
        assert hand is not None and rnd.dealer_up is not None
        values = [VALUES[c] for c in hand.cards]
        return strategy.advise(values, VALUES[rnd.dealer_up], rnd.legal_actions()).action

    return decide


def scripted_player(actions: Sequence[str]) -> Policy:
    """Decisions taken in order from ``actions`` (H S D P R); stand when they run out or when
    the next one is not legal for the hand."""
    queue = [CODES.get(a.strip().upper(), a.strip().lower()) for a in actions if a.strip()]

    def decide(rnd: BlackjackRound) -> str:
        if queue:
            action = queue.pop(0)
            if action in rnd.legal_actions():
                return action
        return "stand"

    return decide


def play_round(
    rules: BlackjackRules, cards: Any, boxes: int, bet: int, policy: Policy, number: int = 1
) -> BlackjackRound:
    rnd = BlackjackRound(rules, cards, number=number)
    for box in range(1, boxes + 1):
        rnd.place_bet(f"box{box}", "bet", bet, box=box)
    rnd.deal()
    if rnd.phase is BjPhase.INSURANCE:
        rnd.close_insurance()  # basic strategy never insures
    while rnd.current is not None:
        rnd.act(rnd.current[0], policy(rnd))
    rnd.settle()
    return rnd


def round_record(rnd: BlackjackRound) -> dict[str, Any]:
    s = rnd.settlement
    assert isinstance(s, BlackjackSettlement)
    d_total, _ = total(rnd.dealer)
    boxes = []
    for number in sorted(rnd.boxes):
        box = rnd.boxes[number]
        hands = []
        for index, hand in enumerate(box.hands):
            [bet] = [
                b
                for b in s.bets
                if b.box == number
                and b.hand == index
                and b.bettor == box.owner
                and b.kind == "hand"
            ]
            t, soft = total(hand.cards)
            hands.append(
                {
                    "cards": cards_text(hand.cards),
                    "total": t,
                    "soft": soft,
                    "actions": list(hand.actions),
                    "bet": bet.stake,
                    "result": bet.outcome,
                    "net": bet.net,
                }
            )
        boxes.append({"box": number, "hands": hands})
    return {
        "round": rnd.number,
        "dealer": {
            "cards": cards_text(rnd.dealer),
            "total": d_total,
            "blackjack": is_blackjack(rnd.dealer),
        },
        "boxes": boxes,
    }


def deal_report(
    ruleset_name: str,
    rules: BlackjackRules,
    rounds: int,
    *,
    boxes: int = 1,
    policy: Policy,
    source: RandomSource | None = None,
    stacked: StackedCards | None = None,
) -> dict[str, Any]:
    """``{"ruleset": ..., "rounds": [...]}``; a stacked source deals whole rounds only."""
    out = []
    shoe = Shoe(rules.shoe, source) if stacked is None and source is not None else None
    for number in range(1, rounds + 1):
        if stacked is not None:
            try:
                rnd = play_round(rules, stacked, boxes, rules.minimum_bet, policy, number)
            except CardsExhausted:
                break
        else:
            assert shoe is not None
            shoe.begin_round()
            rnd = play_round(rules, shoe, boxes, rules.minimum_bet, policy, number)
            shoe.end_round()
        out.append(round_record(rnd))
    return {"ruleset": ruleset_name, "rounds": out}
