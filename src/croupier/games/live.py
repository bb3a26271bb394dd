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
from dataclasses import dataclass

from croupier.cards import card_text
from croupier.errors import RuleViolation

CORRECT = "correct"  # the card goes where the rules say it belongs, or out of play
VOID = "void"  # the coup is void and every stake returned
CONTINUE = "continue"  # the card stands where it went, with what the text says of it
KEEP = "keep"  # the card, not shown, stays valid as the next card to be dealt


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
                f"{card_text(card)} has been seen {self._seen[card]} times: a shoe of "
                f"{self.decks} decks holds it {self.decks} times (read the card again)",
                self.rule,
            )

    def seen(self, card: int) -> None:
        self._seen[card] += 1

    def count(self, card: int) -> int:
        return self._seen[card]
