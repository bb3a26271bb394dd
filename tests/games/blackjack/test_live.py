"""The blackjack dealer's hand completed from a physical shoe, card by card (issue 31; Macau
blackjack art. 6(1) as amended by Despacho 42/2007)."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from croupier.cards import parse_cards
from croupier.errors import RuleViolation
from croupier.games.blackjack.live import DEALER, LiveBlackjackShoe, LiveDealerDraw
from croupier.games.blackjack.values import total
from croupier.games.live import CORRECT, KEEP, Irregularity, LiveCard
from croupier.rulesets import load_ruleset

READINGS = ("six_ace", "any", "ace_one_point", "stands")


def _draw(start: str, soft17: str = "six_ace") -> LiveDealerDraw:
    return LiveDealerDraw(parse_cards(start), soft17)


def _text_draws(cards: list[int], reading: str) -> bool:
    """Art. 6(1) read afresh: "obrigada a tomar cartas quando o total dos seus pontos for 16 ou
    inferior ou quando tiver um «soft 17», mas não pode tomar mais cartas quando tiver 17 ou
    mais pontos"; art. 6(6): "«soft 17» a mão da banca que contenha um «6» e um «Ás» a que é
    atribuído o valor de um ponto", by each reading of docs/choices.md B2."""
    best, soft = total(cards)
    if best != 17:
        return best <= 16
    ranks = {c // 4 for c in cards}  # rank index: 4 is a six, 12 an ace
    six_and_ace = 4 in ranks and 12 in ranks
    return {
        "six_ace": soft and six_and_ace and len(cards) == 2,
        "any": soft,
        "ace_one_point": six_and_ace and not soft,
        "stands": False,
    }[reading]


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)", "art. 6(6)")
@pytest.mark.parametrize("reading", READINGS)
def test_the_dealer_is_asked_for_cards_exactly_while_art_6_1_says_draw(reading: str) -> None:
    """Two thousand dealer hands from shuffled six-deck shoes: the live engine asks for the
    dealer's next card while, and only while, the text read afresh says the dealer draws."""
    rng = random.Random(61)
    shoe = list(range(52)) * 6
    for _ in range(2_000):
        rng.shuffle(shoe)
        dealer = LiveDealerDraw(shoe[:2], reading)
        taken = 2
        while _text_draws(dealer.cards, reading):
            assert dealer.due() == DEALER
            dealer.deal(LiveCard(shoe[taken]))
            taken += 1
        assert dealer.due() is None


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_a_card_the_dealer_takes_on_17_shown_is_invalid_and_withdrawn() -> None:
    """Art. 6(1): the dealer "não pode tomar mais cartas quando tiver 17 ou mais pontos. Se a
    banca tomar, indevidamente, uma carta adicional, esta considera-se inválida e é retirada":
    on a hard 17 (T-7) a card is refused naming art. 6(1); shown, its only remedy is to
    withdraw it, and the dealer's hand stays 17."""
    dealer = _draw("TS 7H")
    [card] = parse_cards("4D")
    with pytest.raises(Irregularity) as caught:
        dealer.deal(LiveCard(card, DEALER, face_up=True))
    assert "art. 6(1)" in caught.value.rule and "17" in caught.value.message
    assert caught.value.remedies == (CORRECT,)
    assert dealer.cards == parse_cards("TS 7H")
    with pytest.raises(RuleViolation, match="not a remedy"):
        dealer.remedy(LiveCard(card, DEALER, face_up=True), KEEP)
    event = dealer.remedy(LiveCard(card, DEALER, face_up=True), CORRECT)
    assert event["event"] == "card_withdrawn" and dealer.withdrawn == [card]
    assert total(dealer.cards) == (17, False) and dealer.kept == []


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_a_card_taken_wrongly_and_not_shown_may_be_kept_as_the_next_card() -> None:
    """Art. 6(1): "podendo, no entanto, considerar-se válida se não tiver sido mostrada" (it
    may be held valid if it was not shown): on 18 a face-down card is refused, and its
    remedies are to keep it (the next card of the shoe, docs/choices.md B3) or withdraw it."""
    dealer = _draw("9S 9H")
    [card] = parse_cards("5C")
    with pytest.raises(Irregularity) as caught:
        dealer.deal(LiveCard(card))
    assert caught.value.remedies == (KEEP, CORRECT)
    event = dealer.remedy(LiveCard(card), KEEP)
    assert event["event"] == "card_kept" and dealer.kept == [card]
    assert dealer.cards == parse_cards("9S 9H") and dealer.withdrawn == []


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_a_card_on_16_is_the_dealers_and_no_remedy_applies() -> None:
    """On 16 the dealer must draw ("obrigada a tomar cartas quando o total ... for 16 ou
    inferior"): the card is the dealer's, and no remedy is offered for it."""
    dealer = _draw("TS 6H")
    [card] = parse_cards("5C")
    with pytest.raises(RuleViolation, match="none"):
        dealer.remedy(LiveCard(card), CORRECT)
    event = dealer.deal(LiveCard(card, DEALER))
    assert event["to"] == DEALER and event["next"] is None
    with pytest.raises(RuleViolation) as caught:
        _draw("TS 6H").deal(LiveCard(card, "box 1"))
    assert caught.value.field == "to"


def _shoe(decks: int = 1) -> LiveBlackjackShoe:
    return LiveBlackjackShoe(
        load_ruleset("macau-blackjack-2007", {"shoe.decks": decks, "shoe.cut_card": 20}).rules
    )


@pytest.mark.cites("macau-blackjack-2007", "art. 6(3)")
def test_a_card_is_taken_only_where_the_engine_wants_it() -> None:
    """Boxes are dealt and played in turn from the dealer's left (art. 6(3)): while the engine
    wants box 2's card, a card the dealer puts to box 3 is refused naming the place, and
    nothing changes; the card as due, or with no place named (a reader), is taken there."""
    shoe = _shoe()
    with pytest.raises(RuleViolation, match="no card is due"):
        shoe.deal(LiveCard(parse_cards("AS")[0]))
    shoe.want("box 2")
    with pytest.raises(RuleViolation) as wrong:
        shoe.deal(LiveCard(parse_cards("AS")[0], "box 3"))
    assert wrong.value.field == "to" and "box 2" in wrong.value.message
    assert "art. 6(3)" in wrong.value.rule and shoe.due() == "box 2"
    assert shoe.deal(LiveCard(parse_cards("AS")[0]))["to"] == "box 2"
    assert shoe.due() is None  # the table asks the engine where the next one goes


def test_a_card_the_shoe_cannot_hold_is_a_misread_until_a_new_shoe() -> None:
    """A shoe of one deck (the ruleset's ``shoe.decks``; art. 1 of the base text, which croupier
    lacks) holds each card once: a second ace of spades is refused as a misread (nothing
    taken); a new shoe, between rounds only, holds its own."""
    shoe = _shoe(decks=1)
    shoe.want("box 1")
    shoe.deal(LiveCard(parse_cards("AS")[0]))
    shoe.want("dealer")
    with pytest.raises(RuleViolation, match="1 times"):
        shoe.deal(LiveCard(parse_cards("AS")[0]))
    with pytest.raises(RuleViolation) as mid_round:
        shoe.new_shoe()
    assert mid_round.value.field == "shoe"
    shoe.want(None)
    assert shoe.new_shoe()["event"] == "new_shoe"
    shoe.want("box 1")
    assert shoe.deal(LiveCard(parse_cards("AS")[0]))["to"] == "box 1"


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_only_a_card_to_the_dealer_after_standing_has_art_6_1s_remedies() -> None:
    """Art. 6(1) speaks of a card the dealer ("a banca") takes wrongly: after the dealer stood
    on 17, a card put to a box is no such card: it is not due, and no remedy applies to it;
    the same card to the dealer (or read with no place), not shown, may be kept, and kept it
    is the next card of the shoe. Before the dealer stands its hand says draw: a card sent
    while no card is wanted is simply not due."""
    shoe = _shoe(decks=6)
    shoe.after_deal(SimpleNamespace(dealer=parse_cards("7H")))  # type: ignore[arg-type]
    with pytest.raises(RuleViolation, match="no card is due"):
        shoe.deal(LiveCard(parse_cards("5C")[0], DEALER))  # the dealer's turn has not come
    shoe.after_deal(SimpleNamespace(dealer=parse_cards("7H KS")))  # type: ignore[arg-type]
    five = parse_cards("5C")[0]
    with pytest.raises(RuleViolation, match="no card is due"):
        shoe.deal(LiveCard(five, "box 1"))
    with pytest.raises(RuleViolation) as wrong_place:
        shoe.remedy(LiveCard(five, "box 1"), KEEP)
    assert wrong_place.value.field == "remedy" and shoe.take_kept() == []
    with pytest.raises(Irregularity) as late:
        shoe.deal(LiveCard(five))
    assert "art. 6(1)" in late.value.rule and late.value.remedies == (KEEP, CORRECT)
    assert shoe.remedy(LiveCard(five, DEALER), KEEP)["event"] == "card_kept"
    assert shoe.take_kept() == [five]
