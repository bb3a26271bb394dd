"""Macau stud dealt from a physical shoe or shuffler, card by card (issue 31; Despacho 61/2004
arts. 1(1), 7 and 11): the engine says which hand the next card is for and checks each card.

* Five cards to every hand with an ante and to the dealer, the dealer last: from the shoe one at
  a time, clockwise, five times round; from the shuffler five at a time to each hand (art. 7;
  :func:`~croupier.games.stud.dealing.deal_order`). The dealer's fifth card is dealt face up.
* Art. 11(1): cards dealt in the wrong way, or a wrong number of cards, make the round invalid:
  a card to a hand out of its turn, a sixth card, a card after the deal is complete: refused,
  its remedy a void (stakes returned, jackpot bets carried to the next round: the round's
  :meth:`~croupier.games.stud.round.StudRound.void`).
* Art. 11(3): cards dealt to a hand that has no bet make it a dead hand and play goes on.
* Art. 11(2): one card exposed by accident: play goes on (an exposed dealer card is the one left
  showing); a second exposed card makes the round invalid (art. 11(1)).

The dealt cards, in the order they came, are what the round engine deals from
(:meth:`LiveStudDeal.dealt_in_order`), so a live round settles exactly as a dealt one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from croupier.errors import RuleViolation
from croupier.games.live import (
    CONTINUE,
    DEALER_PLACE,
    VOID,
    Irregularity,
    LiveCard,
    SeenCards,
    box_place,
    place_said,
)
from croupier.games.protocol import Bet, TableRound
from croupier.games.stud.dealing import DEALER, DEALER_UP_INDEX, deal_order
from croupier.games.stud.round import StudRound
from croupier.games.stud.rules import StudRules, cite
from croupier.i18n.message import msg

HAND_SIZE = 5  # art. 7: "até que todos os jogadores tenham recebido 5 cartas"
DEALER_NAME = DEALER_PLACE


def place(seat: int) -> str:
    """How a hand is named in the live protocol: ``dealer`` or ``box N``."""
    return DEALER_NAME if seat == DEALER else box_place(seat)


def seat_of(to: str, seats: int) -> int:
    """The seat a live card names (``dealer`` or ``box 1`` .. ``box N``)."""
    if to == DEALER_NAME:
        return DEALER
    number = to.removeprefix("box ")
    if number.isdigit() and 1 <= int(number) <= seats:
        return int(number)
    raise RuleViolation(
        "to",
        msg("{to} is not the dealer or box 1 to {seats}", to=repr(to), seats=seats),
        cite("art. 2(1)"),
    )


class LiveStudDeal:
    """One round's deal as its cards arrive: ``antes`` the seats with an ante, ``seats`` the
    table's places, ``dealing`` ``shoe`` or ``shuffler`` (the ruleset's option)."""

    def __init__(self, antes: Sequence[int], seats: int, dealing: str) -> None:
        if not antes:
            raise RuleViolation("bet", "no hand has an ante", cite("art. 6(2)"))
        self.seats = seats
        self.order = deal_order(antes, dealing)
        self.piles: dict[int, list[int]] = {seat: [] for seat in (*antes, DEALER)}
        self.dead: dict[int, list[int]] = {}  # art. 11(3): cards of hands with no bet
        self.dealt: list[int] = []  # every card in the order it came (dead hands' too)
        self.dealt_to: list[int] = []
        self.exposed: list[tuple[int, int]] = []  # (seat, index) shown by accident (11(2))
        self.void_reason: str | None = None
        self.seen = SeenCards(1, cite("art. 1(1)"))  # one deck of fifty-two cards
        self.log: list[dict[str, Any]] = []

    def due(self) -> str | None:
        """The hand the next card is for (``box N`` or ``dealer``), or None: complete or void."""
        taken = sum(len(p) for p in self.piles.values())
        if self.void_reason is not None or taken >= len(self.order):
            return None
        return place(self.order[taken])

    def irregularity(self, card: LiveCard) -> Irregularity | None:
        if self.void_reason is not None:
            raise RuleViolation("card", "the round is void: no card is dealt", cite("art. 11(1)"))
        due = self.due()
        to = card.to or due
        if to is not None and to == due:
            return None
        if to is None:
            return Irregularity(
                "every hand has its five cards: a card more is a wrong number of cards",
                cite("art. 11(1)"),
                (VOID,),
                None,
            )
        seat = seat_of(to, self.seats)
        if seat not in self.piles:
            return Irregularity(
                msg(
                    "{to} has no bet: a hand dealt a card by mistake is dead, and play goes on",
                    to=place_said(to),
                ),
                cite("art. 11(3)"),
                (CONTINUE,),
                to,
            )
        if len(self.piles[seat]) >= HAND_SIZE:
            message = msg(
                "{to} has its five cards: a sixth is a wrong number of cards", to=place_said(to)
            )
        else:
            message = msg(
                "the card is {due}'s: cards dealt out of their order are dealt wrongly",
                due=place_said(due or ""),
            )
        return Irregularity(message, cite("art. 11(1)"), (VOID,), None)

    def deal(self, card: LiveCard) -> dict[str, Any]:
        """A card that arrived: taken by the hand it is due to, or refused (nothing changes)."""
        self.seen.verify(card.card)
        wrong = self.irregularity(card)
        if wrong is not None:
            raise wrong
        due = self.due()
        assert due is not None
        return self._take(card, seat_of(due, self.seats))

    def remedy(self, card: LiveCard, remedy: str) -> dict[str, Any]:
        """Apply ``remedy`` (one the card's irregularity offers) to the card refused: art.
        11(3)'s dead hand (the card stays there, play goes on) or art. 11(1)'s void."""
        self.seen.verify(card.card)
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
                cite("art. 11"),
            )
        if remedy == VOID:
            return self.void(wrong.message, wrong.rule)
        assert card.to is not None
        seat = seat_of(card.to, self.seats)
        self.seen.seen(card.card)
        first = seat not in self.dead
        self.dead.setdefault(seat, []).append(card.card)
        self.dealt.append(card.card)
        self.dealt_to.append(seat)
        event: dict[str, Any] = {"event": "card", "to": card.to, **card.record()}
        if first:
            event["hand_dead"] = cite("art. 11(3)")
        event["next"] = self.due()
        self.log.append(event)
        return event

    def void(self, reason: str, rule: str) -> dict[str, Any]:
        """The round invalid (art. 11(1)): no more cards; the round's stakes are returned and
        its jackpot bets carried to the next round."""
        self.void_reason = reason
        event = {"event": "round_void", "reason": reason, "rule": rule}
        self.log.append(event)
        return event

    def _take(self, card: LiveCard, seat: int) -> dict[str, Any]:
        self.seen.seen(card.card)
        pile = self.piles[seat]
        pile.append(card.card)
        self.dealt.append(card.card)
        self.dealt_to.append(seat)
        event: dict[str, Any] = {"event": "card", "to": place(seat), **card.record()}
        dealt_up = seat == DEALER and len(pile) - 1 == DEALER_UP_INDEX  # art. 7(1)
        if card.face_up and not dealt_up:
            self.exposed.append((seat, len(pile) - 1))
            event["exposed"] = cite("art. 11(2)")
            if len(self.exposed) >= 2:  # art. 11(1): "duas ou mais cartas forem expostas"
                self.log.append(event)
                self.void("two or more cards exposed", cite("art. 11(1)"))
                return event
        event["next"] = self.due()
        self.log.append(event)
        return event

    def dealt_in_order(self) -> list[int]:
        """The cards of the live hands in the order the round engine deals them (art. 7): a
        stacked source from which it deals the same round."""
        if self.due() is not None or self.void_reason is not None:
            raise RuleViolation("deal", "the deal is not complete", cite("art. 7"))
        return [
            c for c, seat in zip(self.dealt, self.dealt_to, strict=True) if seat not in self.dead
        ]


class LiveStudShoe:
    """A stud table's live dealing (:class:`~croupier.games.live.LiveDealing`): one
    :class:`LiveStudDeal` per round, for the boxes with an ante when betting closes."""

    pulls = False  # the deal's cards are handed to the engine once they are all in

    def __init__(self, rules: StudRules) -> None:
        self.rules = rules
        self.deal_in_play: LiveStudDeal | None = None

    def want(self, to: str | None) -> None:
        """Art. 7's order says what is due: the engine is never asked."""

    def take_kept(self) -> list[int]:
        return []

    def begin(self, bets: Sequence[Bet]) -> None:
        antes = sorted({b.box for b in bets if b.kind == "ante" and b.box is not None})
        self.deal_in_play = LiveStudDeal(antes, self.rules.seats, self.rules.dealing)

    def _deal(self) -> LiveStudDeal:
        if self.deal_in_play is None:
            raise RuleViolation("card", "no deal is in play: bets are being taken", cite("art. 7"))
        return self.deal_in_play

    def due(self) -> str | None:
        return None if self.deal_in_play is None else self.deal_in_play.due()

    def deal(self, card: LiveCard) -> dict[str, Any]:
        return self._deal().deal(card)

    def remedy(self, card: LiveCard, remedy: str, supervisor: str = "") -> dict[str, Any]:
        return self._deal().remedy(card, remedy)

    @property
    def void_reason(self) -> str | None:
        return None if self.deal_in_play is None else self.deal_in_play.void_reason

    def dealt_in_order(self) -> list[int]:
        return self._deal().dealt_in_order()

    def announce(self, rnd: TableRound) -> dict[str, Any]:
        return {}  # nothing but the first card due

    def after_deal(self, rnd: TableRound) -> None:
        """A card exposed by accident during the deal is shown as the round shows it (art.
        11(2): play goes on; an exposed dealer card is the one left showing)."""
        assert isinstance(rnd, StudRound)
        for seat, index in self._deal().exposed:
            rnd.expose_card(seat, index)

    def next_coup(self) -> None:
        self.deal_in_play = None

    def abandon(self, reason: str) -> None:
        self.deal_in_play = None

    def new_shoe(self) -> dict[str, Any]:
        """Stud deals each round from one deck shuffled for it (art. 1(1), art. 7): every
        round's deal is a fresh deck already, so a new shoe changes nothing but between
        rounds."""
        if self.deal_in_play is not None:
            raise RuleViolation(
                "shoe", "a round is being dealt: the deck is changed between rounds",
                cite("art. 7"),
            )  # fmt: skip
        return {"event": "new_shoe", "rule": cite("art. 7"), "next": None}
