"""The blackjack dealer's hand completed from a physical shoe, card by card (issue 31; Macau
blackjack art. 6(1) as amended by Despacho 42/2007).

Art. 6(1): "A banca é obrigada a tomar cartas quando o total dos seus pontos for 16 ou inferior
ou quando tiver um «soft 17», mas não pode tomar mais cartas quando tiver 17 ou mais pontos. Se
a banca tomar, indevidamente, uma carta adicional, esta considera-se inválida e é retirada,
podendo, no entanto, considerar-se válida se não tiver sido mostrada" (the dealer must draw on
16 or less or a "soft 17", and may not draw on 17 or more; a card the dealer takes wrongly is
invalid and withdrawn, though it may be held valid if it was not shown). The engine asks for the
dealer's cards while the ruleset's reading of the rule (:func:`~croupier.games.blackjack.dealer.
draws_on`, docs/choices.md B2) says draw, and refuses a card the dealer takes when it says stand:
shown, its remedy is to withdraw it; not shown, it may also be kept as the next card of the shoe
(docs/choices.md B3), as the round engine's :meth:`~croupier.games.blackjack.round.
BlackjackRound.dealer_error` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.blackjack.dealer import draws_on
from croupier.games.blackjack.hands import cite
from croupier.games.blackjack.values import VALUES, total
from croupier.games.live import CORRECT, KEEP, Irregularity, LiveCard

DEALER = "dealer"


class LiveDealerDraw:
    """The dealer's hand from ``dealt`` (its cards so far) to its end, by ``soft17`` (the
    ruleset's reading of art. 6(1), 6(6))."""

    def __init__(self, dealt: Sequence[int], soft17: str) -> None:
        self.cards = list(dealt)
        self.soft17 = soft17
        self.withdrawn: list[int] = []  # shown and taken wrongly: invalid (art. 6(1))
        self.kept: list[int] = []  # not shown: valid as the next cards of the shoe
        self.log: list[dict[str, Any]] = []

    def due(self) -> str | None:
        """``dealer`` while the dealer must draw, None once it stands."""
        return DEALER if draws_on([VALUES[c] for c in self.cards], self.soft17) else None

    def irregularity(self, card: LiveCard) -> Irregularity | None:
        if card.to not in (None, DEALER):
            raise RuleViolation(
                "to", f"{card.to!r}: the dealer's draw goes to the dealer", cite("art. 6(1)")
            )
        if self.due() is not None:
            return None
        standing, _soft = total(self.cards)
        shown = (
            "it was shown: it is invalid and withdrawn"
            if card.face_up
            else ("it was not shown: it may be kept as the next card, or withdrawn")
        )
        return Irregularity(
            f"the dealer stands on {standing}: a card taken now is taken wrongly; {shown}",
            cite("art. 6(1)"),
            (CORRECT,) if card.face_up else (KEEP, CORRECT),
            None,
        )

    def deal(self, card: LiveCard) -> dict[str, Any]:
        """A card for the dealer: taken while the rule says draw, refused once it says stand."""
        wrong = self.irregularity(card)
        if wrong is not None:
            raise wrong
        self.cards.append(card.card)
        event = {"event": "card", "to": DEALER, **card.record(), "next": self.due()}
        self.log.append(event)
        return event

    def remedy(self, card: LiveCard, remedy: str) -> dict[str, Any]:
        """Art. 6(1)'s remedy for a card the dealer took wrongly: ``correct`` withdraws it
        (invalid), ``keep`` (only if it was not shown) holds it valid as the next card."""
        wrong = self.irregularity(card)
        if wrong is None or remedy not in wrong.remedies:
            offered = "none" if wrong is None else ", ".join(wrong.remedies)
            raise RuleViolation(
                "remedy", f"{remedy!r} is not a remedy for this card ({offered})", cite("art. 6(1)")
            )
        (self.kept if remedy == KEEP else self.withdrawn).append(card.card)
        event = {
            "event": "card_kept" if remedy == KEEP else "card_withdrawn",
            "card": card_text(card.card),
            "rule": cite("art. 6(1)"),
        }
        self.log.append(event)
        return event
