"""Blackjack, checked apart from the engine: the cards of a round in the order they came from
the shoe (its journal's, then the dealer's draws), the first deal (one card to each box from the
dealer's left, one to the dealer, a second to each box: Macau blackjack [practice, arts. 16(6),
17(3)]), the dealer drawing on 16 or less and standing on a hard 17 or more (art. 6(1)), his
total, and a busted hand lost (arts. 7, 9 [1991])."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Problem = tuple[str, str, str]
VALUE = {
    rank: (10 if rank in "TJQK" else 1 if rank == "A" else int(rank)) for rank in "23456789TJQKA"
}


def _dealt(journal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for entry in journal for e in entry["events"] if e["event"] == "card_dealt"]


def taken(journal: list[dict[str, Any]], result: Any) -> list[str]:
    """The journal's cards, then the dealer's cards drawn after the boxes finished."""
    dealt = _dealt(journal)
    cards = [d["card"] for d in dealt]
    if result:
        seen = sum(1 for d in dealt if d["box"] == 0)
        cards += result["dealer_cards"][seen:]
    return cards


def hard_soft(cards: list[str]) -> tuple[int, int]:
    hard = sum(VALUE[c[0]] for c in cards)
    return hard, hard + 10 if "A" in {c[0] for c in cards} and hard + 10 <= 21 else hard


def check(
    rnd: dict[str, Any], cards: list[str], rules: Any, cite: Any, journal: list[dict[str, Any]]
) -> Iterator[Problem]:
    result = rnd["result"]
    if rnd["status"] != "settled" or not result:
        return
    first = [
        d
        for entry in journal
        if entry["command"] == "deal"
        for d in (e["data"] for e in entry["events"] if e["event"] == "card_dealt")
    ]
    boxes = sorted(b["box"] for b in result["boxes"])
    order = [d["box"] for d in first]
    if order != [*boxes, 0, *boxes][: len(order)] or len(order) != 2 * len(boxes) + 1:
        yield (
            "cards",
            cite("arts. 16(6), 17(3) [practice]"),
            f"the first deal went to boxes {order}, not {[*boxes, 0, *boxes]}",
        )
        return
    dealer = result["dealer_cards"]
    for drawn in range(2, len(dealer) + 1):
        hard, best = hard_soft(dealer[: drawn - 1])
        if drawn > 2 and (hard >= 17 or best >= 18):
            yield "dealer", cite("art. 6(1)"), f"the dealer drew on {best} ({dealer[: drawn - 1]})"
            return
    hard, best = hard_soft(dealer)
    total = best if best <= 21 else hard
    if result["dealer_total"] != total or result["dealer_busted"] != (total > 21):
        yield (
            "dealer",
            cite("art. 6(1)"),
            f"the dealer's {dealer} make {total}, recorded {result['dealer_total']}",
        )
        return
    live = [
        h
        for b in result["boxes"]
        for h in b["hands"]
        if not h["busted"] and not h["surrendered"] and not h["blackjack"]
    ]
    if live and len(dealer) >= 2 and total < 17:
        yield "dealer", cite("art. 6(1)"), f"the dealer stood on {total} with hands to play"
        return
    for box in result["boxes"]:
        for hand in box["hands"]:
            hard, best = hard_soft(hand["cards"])
            if (min(hard, best) > 21) != hand["busted"] or (hand["busted"] and hand["payout"]):
                yield (
                    "payout",
                    cite("art. 7, 9 [1991]"),
                    f"box {box['box']}'s {hand['cards']} busted {hand['busted']}, "
                    f"paid {hand['payout']}",
                )
                return
