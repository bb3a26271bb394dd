"""A shoe's order derived again from its revealed entropy, written apart from the dealing code
(proof/shoe_protocol.py) from the protocol's text in docs/proof.md: croupier-shoe/1."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

RANKS = "23456789TJQKA"
SUITS = "DCHS"
#: a card's code is 4 x its rank's place in RANKS + its suit's place in SUITS; a deck is the
#: codes 0 to 51 in order (docs/proof.md, step 2)
DECK = [rank + suit for rank in RANKS for suit in SUITS]
FACE = {rank: min(i + 2, 10) for i, rank in enumerate(RANKS)} | {"A": 1}


def _words(entropy: bytes) -> Iterator[int]:
    """The stream: SHAKE-256 of "croupier-shoe/1", a zero byte and the entropy, in big-endian
    64-bit words."""
    shake = hashlib.shake_256(b"croupier-shoe/1\x00" + entropy)
    length = 4096
    done = 0
    while True:
        block = shake.digest(length)[done:]
        for at in range(0, len(block) - 7, 8):
            yield int.from_bytes(block[at : at + 8], "big")
        done, length = length, length * 2


class Draws:
    """Uniform integers below n by rejection (docs/proof.md, step 2)."""

    def __init__(self, entropy: bytes) -> None:
        self._words = _words(entropy)

    def below(self, n: int) -> int:
        top = (1 << 64) - (1 << 64) % n
        for word in self._words:
            if word < top:
                return word % n
        raise AssertionError("the stream is endless")


def mixed(house: bytes, players: list[bytes]) -> bytes:
    """The entropy an order is derived from where players gave the shoe values (docs/proof.md):
    SHA-256 of "croupier-shoe/1 players", a zero byte, the house's entropy and each value."""
    if not players:
        return house
    return hashlib.sha256(b"croupier-shoe/1 players\x00" + house + b"".join(players)).digest()


def derive(
    decks: int, entropy: bytes, cut_card: int | None, spread: int
) -> tuple[list[str], int | None]:
    """The order of ``decks`` decks and the cards before the cut card (None: no cut card)."""
    cards = DECK * decks
    draws = Draws(entropy)
    place = len(cards) - 1
    while place > 0:
        other = draws.below(place + 1)
        cards[place], cards[other] = cards[other], cards[place]
        place -= 1
    if cut_card is None:
        return cards, None
    offset = draws.below(2 * spread + 1) - spread if spread else 0
    return cards, len(cards) - cut_card - offset


def read_document(text: str) -> dict[str, str]:
    """The document's fields (ValueError when it is not a croupier-shoe/1 document)."""
    lines = text.split("\n")
    if len(lines) not in (7, 8) or lines[0] != "croupier-shoe/1" or lines[-1] != "":
        raise ValueError("not a croupier-shoe/1 document of six or seven lines")
    fields = dict(line.split(": ", 1) for line in lines[1:-1] if ": " in line)
    named = {"decks", "order", "cut", "burn", "entropy-sha256"}
    if set(fields) - {"players"} != named or len(fields) != len(lines) - 2:
        raise ValueError("the document's fields are not decks, order, cut, burn, entropy-sha256")
    return fields


def burned(burn: str, order: list[str]) -> int:
    """Cards burned at the shoe's start: a number, or the first card turned up and as many more
    as its face value (Macau baccarat art. 2(1))."""
    if burn == "face_value":
        return 1 + FACE[order[0][0]]
    return int(burn)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
