"""Blackjack, checked apart from the engine: the cards of a round in the order they came from
the shoe (its journal's, then the dealer's draws), the first deal (one card to each box from the
dealer's left, one to the dealer, a second to each box: Macau blackjack [practice, arts. 16(6),
17(3)]), the dealer drawing on 16 or less and standing on a hard 17 or more (art. 6(1)), his
total, a busted hand lost (arts. 7, 9 [1991]; but a split or doubled hand, against a dealer's
blackjack, loses only its initial bet: Despacho 42/2007 arts. 16(6), 17(3)), and the payouts of
plain hands (arts. 9, 10 [1991])."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from croupier.proof.verify.journal import dealt as journal_dealt

Problem = tuple[str, str, str]
VALUE = {
    rank: (10 if rank in "TJQK" else 1 if rank == "A" else int(rank)) for rank in "23456789TJQKA"
}


def taken(journal: list[dict[str, Any]], result: Any) -> list[str]:
    """The journal's cards, then the dealer's cards drawn after the boxes finished."""
    dealt = journal_dealt(journal)
    cards = [d["card"] for d in dealt]
    if result:
        seen = sum(1 for d in dealt if d["box"] == 0)
        cards += result["dealer_cards"][seen:]
    return cards


def hard_soft(cards: list[str]) -> tuple[int, int]:
    """(the hard total, the best total): an ace counts 11 where that makes 21 or less."""
    hard = sum(VALUE[c[0]] for c in cards)
    return hard, hard + 10 if "A" in {c[0] for c in cards} and hard + 10 <= 21 else hard


def check(
    rnd: dict[str, Any], cards: list[str], rules: Any, cite: Any, journal: list[dict[str, Any]]
) -> Iterator[Problem]:
    result = rnd["result"]
    if rnd["status"] != "settled" or not result:
        return
    first = journal_dealt(journal, "deal")
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
    total = hard_soft(dealer)[1]
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
            hard = hard_soft(hand["cards"])[0]
            # a split or doubled hand loses only the initial bet to a dealer's blackjack, bust
            # or not (Despacho 42/2007 arts. 16(6), 17(3)): the replay's to check
            only_initial = _natural(dealer) and (hand["split"] or hand["doubled"])
            paid_bust = hand["busted"] and hand["payout"] and not only_initial
            if (hard > 21) != hand["busted"] or paid_bust:
                yield (
                    "payout",
                    cite("art. 7, 9 [1991]"),
                    f"box {box['box']}'s {hand['cards']} busted {hand['busted']}, "
                    f"paid {hand['payout']}",
                )
                return
            due = _plain_payout(hand, dealer, total, box, rules)
            if due is not None and hand["payout"] != due[0]:
                yield (
                    "payout",
                    cite(due[1]),
                    f"box {box['box']}'s {hand['cards']} against {dealer} was paid "
                    f"{hand['payout']}; the rules pay {due[0]}",
                )
                return


def _natural(cards: list[str]) -> bool:
    return len(cards) == 2 and hard_soft(cards)[1] == 21


def _plain_payout(
    hand: dict[str, Any], dealer: list[str], total: int, box: dict[str, Any], rules: Any
) -> tuple[int, str] | None:
    """What a plain hand is paid (one not split, doubled, surrendered, insured or taking even
    money, with no special prize or five-card rule to meet: those are the replay's): a blackjack
    3 to 2 or as the ruleset says (art. 10 [1991]) and pushing against the dealer's; against a
    dealer's blackjack every other hand lost (art. 9 [1991]); else 1 to 1 above the dealer or
    when he busts, the stake back on a tie, nothing below (art. 9 [1991])."""
    from fractions import Fraction

    from croupier.proof.verify.money import rounded

    cards, stake = hand["cards"], hand["stake"]
    special = bool(getattr(rules, "special_prizes", ())) and len(cards) == 3
    five = bool(getattr(rules, "five_card_rule", False)) and len(cards) >= 5
    if (
        hand["split"]
        or hand["doubled"]
        or hand["surrendered"]
        or hand["busted"]
        or special
        or five
        or box.get("insured")
        or box.get("even_money")
    ):
        return None
    if _natural(cards):
        if _natural(dealer):
            return stake, "art. 10 [1991]"
        return stake + rounded(
            stake * Fraction(rules.blackjack_pays), rules.money
        ), "art. 10 [1991]"
    if _natural(dealer):
        return 0, "art. 9 [1991]"
    mine = hard_soft(cards)[1]
    if total > 21 or mine > total:
        return 2 * stake, "art. 9 [1991]"
    return (stake if mine == total else 0), "art. 9 [1991]"
