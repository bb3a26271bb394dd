"""What of a finished stud round the rules show, and to whom (Macau stud, DRE 61/2004).

* Art. 6(7): "Se, optar por não colocar a aposta adicional, a «mão» é considerada perdida, sendo
  as cartas e as apostas iniciais recolhidas pelo «croupier»" (a hand that does not raise is
  lost, its cards and ante collected by the dealer): a folded hand is never turned over, so its
  cards stay its player's.
* Art. 9(3): "o «croupier» abre as «mãos» dos jogadores para determinar a jogada" (the dealer
  opens the players' hands to decide the round): the dealer's hand is turned over to be compared
  with the hands that raised. With no hand left to compare (every hand folded), nothing is turned
  over: the dealer's face-down cards stay hidden; only the up card (art. 7) was ever shown.

Everyone else (another player, a watcher) sees a finished round's result with those cards
left out; the hand's own player sees their cards, and an operator everything.
"""

from __future__ import annotations

from typing import Any

from croupier.games.stud.dealing import DEALER_UP_INDEX


def shown_result(result: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """``result`` (of :meth:`StudTableRound.result`) as ``viewer`` (a player's name, or None
    for a watcher) may see it."""
    if not result:
        return result
    hands = []
    for hand in result.get("hands", []):
        if hand.get("folded") and hand.get("player") != viewer:  # art. 6(7)
            hand = {**hand, "cards": None, "category": None}
        hands.append(hand)
    shown = {**result, "hands": hands}
    opened = any(not h.get("folded") for h in result.get("hands", []))
    if not opened:  # art. 9(3): no hand to compare, the dealer's hand is not turned over
        dealer = result.get("dealer_cards") or []
        shown["dealer_cards"] = None
        shown["dealer_up"] = dealer[DEALER_UP_INDEX : DEALER_UP_INDEX + 1]
        shown["dealer_category"] = None
        shown["dealer_qualifies"] = None
    return shown
