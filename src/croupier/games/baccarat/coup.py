"""A coup: the cards of one baccarat round, dealt by the rules, and what they decide.

Dealing (Macau baccarat art. 7(1); PT rule 17): two cards to each hand, one at a time,
alternately, Player first: P1, B1, P2, B2. Then at most one third card each, Player's first
(art. 9; rule 20), unless either hand has a natural (art. 9(2), 9(4)(6); rule 19).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from croupier.cards import rank_of
from croupier.games.baccarat.drawing import NATURALS, banker_draws, player_draws
from croupier.games.baccarat.points import POINTS, total

Winner = Literal["player", "banker", "tie"]


@dataclass(frozen=True, slots=True)
class Coup:  # Macau baccarat art. 6: the banker group (art. 6(1)) and the player group (art. 6(2))
    """The cards of a round. ``player`` and ``banker`` are in the order each hand received them."""

    player: tuple[int, ...]
    banker: tuple[int, ...]

    @property
    def dealing_order(self) -> tuple[int, ...]:
        """Every card in the order dealt (Macau baccarat art. 7(1); PT rule 17): P1, B1, P2, B2,
        one at a time and alternately, then the third cards, Player's first."""
        first = (self.player[0], self.banker[0], self.player[1], self.banker[1])
        return first + self.player[2:] + self.banker[2:]

    @property
    def player_total(self) -> int:
        return total(self.player)

    @property
    def banker_total(self) -> int:
        return total(self.banker)

    @property
    def natural(self) -> bool:
        return total(self.player[:2]) in NATURALS or total(self.banker[:2]) in NATURALS

    @property
    def winner(self) -> Winner:
        """Higher total wins (art. 11; rule 22), the hand nearest 9 (PT rule 1); equal totals
        tie (art. 12; rule 23)."""
        p, b = self.player_total, self.banker_total
        if p > b:
            return "player"
        if b > p:
            return "banker"
        return "tie"

    @property
    def player_pair(self) -> bool:
        """Player's first two cards of the same rank (art. 13; rules 11-12)."""
        return rank_of(self.player[0]) == rank_of(self.player[1])

    @property
    def banker_pair(self) -> bool:
        """Banker's first two cards of the same rank (art. 13; rules 11-12)."""
        return rank_of(self.banker[0]) == rank_of(self.banker[1])

    @property
    def dragon7(self) -> bool:
        """Banker wins with a total of 7 after a third card (Despacho 2/2009, art. 13(1)(4)(2))."""
        return len(self.banker) == 3 and self.winner == "banker" and self.banker_total == 7

    def outcome(self) -> dict[str, int | bool | str]:
        """What the coup decides, as plain values (events and JSON records use it)."""
        return {
            "player_total": self.player_total,
            "banker_total": self.banker_total,
            "winner": self.winner,
            "player_pair": self.player_pair,
            "banker_pair": self.banker_pair,
            "dragon7": self.dragon7,
            "natural": self.natural,
        }


def deal_coup(draw: Callable[[], int]) -> Coup:
    """Deal one coup from ``draw`` (a card source's ``draw``) to the game's two groups, the
    banker group and the player group (Macau baccarat art. 6, 6(1), 6(2)), following arts. 7
    and 9."""
    p1, b1, p2, b2 = draw(), draw(), draw(), draw()
    player = [p1, p2]
    banker = [b1, b2]
    pt, bt = total(player), total(banker)
    if pt in NATURALS or bt in NATURALS:
        return Coup(tuple(player), tuple(banker))  # art. 9(2), 9(4)(6)
    third: int | None = None
    if player_draws(pt):
        third = draw()
        player.append(third)
    if banker_draws(bt, None if third is None else POINTS[third]):
        banker.append(draw())
    return Coup(tuple(player), tuple(banker))
