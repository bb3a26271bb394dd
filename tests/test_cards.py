import pytest

from croupier.cards import (
    Card,
    card_text,
    face_value,
    is_black,
    new_decks,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from croupier.errors import InvalidCard


def test_every_card_round_trips_through_its_text():
    texts = {card_text(c) for c in range(52)}
    assert len(texts) == 52
    for c in range(52):
        assert parse_card(card_text(c)) == c


def test_text_form_is_rank_then_suit():
    assert card_text(parse_card("AS")) == "AS"
    assert parse_card("td") == parse_card("TD") == parse_card("10D")
    assert rank_of(parse_card("9H")) == 7 and suit_of(parse_card("9H")) == 2


@pytest.mark.cites("macau-stud-2004", "art. 4")
def test_int_order_is_rank_then_macau_suit_order():
    # Macau stud art. 4: spades > hearts > clubs > diamonds
    assert parse_card("2S") > parse_card("2H") > parse_card("2C") > parse_card("2D")
    assert parse_card("3D") > parse_card("2S")
    assert Card.parse("AS") > Card.parse("AH") > Card.parse("KS")


@pytest.mark.parametrize("bad", ["", "A", "1S", "AX", "ZZ", "ASS", "11S"])
def test_bad_card_text_names_the_card(bad):
    with pytest.raises(InvalidCard, match="expected rank"):
        parse_card(bad)


def test_card_value_object():
    card = Card.parse("QH")
    assert str(card) == "QH" and card.rank == "Q" and card.suit == "H" and int(card) == 42
    with pytest.raises(InvalidCard):
        Card(52)


def test_face_value_for_burn():
    assert [face_value(c) for c in parse_cards("AS 2S 9S TS JS QS KS")] == [1, 2, 9, 10, 10, 10, 10]


def test_colours():
    assert is_black(parse_card("2S")) and is_black(parse_card("2C"))
    assert not is_black(parse_card("2H")) and not is_black(parse_card("2D"))


def test_new_decks_has_every_card_once_per_deck():
    cards = new_decks(8)
    assert len(cards) == 416
    assert all(cards.count(c) == 8 for c in range(52))
