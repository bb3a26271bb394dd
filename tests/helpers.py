"""Helpers for stacked-shoe tests: cards from text, rigged random sources."""

from __future__ import annotations

from croupier.cards import parse_cards


def cards(text: str) -> list[int]:
    return parse_cards(text)


class IdentitySource:
    """A random source whose Fisher-Yates draws leave the order untouched (j_i = i), whose
    ``below`` returns a fixed value and whose tokens are zero bytes: the shoe's order is then
    ``new_decks(n)`` exactly, so tests know every card."""

    def __init__(self, below_value: int = 0) -> None:
        self.below_value = below_value

    def fisher_yates_draws(self, n: int) -> list[int]:
        return list(range(n - 1, 0, -1))

    def below(self, bound: int) -> int:
        return min(self.below_value, bound - 1)

    def token(self, nbytes: int) -> bytes:
        return bytes(nbytes)

    def derive(self, decks: int, entropy: bytes) -> tuple[list[int], IdentitySource]:
        """The shoe's order for this source: ``new_decks(n)`` as it is, and the source itself
        as the stream the cut card's spread is drawn from (a known order, for the tests of the
        shoe's procedures; the protocol's own derivation is tested apart)."""
        from croupier.cards import new_decks

        return new_decks(decks), self
