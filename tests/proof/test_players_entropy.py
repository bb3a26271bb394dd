"""Issue 28, item 1: "Optionally mix in entropy that players commit to before the shuffle (hash
first, value after), so that neither the house nor any player alone chooses the order."

The house commits to the next shoe's entropy (its SHA-256) when a shoe begins; players commit to
values by their SHA-256 and reveal them during the shoe; the next shuffle derives its order from
SHA-256("croupier-shoe/1 players" 0x00 house values...) (docs/proof.md), the document listing
each value's SHA-256 on a ``players`` line."""

from __future__ import annotations

import hashlib

import pytest

from croupier.cards import card_text
from croupier.errors import RuleViolation
from croupier.proof.shoe_protocol import ShoeDocument, check, derive_order, mix
from croupier.proof.verify.order import derive, mixed
from croupier.rng import SeededRandomSource
from croupier.shoe import Shoe, ShoeSpec
from croupier.table.shoe_entropy import MOST, ShoeEntropy, give

ANA = bytes(range(32))
BRUNO = bytes(range(32, 64))


def _sha(value: bytes) -> str:
    return hashlib.sha256(value).hexdigest()


class _Given:
    """Players' values, as the table hands them to a shuffle."""

    def __init__(self) -> None:
        self.next: list[bytes] = []

    def take(self) -> list[bytes]:
        taken, self.next = self.next, []
        return taken


def test_the_mix_is_the_protocols_text_and_no_player_means_the_house_alone() -> None:
    house = b"\x07" * 32
    assert mix(house) == house
    expected = hashlib.sha256(b"croupier-shoe/1 players\x00" + house + ANA + BRUNO).digest()
    assert mix(house, [ANA, BRUNO]) == expected == mixed(house, [ANA, BRUNO])
    assert mix(house, [BRUNO, ANA]) != expected  # the order the document lists is the order


def test_the_house_commits_one_shoe_ahead_and_the_next_order_mixes_the_values() -> None:
    """Shoe 1 publishes the SHA-256 of shoe 2's house entropy; values revealed during shoe 1
    make shoe 2's order with it; shoe 2's document lists them and its entropy is the one
    committed to; the verifier's own derivation agrees; a changed value is caught."""
    given = _Given()
    shoe = Shoe(ShoeSpec(decks=1, cut_card=12), SeededRandomSource(3), players=given)
    shoe.shuffle()
    first = shoe.seal()
    assert ShoeDocument.parse(first.document).players == () and first.players == ()
    promised = shoe.next_entropy_sha256
    assert promised is not None
    given.next = [ANA, BRUNO]
    shoe.shuffle()
    second = shoe.seal()
    document = ShoeDocument.parse(second.document)
    assert document.entropy_sha256 == promised  # the house kept its word
    assert document.players == (_sha(ANA), _sha(BRUNO))
    assert second.players == (ANA.hex(), BRUNO.hex())
    house = bytes.fromhex(second.entropy)
    order, _stream = derive_order(1, mix(house, [ANA, BRUNO]))
    assert document.order == tuple(order)
    assert derive(1, mixed(house, [ANA, BRUNO]), None, 0)[0] == [card_text(c) for c in order]
    assert derive_order(1, house)[0] != order  # the values changed the order
    assert check(second.document, second.commitment, second.entropy, second.players) == []
    assert check(second.document, second.commitment, second.entropy, [ANA.hex()]) == [
        "the players' values are not those the document lists",
        "the order is not the one the entropy derives",
    ]
    assert shoe.next_entropy_sha256 not in (None, promised)  # shoe 3's, committed now


def test_a_table_without_players_draws_as_before() -> None:
    """A shoe that takes no values draws one entropy a shoe, as before the option existed (the
    seeded tests' orders are unchanged) and publishes no next commitment."""
    plain = Shoe(ShoeSpec(decks=1, cut_card=12), SeededRandomSource(3))
    plain.shuffle()
    assert plain.next_entropy_sha256 is None
    again = SeededRandomSource(3).token(32)
    assert plain.seal().entropy == again.hex()


def test_a_value_is_committed_first_then_revealed_and_bounded() -> None:
    entropy = ShoeEntropy()
    with pytest.raises(RuleViolation) as refused:
        give(entropy, "ana", True, None, ANA.hex())
    assert refused.value.field == "value"  # no value before its commitment
    assert give(entropy, "ana", True, _sha(ANA), None)["committed"] == 1
    for bad in ("zz" * 32, _sha(ANA).upper(), "ab"):
        with pytest.raises(RuleViolation):
            entropy.commit("bruno", bad)
    with pytest.raises(RuleViolation):
        entropy.commit("ana", _sha(BRUNO))  # one value a player a shoe
    with pytest.raises(RuleViolation) as refused:
        entropy.reveal("ana", BRUNO.hex())  # not the value committed to
    assert "SHA-256" in refused.value.message
    entropy.commit("bruno", _sha(BRUNO))  # committed, never revealed: dropped
    state = entropy.reveal("ana", ANA.hex())
    assert state["revealed"] == 1 and state["mine"] == {"commitment": _sha(ANA), "revealed": True}
    with pytest.raises(RuleViolation):
        entropy.reveal("ana", ANA.hex())
    assert entropy.take() == [ANA] and entropy.take() == []
    with pytest.raises(RuleViolation) as refused:
        give(entropy, "carla", False, _sha(ANA), None)
    assert refused.value.field == "player"
    with pytest.raises(RuleViolation) as refused:
        give(None, "ana", True, _sha(ANA), None)
    assert refused.value.field == "players_entropy"
    for n in range(MOST):
        entropy.commit(f"p{n}", _sha(n.to_bytes(32, "big")))
    with pytest.raises(RuleViolation):
        entropy.commit("one-too-many", _sha(ANA))
