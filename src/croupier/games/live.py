"""Cards from outside (issue 31): at a live table the cards come from a physical shoe, one at a
time, read by a card-reading shoe or typed by the dealer. What every game's live dealing shares:
the card as it arrives, the irregularity a card that cannot be right is (named by its article,
with the remedies the text gives), and the shoe's count of the cards it has shown.

A game's live dealing says which card is due next (for whom) and checks each card against it;
a card that cannot be right changes nothing: it is refused as an :class:`Irregularity` and the
dealer applies one of its remedies (correct it, or void the coup where the text allows).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from croupier.cards import card_text, parse_card
from croupier.errors import InvalidCard, RuleViolation
from croupier.games.protocol import Bet, TableRound
from croupier.i18n.message import msg
from croupier.shoe import StackedCards

CORRECT = "correct"  # the card goes where the rules say it belongs, or out of play
VOID = "void"  # the coup is void and every stake returned
CONTINUE = "continue"  # the card stands where it went, with what the text says of it
KEEP = "keep"  # the card, not shown, stays valid as the next card to be dealt
BURN = "burn"  # what a card is due for while a new shoe's first cards are burned


@dataclass(frozen=True, slots=True)
class LiveCard:
    """A card as it arrives at a live table."""

    card: int
    to: str | None = None  # where the dealer put it (None: where the rules want it, a reader)
    face_up: bool = False  # it left the shoe face up
    source: str = "dealer"  # typed by the dealer, or the name of the device that read it
    seq: int | None = None  # the device's sequence number

    def record(self) -> dict[str, object]:
        return {
            "card": card_text(self.card),
            "face_up": self.face_up,
            "source": self.source,
            "seq": self.seq,
        }


class Irregularity(RuleViolation):
    """A card that cannot be right, refused with nothing changed: what is wrong, the article it
    breaks, the remedies the text gives and where correcting it puts the card (``belongs``:
    a hand, or None: out of play)."""

    def __init__(
        self, message: str, rule: str, remedies: tuple[str, ...], belongs: str | None
    ) -> None:
        super().__init__("card", message, rule)
        self.remedies = remedies
        self.belongs = belongs

    def extra(self) -> dict[str, object]:
        return {"remedies": list(self.remedies), "belongs": self.belongs}

    def record(self) -> dict[str, object]:
        return {
            "message": self.message,
            "rule": self.rule,
            "remedies": list(self.remedies),
            "belongs": self.belongs,
        }


class SeenCards:
    """The physical shoe's composition: ``decks`` decks hold each card ``decks`` times, so a
    card seen once more is not a card of this shoe (a misread, or a card from elsewhere)."""

    def __init__(self, decks: int, rule: str) -> None:
        self.decks = decks
        self.rule = rule  # the article that says what the shoe holds
        self._seen: Counter[int] = Counter()

    def verify(self, card: int) -> None:
        if self._seen[card] >= self.decks:
            raise RuleViolation(
                "card",
                msg(
                    "{card} has been seen {seen} times: a shoe of {decks} decks holds it {decks} "
                    "times (read the card again)",
                    card=card_text(card),
                    seen=self._seen[card],
                    decks=self.decks,
                ),
                self.rule,
            )

    def seen(self, card: int) -> None:
        self._seen[card] += 1

    def count(self, card: int) -> int:
        return self._seen[card]


class LiveDealing(Protocol):
    """A game's live dealing, as a table runs it: what is due, a card, a remedy, the coup's
    cards for the round engine, the next coup. With ``pulls`` (blackjack), the engine asks for
    each card as it needs it: the table tells the dealing where (:meth:`want`)."""

    #: whether the round engine asks for each card as it plays (blackjack) rather than being
    #: handed the coup's cards once the dealing has them all (baccarat, stud)
    pulls: bool

    def want(self, to: str | None) -> None:
        """(``pulls``) Where the engine wants the next card; None: none now."""
        ...

    def take_kept(self) -> list[int]:
        """(``pulls``) Cards held as the next of the shoe, for the round about to be dealt."""
        ...

    def begin(self, bets: Sequence[Bet]) -> None:
        """Betting is closed: the coup's deal begins, for the bets on the table."""
        ...

    def after_deal(self, rnd: TableRound) -> None:
        """The round engine dealt the coup's cards: what else the dealing saw happens to it
        (stud: a card exposed by accident, art. 11(2))."""
        ...

    def announce(self, rnd: TableRound) -> dict[str, Any]:
        """What the table is told when betting closes, beside the first card due (baccarat:
        who may squeeze each hand's cards, art. 16(2)); usually nothing."""
        ...

    def due(self) -> str | None:
        """Where the next card goes (a hand, ``burn``), or None: the coup's cards are all in."""
        ...

    def deal(self, card: LiveCard) -> dict[str, Any]:
        """Take ``card`` where it is due, or raise its :class:`Irregularity` (nothing changes)."""
        ...

    def remedy(self, card: LiveCard, remedy: str, supervisor: str = "") -> dict[str, Any]:
        """Apply one of the remedies ``card``'s irregularity offers."""
        ...

    @property
    def void_reason(self) -> str | None:
        """Why the coup in play is void (a remedy voided it), or None."""
        ...

    def dealt_in_order(self) -> list[int]:
        """The complete coup's cards in the order the round engine draws them."""
        ...

    def next_coup(self) -> None:
        """The coup is settled or void: the next one begins."""
        ...

    def abandon(self, reason: str) -> None:
        """The coup in play ends with its round, voided by a fault: the next one begins."""
        ...

    def new_shoe(self) -> dict[str, Any]:
        """The dealer puts a new shoe in, between coups: its cards are a fresh set (what was
        seen of the old one no longer counts) and it begins as the text begins a shoe (its
        burn, Macau baccarat art. 2(1))."""
        ...


#: how the live protocol names a table's places where boxes are dealt to (stud, blackjack)
DEALER_PLACE = "dealer"


def box_place(number: int) -> str:
    """A box as the live protocol names it: ``box 3``."""
    return f"box {number}"


def place_said(place: str) -> str:
    """A place of the live protocol as a message says it, in the reader's language: a box by
    the catalogue's "box {number}", the dealer by "dealer" (a hand, ``player`` or ``banker``, is
    a term the catalogue translates as it is)."""
    number = place.removeprefix("box ")
    if number != place and number.isdigit():
        return msg("box {number}", number=int(number))
    return msg("dealer") if place == DEALER_PLACE else place


class CardWanted(Exception):
    """The round engine wants a card the physical shoe has not sent yet (a live table's card
    source has none left): ``to``, where the card goes (``box 2``, ``dealer``), as the engine
    names it."""

    def __init__(self, to: str = "") -> None:
        super().__init__(to or "a card")
        self.to = to


class LiveCards(StackedCards):
    """A live table's card source: the cards of each coup, handed over once the live dealing
    has checked them all (or, where the engine asks for its cards as it goes, blackjack's, each
    card as it comes), drawn by the round engine in order; with none left the engine is told
    that a card is wanted (:class:`CardWanted`)."""

    def __init__(self) -> None:
        super().__init__([])

    def draw(self) -> int:
        if self.position >= len(self.cards):
            raise CardWanted()
        return super().draw()

    def add(self, cards: Sequence[int]) -> None:
        self.cards = self.cards + tuple(cards)

    def discard(self) -> None:
        """The cards handed over and not drawn go with a round voided by a fault: the next
        round never draws them."""
        self.position = len(self.cards)


#: bounds of a device's message (issue 31: every input bounded where it enters)
MAX_SOURCE = 40
MAX_TO = 16
MAX_SEQ = 2**31 - 1
DEVICE_FIELDS = frozenset({"type", "card", "to", "face_up", "source", "seq"})


def device_card(message: Mapping[str, Any]) -> LiveCard:
    """A card message of the live protocol (docs/live-table.md), checked field by field:
    ``{"type": "card", "card": "AS", "to": "player"|null, "face_up": false, "source":
    "shoe-1", "seq": 17}``; a bad field is refused naming it."""
    rule = "live protocol (docs/live-table.md)"
    unknown = sorted(set(message) - DEVICE_FIELDS)
    if unknown:
        raise RuleViolation(unknown[0], "is not a field of a card message", rule)
    text = message.get("card")
    try:
        if not isinstance(text, str) or len(text) > 3:
            raise InvalidCard(str(text))
        card = parse_card(text)
    except InvalidCard:
        raise RuleViolation(
            "card", msg("{text} is not a card (e.g. AS, TD, 9H)", text=repr(text)), rule
        ) from None
    to = message.get("to")
    if to is not None and (not isinstance(to, str) or not 1 <= len(to) <= MAX_TO):
        raise RuleViolation(
            "to", msg("a hand's name of 1 to {max_to} characters, or null", max_to=MAX_TO), rule
        )
    face_up = message.get("face_up", False)
    if not isinstance(face_up, bool):
        raise RuleViolation("face_up", "true or false", rule)
    source = message.get("source", "dealer")
    if not isinstance(source, str) or not 1 <= len(source) <= MAX_SOURCE:
        raise RuleViolation(
            "source",
            msg("the device's name, 1 to {max_source} characters", max_source=MAX_SOURCE),
            rule,
        )
    seq = message.get("seq")
    if seq is not None and (
        isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= MAX_SEQ
    ):
        raise RuleViolation(
            "seq", msg("a whole number 0 to {max_seq}, or null", max_seq=MAX_SEQ), rule
        )
    return LiveCard(card, to, face_up, source, seq)
