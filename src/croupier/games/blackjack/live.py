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
from typing import TYPE_CHECKING, Any

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.games.blackjack.dealer import draws_on
from croupier.games.blackjack.hands import cite
from croupier.games.blackjack.values import VALUES, total
from croupier.games.live import (
    CORRECT,
    DEALER_PLACE,
    KEEP,
    Irregularity,
    LiveCard,
    SeenCards,
)
from croupier.games.protocol import Bet, TableRound
from croupier.i18n.message import msg

if TYPE_CHECKING:
    from croupier.games.blackjack.rules import BlackjackRules

DEALER = DEALER_PLACE


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
                "to",
                msg("{to}: the dealer's draw goes to the dealer", to=repr(card.to)),
                cite("art. 6(1)"),
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
            msg(
                "the dealer stands on {standing}: a card taken now is taken wrongly; {shown}",
                standing=standing,
                shown=shown,
            ),
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
                "remedy",
                msg(
                    "{remedy} is not a remedy for this card ({offered})",
                    remedy=repr(remedy),
                    offered=offered,
                ),
                cite("art. 6(1)"),
            )
        (self.kept if remedy == KEEP else self.withdrawn).append(card.card)
        event = {
            "event": "card_kept" if remedy == KEEP else "card_withdrawn",
            "card": card_text(card.card),
            "rule": cite("art. 6(1)"),
        }
        self.log.append(event)
        return event


class LiveBlackjackShoe:
    """A blackjack table's live dealing (:class:`~croupier.games.live.LiveDealing`), where the
    round engine asks for each card as it needs it (``pulls``): the boxes' and the dealer's
    first cards when betting closes, a card for each hit, double and split as the player
    decides, the dealer's draw by art. 6(1). The table asks the engine where the next card goes
    (:meth:`want`) and this checks each card against it: the place it was put, and a card the
    shoe cannot hold (a misread). A card the dealer takes after standing, before the next
    round's first card, is refused by art. 6(1), with its remedies (:class:`LiveDealerDraw`);
    kept, it is the next card of the shoe."""

    pulls = True  # the engine asks for each card as it needs it

    def __init__(self, rules: BlackjackRules) -> None:
        self.rules = rules
        self.seen = SeenCards(rules.shoe.decks, cite("art. 1"))
        self.wanted: str | None = None  # where the engine wants the next card, or None
        self.played: Any = None  # the round last dealt (a BlackjackRound): its dealer's hand
        self.kept: list[int] = []  # not shown, kept: the next cards of the shoe (art. 6(1))
        self.log: list[dict[str, Any]] = []

    def want(self, to: str | None) -> None:
        """Where the engine wants the next card (None: it wants none now)."""
        self.wanted = to

    def due(self) -> str | None:
        return self.wanted

    def _late_draw(self) -> LiveDealerDraw | None:
        """The dealer's hand of the round last dealt, while a card to the dealer is judged by
        art. 6(1) rather than taken (until the next round's first card). Before the dealer
        stands, its hand says draw, so such a card is simply not due."""
        rnd = self.played
        return None if rnd is None else LiveDealerDraw(rnd.dealer, self.rules.soft17)

    def irregularity(self, card: LiveCard) -> Irregularity | None:
        wanted = self.wanted
        if wanted is None:
            late = self._late_draw()
            if late is not None and card.to in (None, DEALER):
                wrong = late.irregularity(card)
                if wrong is not None:
                    return wrong
            raise RuleViolation("card", "no card is due: the engine wants none now", cite("art. 6"))
        if card.to not in (None, wanted):
            raise RuleViolation(
                "to",
                msg(
                    "{to}: the card due now is {wanted}'s (boxes are dealt and played in turn "
                    "from the dealer's left)",
                    to=repr(card.to),
                    wanted=wanted,
                ),
                cite("art. 6(3)"),
            )
        return None

    def deal(self, card: LiveCard) -> dict[str, Any]:
        """A card where the engine wants it, or refused (nothing changes)."""
        self.seen.verify(card.card)
        wrong = self.irregularity(card)
        if wrong is not None:
            raise wrong
        self.seen.seen(card.card)
        event = {"event": "card", "to": self.wanted, **card.record()}
        self.wanted = None  # the table asks the engine where the next one goes
        self.log.append(event)
        return event

    def remedy(self, card: LiveCard, remedy: str, supervisor: str = "") -> dict[str, Any]:
        """Art. 6(1)'s remedies for a card the dealer took after standing: withdrawn (it is
        invalid), or, not shown, kept as the next card of the shoe."""
        self.seen.verify(card.card)
        late = self._late_draw() if self.wanted is None else None
        if late is None or card.to not in (None, DEALER):
            raise RuleViolation(
                "remedy", "no card the dealer took wrongly is waiting for a remedy",
                cite("art. 6(1)"),
            )  # fmt: skip
        event = late.remedy(card, remedy)
        self.seen.seen(card.card)
        if remedy == KEEP:
            self.kept.append(card.card)
        self.log.append(event)
        return event

    def take_kept(self) -> list[int]:
        """The cards kept as the next of the shoe, for the round about to be dealt."""
        kept, self.kept = self.kept, []
        return kept

    @property
    def void_reason(self) -> str | None:
        return None  # art. 6(1) corrects the dealer's card; no live remedy voids the round

    def begin(self, bets: Sequence[Bet]) -> None:
        """Betting is closed: the round's first card is the next the shoe sends."""
        self.played = None

    def announce(self, rnd: TableRound) -> dict[str, Any]:
        return {}  # nothing but the first card due

    def after_deal(self, rnd: TableRound) -> None:
        """The round the engine plays from these cards: once it is settled, a card the dealer
        takes is its dealer's error until the next round's first card."""
        self.played = rnd

    def dealt_in_order(self) -> list[int]:
        raise RuleViolation("deal", "the engine asks for each blackjack card", cite("art. 6"))

    def next_coup(self) -> None:
        self.wanted = None

    def abandon(self, reason: str) -> None:
        self.wanted, self.played = None, None
        self.log.append({"event": "round_abandoned", "reason": reason})

    def new_shoe(self) -> dict[str, Any]:
        if self.wanted is not None:
            raise RuleViolation(
                "shoe", "a round is being dealt: the shoe is changed between rounds",
                cite("art. 1"),
            )  # fmt: skip
        self.seen = SeenCards(self.rules.shoe.decks, cite("art. 1"))
        self.kept, self.played = [], None
        event = {"event": "new_shoe", "rule": cite("art. 1"), "next": None}
        self.log.append(event)
        return event
