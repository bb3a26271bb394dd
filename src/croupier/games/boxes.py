"""Which box a bettor plays, at the games dealt to boxes (stud: seven boxes, art. 1 and 2(1);
blackjack: up to seven boxes, art. 3 [practice]).

A round is told a bettor's box (a live dealer's player points at one, a test stacks one) or
leaves it to the game: a bettor who plays no box yet takes the lowest free one, and keeps it
for the round (choice O16, docs/choices.md). Box assignment is a rule of the game, so the rounds
do it themselves and the online table drives every game the same way, by the bettor's name.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import TYPE_CHECKING

from croupier.errors import RuleViolation
from croupier.games.protocol import allowed
from croupier.i18n.message import msg


def lowest_free(boxes: int, taken: set[int], article: str) -> int:
    """The lowest box of ``1..boxes`` not in ``taken`` (choice O16)."""
    for number in range(1, boxes + 1):
        if number not in taken:
            return number
    raise RuleViolation("box", "every box has a hand", article)


def box_played(owners: Mapping[int, str | None], bettor: str) -> int | None:
    """The lowest box ``bettor`` plays, given each box's player, or None."""
    for number in sorted(owners):
        if owners[number] == bettor:
            return number
    return None


def choose_box(
    owners: Mapping[int, str | None], bettor: str, boxes: int, box: int | None, article: str
) -> int:
    """``box`` when given; else the box ``bettor`` plays, or the lowest free one."""
    if box is not None:
        return box
    played = box_played(owners, bettor)
    return played if played is not None else lowest_free(boxes, set(owners), article)


def played_box(owners: Mapping[int, str | None], bettor: str, box: int | None, article: str) -> int:
    """``box`` when given; else the box ``bettor`` plays (refused, citing ``article``, if none)."""
    if box is not None:
        return box
    played = box_played(owners, bettor)
    if played is None:
        raise RuleViolation(
            "bet", msg("{bettor} plays no box in this round", bettor=bettor), article
        )
    return played


class PlayedBoxes(abc.ABC):
    """What a round dealt to boxes answers about them; the round says who plays each box."""

    if TYPE_CHECKING:

        def verify_place_bet(
            self,
            player: str,
            kind: str,
            amount: int,
            seated: bool = True,
            *,
            box: int | None = None,
        ) -> None: ...

    @abc.abstractmethod
    def _owners(self) -> dict[int, str | None]:
        """Each box with a hand or a bet, and the player who plays it."""

    def box_of(self, player: str) -> int | None:
        """The box ``player`` plays in this round, if any."""
        return box_played(self._owners(), player)

    def can_place_bet(
        self, player: str, kind: str, amount: int, seated: bool = True, *, box: int | None = None
    ) -> bool:
        return allowed(lambda: self.verify_place_bet(player, kind, amount, box=box))
