"""Who is at the casino: a player or an operator, as every part of croupier names them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    role: str
    demo: bool
