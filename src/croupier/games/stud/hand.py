"""A seat's hand during a stud round, and the round's phases (Macau stud 61/2004)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Literal

Decision = Literal["raise", "fold"]


class StudPhase(enum.Enum):
    BETTING = "betting"
    DECIDING = "deciding"
    SETTLED = "settled"
    VOID = "void"


@dataclass
class SeatHand:
    """What a seat holds in a round: its bets, its cards, its decision (art. 5-7)."""

    seat: int
    player: str | None = None
    ante: int = 0
    jackpot: int = 0
    raised: int = 0
    decision: Decision | None = None
    cards: list[int] = field(default_factory=list)
    dead: bool = False
