"""Shoe procedures (Macau baccarat arts. 2, 3, 8) on a shoe whose order is known."""

import pytest

from croupier.cards import new_decks, parse_card
from croupier.errors import CardsExhausted
from croupier.rng import SeededRandomSource
from croupier.shoe import (
    Burn,
    EndOfShoe,
    Shoe,
    ShoeMode,
    ShoeSpec,
    StackedCards,
    commitment_digest,
)
from tests.helpers import IdentitySource


def _known(spec: ShoeSpec, source: IdentitySource | None = None) -> Shoe:
    """A shoe dealing ``new_decks(n)`` in its order (the procedures' tests: a known order)."""
    source = source or IdentitySource()
    return Shoe(spec, source, source.derive)


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_commitment_is_published_before_dealing_and_verifies():
    """Issue 28, item 1: "Before the first card, publish the commitment to the whole shoe
    (order, burn, cut-card position, and a digest of the entropy that made it)"; the burn is
    Macau baccarat art. 2(1)'s (here one card per deck), and a shuffler's shoe burns none and has
    no cut card (art. 2(3))."""
    import hashlib

    from croupier.proof.shoe_protocol import ShoeDocument, check

    shoe = Shoe(ShoeSpec(8, cut_card=14, cut_card_spread=2, burn=Burn.DECKS), SeededRandomSource(5))
    start = shoe.shuffle()
    seal = shoe.seal()
    assert seal.commitment == start.commitment
    assert hashlib.sha256(seal.document.encode()).hexdigest() == start.commitment
    document = ShoeDocument.parse(seal.document)
    assert document.order == shoe.order and sorted(document.order) == sorted(new_decks(8))
    assert document.cut == start.cut_card_index and document.burn == "8"
    assert shoe.dealt == document.order[:8]  # the burn: the order's first eight cards
    assert check(seal.document, start.commitment, seal.entropy) == []
    swapped = seal.document.replace(seal.document.split("order: ")[1][:5], "AS AS", 1)
    assert check(swapped, start.commitment, seal.entropy) != []  # one card changed: caught
    shuffler = Shoe(ShoeSpec(8, mode=ShoeMode.CONTINUOUS, burn=Burn.DECKS), SeededRandomSource(5))
    shuffler.shuffle()
    continuous = ShoeDocument.parse(shuffler.seal().document)
    assert (continuous.burn, continuous.cut) == ("0", None)


def test_stacked_cards_are_named_by_sha256_of_their_card_bytes():
    import hashlib

    assert commitment_digest([0, 51], b"\x01") == hashlib.sha256(b"\x01\x00\x33").hexdigest()


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_face_value_burn_art_2_1():
    # order is 2D 2C 2H 2S 3D ...: the first card (2D, face value 2) is shown, then 2 burned
    shoe = _known(ShoeSpec(8, burn=Burn.FACE_VALUE))
    start = shoe.shuffle()
    assert start.burn_shown == parse_card("2D")
    assert start.burned == (0, 1, 2)
    assert shoe.draw() == 3


def test_face_value_burn_of_a_picture_card_burns_ten():
    spec = ShoeSpec(8, burn=Burn.FACE_VALUE)
    shoe = _known(spec, _RotatedSource(parse_card("KS")))  # the identity order, a king on top
    start = shoe.shuffle()
    assert start.burn_shown == parse_card("KS")
    assert len(start.burned) == 11


class _RotatedSource(IdentitySource):
    """Puts card ``first`` on top by swapping it with position 0 in the last draw."""

    def __init__(self, first):
        super().__init__()
        self.first = first

    def derive(self, decks, entropy):
        cards, stream = super().derive(decks, entropy)
        cards[0], cards[self.first] = cards[self.first], cards[0]
        return cards, stream


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_burn_by_number_of_decks_art_2_1():
    shoe = _known(ShoeSpec(6, burn=Burn.DECKS))
    assert len(shoe.shuffle().burned) == 6


def test_fixed_burn_83_2011():
    shoe = _known(ShoeSpec(8, burn=Burn.FIXED, burn_cards=5))
    assert shoe.shuffle().burned == (0, 1, 2, 3, 4)


@pytest.mark.cites("macau-baccarat-2004", "art. 8")
def test_per_round_burn_art_8():
    shoe = _known(ShoeSpec(8, burn_each_round=True))
    shoe.shuffle()
    assert shoe.begin_round() == (0,)
    assert shoe.draw() == 1
    shoe.end_round()
    assert shoe.begin_round() == (2,)


def _deal_rounds_until_finished(shoe, per_round):
    rounds = 0
    while True:
        shoe.begin_round()
        rounds += 1
        for _ in range(per_round):
            shoe.draw()
        shoe.end_round()
        if shoe.finished:
            return rounds


@pytest.mark.cites("macau-baccarat-2004", "art. 3(1)")
def test_cut_card_ends_the_shoe_after_the_round_it_appears_in_art_3_1():
    # 6 decks = 312 cards, cut card 12 from the end -> appears before card index 300
    shoe = _known(ShoeSpec(6, cut_card=12))
    shoe.shuffle()
    rounds = _deal_rounds_until_finished(shoe, 4)
    assert rounds == 76  # card 300 is the first card of round 76 (4 cards a round)
    assert shoe.cut_card_out
    assert shoe.cards_remaining == 312 - 76 * 4


@pytest.mark.cites("macau-baccarat-2004", "art. 3(1)")
def test_cut_card_allows_one_more_round_art_3_1():
    spec = ShoeSpec(6, cut_card=12, end_of_shoe=EndOfShoe.ONE_MORE_ROUND)
    shoe = _known(spec)
    shoe.shuffle()
    assert _deal_rounds_until_finished(shoe, 4) == 77


def test_finished_shoe_is_reshuffled_at_the_next_round():
    shoe = _known(ShoeSpec(6, cut_card=12))
    shoe.shuffle()
    _deal_rounds_until_finished(shoe, 4)
    shoe.begin_round()
    assert shoe.number == 2 and not shoe.cut_card_out


def test_cut_card_spread_places_it_within_the_spread():
    positions = set()
    for seed in range(60):
        shoe = Shoe(ShoeSpec(8, cut_card=14, cut_card_spread=2), SeededRandomSource(seed))
        positions.add(416 - shoe.shuffle().cut_card_index)
    assert positions == {12, 13, 14, 15, 16}


@pytest.mark.cites("macau-baccarat-2004", "art. 2(2)")
def test_demonstration_hands_only_open_a_shoe_art_2_2():
    shoe = _known(ShoeSpec(8, demonstration_hands=2))
    shoe.shuffle()
    assert shoe.demonstrations_left == 2
    shoe.begin_round(demonstration=True)
    shoe.end_round()
    shoe.begin_round()  # a real round: no demonstration after it
    shoe.end_round()
    assert shoe.demonstrations_left == 0
    with pytest.raises(RuntimeError, match=r"art\. 2"):
        shoe.begin_round(demonstration=True)


@pytest.mark.cites("macau-baccarat-2004", "art. 2(3)")
def test_continuous_shuffler_deals_every_round_from_a_full_fresh_set_art_2_3():
    shoe = Shoe(ShoeSpec(8, mode=ShoeMode.CONTINUOUS, burn=Burn.FACE_VALUE), SeededRandomSource(3))
    commitments = []
    for _ in range(3):
        assert shoe.begin_round() == ()
        assert shoe.cards_remaining == 416  # full set, no burn
        commitments.append(shoe.commitment)
        shoe.draw()
        shoe.end_round()
        assert not shoe.finished
    assert len(set(commitments)) == 3


@pytest.mark.cites("macau-baccarat-2004", "art. 3(2)")
def test_shoe_replacement_only_between_rounds_art_3_2():
    shoe = Shoe(ShoeSpec(8), SeededRandomSource(1))
    shoe.shuffle()
    shoe.begin_round()
    with pytest.raises(RuntimeError, match="3\\(2\\)"):
        shoe.replace()
    shoe.end_round()
    assert shoe.replace().number == 2


def test_empty_shoe_raises():
    shoe = _known(ShoeSpec(1, cut_card=0))
    shoe.shuffle()
    for _ in range(52):
        shoe.draw()
    with pytest.raises(CardsExhausted):
        shoe.draw()


def test_spec_refuses_nonsense():
    with pytest.raises(ValueError):
        ShoeSpec(0)
    with pytest.raises(ValueError):
        ShoeSpec(1, cut_card=40)


def test_stacked_cards_deal_in_order_and_run_out():
    src = StackedCards("9S,3H KD")
    assert [src.draw() for _ in range(3)] == [parse_card(c) for c in ("9S", "3H", "KD")]
    with pytest.raises(CardsExhausted, match="after 3 cards"):
        src.draw()
    assert src.commitment == commitment_digest(src.cards, b"")
