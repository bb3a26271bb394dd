"""The verifiable shoe, protocol ``croupier-shoe/1`` (issue 28, item 1; docs/proof.md).

Everything about a shoe's order is derived from 32 bytes of entropy the house draws from the
operating system's CSPRNG, so that, revealed after the shoe, anyone can derive the order again
and see it is the one committed to before the first card:

* **the stream**: SHAKE-256 of ``b"croupier-shoe/1" + b"\\x00" + entropy``, read as consecutive
  big-endian unsigned 64-bit integers;
* **a uniform integer below n**: the next integer ``x`` of the stream, taken when
  ``x < 2**64 - 2**64 % n`` (``x % n``), else the next one (rejection: no modulo bias);
* **the order**: the decks' cards in croupier's order (``cards.new_decks``: card code 0..51,
  deck after deck), then a Fisher-Yates shuffle from the last place down: for ``i`` from
  ``N - 1`` to ``1``, swap places ``i`` and ``below(i + 1)``;
* **the cut card**: where the shoe has one, ``N - cut_card - offset`` cards before it, with
  ``offset = below(2 * spread + 1) - spread`` when the ruleset spreads it (else 0), drawn from
  the same stream after the shuffle;
* **the document**: the text below (UTF-8, ``\\n`` line ends), whose SHA-256 is the commitment
  published before the first card::

      croupier-shoe/1
      decks: 8
      order: 7H KD 2C ... (every card, as croupier writes cards)
      cut: 404          (cards before the cut card; "none" at a continuous shuffler)
      burn: 8           (cards burned at its start; "face_value": the first card's value + 1)
      entropy-sha256: <hex SHA-256 of the entropy>
      players: <hex SHA-256 of each player's value>  (only where players gave the shoe values)

* **players' values** (a table's option): the house commits to the next shoe's entropy (its
  SHA-256) when a shoe begins; during the shoe, players commit to 32-byte values by their
  SHA-256 and reveal them; the next shoe's order is derived from :func:`mix` of the house's
  entropy and the values revealed, listed on the ``players`` line;

A player checks a revealed shoe by hand: save the document, ``sha256sum`` it and compare with
the commitment shown before the shoe; ``sha256sum`` the entropy (its bytes) and compare with the
document's line; then derive the order (``croupier verify``, or any SHAKE-256 in a few lines).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from croupier.cards import card_text, new_decks, parse_cards
from croupier.rng import shuffle_in_place

PROTOCOL = "croupier-shoe/1"
ENTROPY_BYTES = 32
_TWO64 = 1 << 64


class EntropyStream:
    """The protocol's uniform integers from an entropy: the draws of the project's one
    Fisher-Yates shuffle (:func:`croupier.rng.shuffle_in_place`) and of the cut card."""

    def __init__(self, entropy: bytes) -> None:
        self._seed = PROTOCOL.encode() + b"\x00" + entropy
        self._buffer = b""
        self._read = 0  # bytes of the stream used

    def _next_u64(self) -> int:
        if self._read + 8 > len(self._buffer):  # SHAKE's longer outputs extend its shorter ones
            self._buffer = hashlib.shake_256(self._seed).digest(max(8192, 2 * len(self._buffer)))
        value = int.from_bytes(self._buffer[self._read : self._read + 8], "big")
        self._read += 8
        return value

    def below(self, bound: int) -> int:
        if bound < 1:
            raise ValueError("bound must be at least 1")
        limit = _TWO64 - _TWO64 % bound
        while True:
            x = self._next_u64()
            if x < limit:
                return x % bound

    def fisher_yates_draws(self, n: int) -> list[int]:
        return [self.below(i + 1) for i in range(n - 1, 0, -1)]


def mix(house: bytes, players: Sequence[bytes] = ()) -> bytes:
    """The entropy the order is derived from: the house's alone, or, where players gave values
    for the shoe (each committed by its SHA-256 first, revealed after), the SHA-256 of
    ``croupier-shoe/1 players``, a zero byte, the house's entropy and each player's value in
    the order the document lists them. The house's entropy was committed to before any player
    revealed, and no player knows it: neither the house nor any player alone chooses the
    order (issue 28, item 1)."""
    if not players:
        return house
    return hashlib.sha256(PROTOCOL.encode() + b" players\x00" + house + b"".join(players)).digest()


def derive_order(decks: int, entropy: bytes) -> tuple[list[int], EntropyStream]:
    """The order a shoe of ``decks`` decks has for ``entropy``, and the stream after it (the
    cut card's offset is drawn from it next)."""
    stream = EntropyStream(entropy)
    cards = new_decks(decks)
    shuffle_in_place(cards, stream)  # for i from N-1 down to 1: swap i and below(i + 1)
    return cards, stream


def cut_index(size: int, cut_card: int, spread: int, stream: Any) -> int:
    """Cards before the cut card (the protocol's draw of its spread, if any)."""
    offset = stream.below(2 * spread + 1) - spread if spread else 0
    return size - cut_card - offset


@dataclass(frozen=True)
class ShoeDocument:
    """What a shoe commits to before its first card and reveals after its last round."""

    decks: int
    order: tuple[int, ...]
    cut: int | None
    burn: str  # a number of cards, or "face_value"
    entropy_sha256: str
    #: the SHA-256 of each value players gave the shoe, in the order mixed (none: no line)
    players: tuple[str, ...] = ()

    def text(self) -> str:
        lines = [
            PROTOCOL,
            f"decks: {self.decks}",
            f"order: {' '.join(card_text(c) for c in self.order)}",
            f"cut: {'none' if self.cut is None else self.cut}",
            f"burn: {self.burn}",
            f"entropy-sha256: {self.entropy_sha256}",
        ]
        if self.players:
            lines.append(f"players: {' '.join(self.players)}")
        return "\n".join(lines) + "\n"

    @property
    def commitment(self) -> str:
        return hashlib.sha256(self.text().encode()).hexdigest()

    @classmethod
    def parse(cls, text: str) -> ShoeDocument:
        """A document as revealed (refused, ValueError, when it is not one)."""
        lines = text.split("\n")
        if lines[0] != PROTOCOL or len(lines) not in (7, 8) or lines[-1] != "":
            raise ValueError(f"not a {PROTOCOL} document")
        fields = {}
        for line in lines[1:-1]:
            key, sep, value = line.partition(": ")
            if not sep:
                raise ValueError(f"a line of the document is not 'key: value': {line!r}")
            fields[key] = value
        cut = None if fields["cut"] == "none" else int(fields["cut"])
        players = tuple(fields["players"].split()) if "players" in fields else ()
        return cls(int(fields["decks"]), tuple(parse_cards(fields["order"])), cut,
                   fields["burn"], fields["entropy-sha256"], players)  # fmt: skip


def entropy_digest(entropy: bytes) -> str:
    return hashlib.sha256(entropy).hexdigest()


def check(
    document: str,
    commitment: str,
    entropy_hex: str | None = None,
    players_hex: Sequence[str] = (),
) -> list[str]:
    """What is wrong with a revealed shoe (nothing: []): the document against the commitment,
    the entropy against the document's digest of it, the players' values against theirs, the
    order against what the entropy (mixed with the players' values) derives."""
    problems = []
    if hashlib.sha256(document.encode()).hexdigest() != commitment:
        problems.append("the document's SHA-256 is not the commitment")
    try:
        shoe = ShoeDocument.parse(document)
    except (ValueError, KeyError) as error:
        return [*problems, f"the document cannot be read: {error}"]
    if entropy_hex is None:
        return problems
    try:
        entropy = bytes.fromhex(entropy_hex)
    except ValueError:
        return [*problems, "the entropy is not hexadecimal"]
    if entropy_digest(entropy) != shoe.entropy_sha256:
        problems.append("the entropy's SHA-256 is not the document's")
    try:
        players = [bytes.fromhex(v) for v in players_hex]
    except ValueError:
        return [*problems, "a player's value is not hexadecimal"]
    if tuple(entropy_digest(v) for v in players) != shoe.players:
        problems.append("the players' values are not those the document lists")
    order, _stream = derive_order(shoe.decks, mix(entropy, players))
    if tuple(order) != shoe.order:
        problems.append("the order is not the one the entropy derives")
    return problems
