"""Card sources: a shuffled shoe with its house procedures, and a stacked sequence of cards.

A :class:`Shoe` holds N decks and runs the procedures a ruleset names (Macau baccarat arts. 2, 3,
8; the blackjack and stud rules use the same ones): shuffle, cut card placed some cards before the
end, burn at the start of the shoe (a fixed number, one card per deck, or the face value of a
card turned face up), demonstration hands, an optional burn at the start of every round, the
end-of-shoe policy when the cut card comes out, and the continuous-shuffler mode in which every
round is dealt from a full, freshly shuffled set.

Every shuffle follows the verifiable shoe's protocol (:mod:`croupier.proof.shoe_protocol`, issue
28): its order and its cut card are derived from 32 bytes of entropy drawn from the shoe's random
source, and before the first card the shoe publishes the SHA-256 of a document naming the order,
the cut card, the burn and the entropy's digest. Revealed after the shoe (:meth:`Shoe.seal`:
the document and the entropy), it lets anyone check the cards dealt were the ones committed to.

A :class:`StackedCards` source deals a given sequence in order: tests, dispute replay and lab
testing. Both satisfy :class:`CardSource`, the only thing a game round sees.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from croupier.cards import face_value, parse_cards
from croupier.errors import CardsExhausted
from croupier.proof.shoe_protocol import (
    ENTROPY_BYTES,
    ShoeDocument,
    cut_index,
    derive_order,
    entropy_digest,
    mix,
)
from croupier.rng import RandomSource


class ShoeMode(enum.Enum):
    MANUAL = "manual"  # a dealing shoe with a cut card
    CONTINUOUS = "continuous"  # automatic shuffler: every round from a full fresh shuffle


class Burn(enum.Enum):
    NONE = "none"
    DECKS = "decks"  # as many cards as there are decks (Macau baccarat art. 2(1), first reading)
    FACE_VALUE = "face_value"  # first card turned up, then that many more (art. 2(1))
    FIXED = "fixed"  # a fixed number set by the house (Macau 83/2011: 1 to 8)


class EndOfShoe(enum.Enum):
    FINISH_ROUND = "finish_round"  # the round in which the cut card appears is the last
    ONE_MORE_ROUND = "one_more_round"  # one more round after that one (art. 3(1))


@dataclass(frozen=True, slots=True)
class ShoeSpec:
    """The shoe procedures of a ruleset. Regulatory limits are checked by the ruleset loader;
    this only refuses values that make no sense for any shoe."""

    decks: int
    mode: ShoeMode = ShoeMode.MANUAL
    cut_card: int = 12  # cards left behind the cut card
    cut_card_spread: int = 0  # the cut card lands uniformly within +/- this many cards
    burn: Burn = Burn.NONE
    burn_cards: int = 0  # for Burn.FIXED
    burn_each_round: bool = False
    demonstration_hands: int = 0
    end_of_shoe: EndOfShoe = EndOfShoe.FINISH_ROUND

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise ValueError("decks must be at least 1")
        if self.cut_card_spread < 0 or self.cut_card - self.cut_card_spread < 0:
            raise ValueError("cut card position minus spread must be >= 0")
        if self.cut_card + self.cut_card_spread > self.size // 2:
            raise ValueError("cut card must stand in the back half of the shoe")

    def burn_count(self, shown: int | None) -> int:
        """How many cards a new shoe burns (Macau baccarat art. 2(1)): none; as many as there are
        decks; a number the house fixed; or, turned face up, the first card and as many more as
        its face value (``shown``, the first card, which must be seen first)."""
        if self.burn is Burn.FACE_VALUE:
            if shown is None:
                raise ValueError("a face-value burn is counted from its first card, turned up")
            return 1 + face_value(shown)
        if self.burn is Burn.DECKS:
            return self.decks
        if self.burn is Burn.FIXED:
            return self.burn_cards
        return 0

    @property
    def size(self) -> int:
        return 52 * self.decks


def commitment_digest(order: Sequence[int], nonce: bytes) -> str:
    """Hex SHA-256 of ``nonce || bytes(order)``: what names a stacked sequence of cards (a
    shuffled shoe's commitment is its document's: :class:`ShoeSeal`)."""
    return hashlib.sha256(nonce + bytes(order)).hexdigest()


@dataclass(frozen=True, slots=True)
class ShoeSeal:
    """A shuffled shoe's secret until it ends (issue 28, item 1): its commitment, the document
    committed to, the house's entropy (hex) and the values players gave it (hex), which derive
    its order."""

    commitment: str
    document: str
    entropy: str
    players: tuple[str, ...] = ()
    #: the house's entropy drawn for the next shoe (hex), where players give values: kept with
    #: this shoe so that a restart shuffles the next one as promised (secret like ``entropy``)
    next_entropy: str | None = None


class PlayersEntropy(Protocol):
    """Where a shoe takes the values players revealed for it (table/shoe_entropy.py)."""

    def take(self) -> list[bytes]: ...


@dataclass(frozen=True, slots=True)
class ShoeStart:
    """What happened when a shoe was (re)started: its commitment, the cut card and the burn."""

    number: int
    commitment: str
    cut_card_index: int | None  # index in the order before which the cut card lies
    burned: tuple[int, ...]
    burn_shown: int | None  # the card turned face up by the face-value burn


class CardSource(Protocol):
    """What a game round needs from its cards."""

    def draw(self) -> int: ...


@dataclass
class _Order:
    cards: list[int]
    seal: ShoeSeal
    position: int = 0
    history: list[int] = field(default_factory=list)

    @property
    def commitment(self) -> str:
        return self.seal.commitment


#: how an entropy becomes an order and the stream the cut card is drawn from next
Derive = Callable[[int, bytes], tuple[list[int], Any]]


class Shoe:
    """A shuffled shoe following a :class:`ShoeSpec`. Not thread-safe: one owner at a time.
    ``derive`` is the protocol's (croupier-shoe/1); a test of the shoe's procedures may give
    one that deals a known order."""

    def __init__(
        self,
        spec: ShoeSpec,
        source: RandomSource,
        derive: Derive = derive_order,
        players: PlayersEntropy | None = None,
    ) -> None:
        self.spec = spec
        self.source = source
        self.derive = derive
        #: where players' values come from; with it, each shoe's entropy is drawn (and its
        #: SHA-256 published) one shoe ahead, before any player reveals a value for it
        self.players = players
        self._next_house: bytes | None = None
        self.number = 0
        self.starts: list[ShoeStart] = []
        self._order: _Order | None = None
        self._cut_index: int | None = None
        self._cut_out_in_round: int | None = None
        self._rounds = 0  # rounds begun in this shoe (demonstrations included)
        self._in_round = False
        self._demonstrations_left = 0

    # -- shoe lifecycle -------------------------------------------------------------------
    def shuffle(self) -> ShoeStart:
        """Shuffle a full set, commit to its order, place the cut card and burn (art. 2(1)):
        the order and the cut card derived from fresh entropy (croupier-shoe/1), the commitment
        the SHA-256 of the document naming them."""
        spec = self.spec
        entropy, values = self._entropy()
        cards, stream = self.derive(spec.decks, mix(entropy, values))
        manual = spec.mode is ShoeMode.MANUAL  # a shuffler: no cut card, no burn (art. 2(3))
        self._cut_index = self._cut(len(cards), stream) if manual else None
        burn = "face_value" if spec.burn is Burn.FACE_VALUE else str(spec.burn_count(None))
        document = ShoeDocument(spec.decks, tuple(cards), self._cut_index, burn if manual else "0",
                                entropy_digest(entropy),
                                tuple(entropy_digest(v) for v in values))  # fmt: skip
        promised = None if self._next_house is None else self._next_house.hex()
        seal = ShoeSeal(document.commitment, document.text(), entropy.hex(),
                        tuple(v.hex() for v in values), promised)  # fmt: skip
        self._order = _Order(cards, seal)
        self.number += 1
        self._rounds = 0
        self._cut_out_in_round = None
        self._in_round = False
        burned: tuple[int, ...] = ()
        shown: int | None = None
        if manual:
            burned, shown = self._open_manual_shoe()
        else:
            self._demonstrations_left = 0
        start = ShoeStart(self.number, seal.commitment, self._cut_index, burned, shown)
        self.starts.append(start)
        return start

    def _entropy(self) -> tuple[bytes, list[bytes]]:
        """The house's entropy for a new shoe and the values players revealed for it: with
        players, the entropy committed to one shoe ahead (:attr:`next_entropy_sha256`), and the
        next shoe's drawn now."""
        if self.players is None:
            return self.source.token(ENTROPY_BYTES), []
        entropy = self._next_house or self.source.token(ENTROPY_BYTES)
        self._next_house = self.source.token(ENTROPY_BYTES)
        return entropy, self.players.take()

    def promise(self, entropy: bytes) -> None:
        """The house's entropy for the next shoe, as promised before a restart (its SHA-256
        published then): the next shuffle takes it instead of a new draw."""
        if self.players is None:
            raise RuntimeError("this shoe takes no values from players: it promises nothing")
        if len(entropy) != ENTROPY_BYTES:
            raise ValueError(f"entropy: {len(entropy)} bytes, not {ENTROPY_BYTES}")
        self._next_house = entropy

    @property
    def next_entropy_sha256(self) -> str | None:
        """The SHA-256 of the house's entropy for the next shoe, published before players reveal
        their values for it (None: this shoe takes no values from players)."""
        return None if self._next_house is None else entropy_digest(self._next_house)

    def _cut(self, size: int, stream: Any) -> int:
        """Cards before the cut card: drawn from the shoe's own stream (croupier-shoe/1)."""
        return cut_index(size, self.spec.cut_card, self.spec.cut_card_spread, stream)

    def _open_manual_shoe(self) -> tuple[tuple[int, ...], int | None]:
        """A dealing shoe's opening (Macau baccarat art. 2(1)-(2)): the first cards burned, the
        demonstration hands due; returns the burn and its shown card."""
        spec = self.spec
        shown = self._take() if spec.burn is Burn.FACE_VALUE else None
        burned = [] if shown is None else [shown]
        burned += [self._take() for _ in range(spec.burn_count(shown) - len(burned))]
        self._demonstrations_left = spec.demonstration_hands
        return tuple(burned), shown

    def replace(self) -> ShoeStart:
        """The house replaces the shoe at the end of a round (Macau baccarat art. 3(2))."""
        if self._in_round:
            raise RuntimeError("a shoe is replaced only between rounds (art. 3(2))")
        return self.shuffle()

    @property
    def finished(self) -> bool:
        """True when the end-of-shoe rule says no further round may start (art. 3(1))."""
        if self._order is None:
            return True
        if self.spec.mode is ShoeMode.CONTINUOUS:
            return False
        if self._cut_out_in_round is None:
            return False
        last = self._cut_out_in_round
        if self.spec.end_of_shoe is EndOfShoe.ONE_MORE_ROUND:
            last += 1
        return self._rounds >= last

    @property
    def cut_card_out(self) -> bool:
        return self._cut_out_in_round is not None

    @property
    def demonstrations_left(self) -> int:
        """Demonstration hands still due at the start of this shoe (art. 2(2))."""
        return self._demonstrations_left

    # -- rounds ---------------------------------------------------------------------------
    def begin_round(self, *, demonstration: bool = False) -> tuple[int, ...]:
        """Start a round; returns the cards burned for it (art. 8), if any."""
        if self._in_round:
            raise RuntimeError("previous round not ended")
        continuous = self.spec.mode is ShoeMode.CONTINUOUS
        new_shoe = continuous or self._order is None or self.finished
        if demonstration:  # art. 2(2): only at the start of a shoe, up to the hands due
            due = self._demonstrations_left
            if new_shoe:
                due = 0 if continuous else self.spec.demonstration_hands
            if due <= 0:  # refused before anything moves: no shuffle, no card
                raise RuntimeError("no demonstration hand is due (art. 2(2) allows up to 3)")
        if new_shoe:
            self.shuffle()
        if demonstration:
            self._demonstrations_left -= 1
        else:
            self._demonstrations_left = 0  # demonstrations only open a shoe
        self._in_round = True
        self._rounds += 1
        if self.spec.burn_each_round and self.spec.mode is ShoeMode.MANUAL:
            return (self._take(),)
        return ()

    def end_round(self) -> None:
        self._in_round = False

    def draw(self) -> int:
        """Deal the next card."""
        return self._take()

    # -- inspection -----------------------------------------------------------------------
    @property
    def commitment(self) -> str:
        if self._order is None:
            raise RuntimeError("shoe not shuffled yet")
        return self._order.commitment

    def seal(self) -> ShoeSeal:
        """The current shoe's document and entropy: a secret until the shoe ends (the table
        keeps it, and reveals it only then: issue 28, item 1)."""
        if self._order is None:
            raise RuntimeError("shoe not shuffled yet")
        return self._order.seal

    @property
    def order(self) -> tuple[int, ...]:
        """The current shoe's whole order (a secret while it is in play)."""
        if self._order is None:
            raise RuntimeError("shoe not shuffled yet")
        return tuple(self._order.cards)

    @property
    def dealt(self) -> tuple[int, ...]:
        """Every card taken from the current order so far (burns included), in order."""
        return tuple(self._order.history) if self._order else ()

    @property
    def cards_remaining(self) -> int:
        if self._order is None:
            return 0
        return len(self._order.cards) - self._order.position

    def _take(self) -> int:
        order = self._order
        if order is None:
            raise CardsExhausted("the shoe has not been shuffled")
        if order.position >= len(order.cards):
            raise CardsExhausted("the shoe is empty")
        if (
            self._cut_index is not None
            and self._cut_out_in_round is None
            and order.position >= self._cut_index
        ):
            # The cut card comes out before this card (art. 3(1)).
            self._cut_out_in_round = max(self._rounds, 1)
        card = order.cards[order.position]
        order.position += 1
        order.history.append(card)
        return card


class StackedCards:
    """A given sequence of cards dealt in order from the top: no shuffle, no burn, no cut card."""

    def __init__(self, cards: Iterable[int | str] | str) -> None:
        if isinstance(cards, str):
            seq = parse_cards(cards)
        else:
            seq = [c if isinstance(c, int) else parse_cards([c])[0] for c in cards]
        for c in seq:
            if not 0 <= c < 52:
                raise ValueError(f"card number {c}: must be 0..51")
        self.cards: tuple[int, ...] = tuple(seq)
        self.position = 0
        self.commitment = commitment_digest(self.cards, b"")

    def draw(self) -> int:
        if self.position >= len(self.cards):
            raise CardsExhausted(f"the stacked cards ran out after {len(self.cards)} cards")
        card = self.cards[self.position]
        self.position += 1
        return card

    @property
    def cards_remaining(self) -> int:
        return len(self.cards) - self.position

    @property
    def dealt(self) -> tuple[int, ...]:
        return self.cards[: self.position]
