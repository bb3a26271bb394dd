"""Stud poker, checked apart from the engine: the deal from the round's own deck, one card at a
time five times round to each box and then the dealer (Macau stud art. 7(1)), or five at a time
from a shuffler (art. 7(2)); each hand's
category (art. 4, 8); the dealer's qualification (art. 9(1)); the ante and raise of the hands a
dealer who does not qualify pays (art. 9(2)) and of the folded ones (art. 6(7))."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from croupier.proof.verify.journal import dealt_cards

Problem = tuple[str, str, str]
ORDER = "23456789TJQKA"


taken = dealt_cards  # the round's deck, as its journal dealt it (art. 7)


def _dealt(cards: list[str], place: int, seats: int, five_at_once: bool) -> list[str]:
    """The hand at ``place`` (boxes from the dealer's left, the dealer last): art. 7(1), from a
    shoe, "uma de cada vez ... até que todos os jogadores tenham recebido 5 cartas" (one at a
    time, five times round); art. 7(2), from a shuffler, "cinco cartas de cada vez" (five at a
    time)."""
    return cards[5 * place : 5 * place + 5] if five_at_once else cards[place::seats]


def category(cards: list[str]) -> str:
    """A five-card hand's category (art. 8(1)-(10)); A-2-3-4-5 is a straight (art. 4(3))."""
    ranks = sorted((ORDER.index(c[0]) for c in cards), reverse=True)
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    straight = len(set(ranks)) == 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    if straight and flush:
        return "royal_flush" if ranks[4] == 8 else "straight_flush"
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts[:2] == [3, 2]:
        return "full_house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if counts[0] == 3:
        return "three_of_a_kind"
    if counts[:2] == [2, 2]:
        return "two_pairs"
    return "one_pair" if counts[0] == 2 else "high_card"


def qualifies(cards: list[str]) -> bool:
    """Art. 9(1): the dealer's hand must hold at least an ace and a king."""
    return category(cards) != "high_card" or {"A", "K"} <= {c[0] for c in cards}


def check(rnd: dict[str, Any], cards: list[str], rules: Any, cite: Any) -> Iterator[Problem]:
    result = rnd["result"]
    if rnd["status"] != "settled" or not result:
        return
    hands = sorted(result["hands"], key=lambda h: h["box"])
    dealer = result.get("dealer_cards")
    seats = len(hands) + 1
    if cards:  # (a player's own export holds no stud journal: the hands as shown)
        if len(cards) != 5 * seats:
            yield "cards", cite("art. 7(1)"), f"{len(cards)} cards dealt to {seats} hands of five"
            return
        five_at_once = getattr(rules, "dealing", "shoe") == "shuffler"
        dealt = [_dealt(cards, place, seats, five_at_once) for place in range(seats)]
        article = cite("art. 7(2)" if five_at_once else "art. 7(1)")
        for place, hand in enumerate(hands):
            if hand["cards"] != dealt[place]:
                yield (
                    "cards",
                    article,
                    f"box {hand['box']} holds {hand['cards']}; dealt {dealt[place]}",
                )
                return
        if dealer is not None and dealer != dealt[-1]:
            yield "cards", article, f"the dealer holds {dealer}; the deck dealt {dealt[-1]}"
            return
    for hand in hands:
        if not hand.get("cards"):
            continue  # a hand the viewer of a player's export was never shown
        if hand["category"] != category(hand["cards"]):
            yield (
                "hands",
                cite("art. 8"),
                (
                    f"box {hand['box']}'s {hand['cards']} is "
                    f"{category(hand['cards'])}, not {hand['category']}"
                ),
            )
            return
    if dealer is None:
        return
    if result["dealer_category"] != category(dealer) or result["dealer_qualifies"] != qualifies(
        dealer
    ):
        yield (
            "hands",
            cite("art. 9(1)"),
            f"the dealer's {dealer} is recorded {result['dealer_category']}, "
            f"qualifying {result['dealer_qualifies']}",
        )
        return
    yield from _payouts(rnd["bets"], hands, qualifies(dealer), cite)


def _payouts(
    bets: list[dict[str, Any]], hands: list[dict[str, Any]], opened: bool, cite: Any
) -> Iterator[Problem]:
    by_player = {h["player"]: h for h in hands}
    for bet in bets:
        hand = by_player.get(bet["player"])
        if hand is None or bet["kind"] not in ("ante", "raise"):
            continue  # the jackpot's bets: the engine's replay
        if hand["folded"]:  # art. 6(7): folding loses the ante
            due, article = 0, cite("art. 6(7)")
        elif not opened:  # art. 9(2): the ante paid 1 to 1, the raise returned
            due = 2 * bet["amount"] if bet["kind"] == "ante" else bet["amount"]
            article = cite("art. 9(2)")
        else:
            continue  # hand against hand and the paytable: the engine's replay
        if bet["payout"] != due:
            yield (
                "payout",
                article,
                (
                    f"{bet['player']}'s {bet['kind']} of {bet['amount']} was "
                    f"paid {bet['payout']}, not {due}"
                ),
            )
            return
