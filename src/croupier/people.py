"""Who is at the casino: a player or an operator, as every part of croupier names them."""

from __future__ import annotations

from dataclasses import dataclass

from croupier.staff import holds, is_staff


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    role: str
    demo: bool

    @property
    def staff(self) -> bool:
        """One of the casino's staff (croupier/staff.py): sees every table as the house does."""
        return is_staff(self.role)

    def holds(self, duty: str) -> bool:
        return holds(self.role, duty)
