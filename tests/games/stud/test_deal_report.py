"""The record of dealt stud rounds (``croupier stud deal``), checked against art. 7 of DRE
61/2004: "As cartas são distribuídas do seguinte modo: 1) Se, o «croupier» utilizar o «shoe»,
... uma de cada vez, individualmente a quem tenha colocado apostas, sendo a última carta
distribuída ao «croupier», até que todos os jogadores tenham recebido 5 cartas. A última carta do
«croupier» será distribuída com a face voltada para cima; 2) Se, o «croupier» utilizar o
baralhador, ... distribui cinco cartas de cada vez ... sendo a última distribuição ao «croupier».
A carta de cima do «croupier» é exibida." (From a shoe, one card at a time to each box with a
bet, the dealer last, until each has five, the dealer's last card face up; from a shuffler, five
at a time, the dealer last, the dealer's top card shown.)"""

from __future__ import annotations

import pytest

from croupier.cards import cards_text, parse_cards
from croupier.games.stud.report import deal_report
from croupier.rng import source_for
from croupier.shoe import Shoe, StackedCards
from tests.games.stud.conftest import stud_rules
from tests.games.stud.stacks import stud_deck

ROUND_1 = (["2S 3S 4S 5S 7H", "2H 3H 4H 5H 7D"], "AS KD 7C 5H 3D")
ROUND_2 = (["9S 9H 9C 5D 5C", "TS JS QS KS AS"], "2D 4D 6D 8D TD")


def text(cards: str) -> list[str]:
    return cards_text(parse_cards(cards))


def check_round(record, hands, dealer):
    assert [h["seat"] for h in record["hands"]] == list(range(1, len(hands) + 1))
    assert [h["cards"] for h in record["hands"]] == [text(h) for h in hands]
    assert record["dealer"]["cards"] == text(dealer)
    assert record["dealer"]["up_card"] == text(dealer)[4]  # the dealer's last card, face up


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 7(1)")
def test_a_stacked_shoe_deals_whole_rounds_one_card_at_a_time_art_7_1():
    rules = stud_rules()
    cards = [*stud_deck(*ROUND_1).cards, *stud_deck(*ROUND_2).cards]
    extra = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C TC")  # nine cards: not a whole round of 15
    report = deal_report("macau-stud-2004", rules, 2, 5, stacked=StackedCards(cards + extra))
    assert [r["round"] for r in report["rounds"]] == [1, 2]
    check_round(report["rounds"][0], *ROUND_1)
    check_round(report["rounds"][1], *ROUND_2)
    exact = deal_report("macau-stud-2004", rules, 2, 5, stacked=stud_deck(*ROUND_1))
    assert len(exact["rounds"]) == 1  # fifteen cards: exactly one round of two hands
    check_round(exact["rounds"][0], *ROUND_1)
    one = deal_report("macau-stud-2004", rules, 2, 1, stacked=StackedCards(cards))
    assert [r["round"] for r in one["rounds"]] == [1]  # no more rounds than asked


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 7(1)", "art. 7(2)")
@pytest.mark.parametrize("dealing", ["shoe", "shuffler"])
def test_a_shuffled_deck_deals_each_round_from_a_fresh_deck_in_the_order_of_art_7(dealing):
    """Each round a fresh shuffled deck (art. 3), dealt as 7(1) (one at a time) or 7(2) (five at
    a time) says: the cards the deck gives, in that order, land where the article puts them."""
    rules = stud_rules(**{"shoe.dealing": dealing})
    hands = 3
    report = deal_report("macau-stud-2004", rules, hands, 3, source=source_for(7))
    assert [r["round"] for r in report["rounds"]] == [1, 2, 3]
    deck = Shoe(rules.shoe, source_for(7))
    commitments = set()
    for record in report["rounds"]:
        deck.begin_round()
        drawn = [deck.draw() for _ in range(5 * (hands + 1))]
        deck.end_round()
        boxes = [*range(1, hands + 1), 0]  # the dealer (0) last
        if dealing == "shoe":
            piles = {box: drawn[i :: hands + 1] for i, box in enumerate(boxes)}
        else:
            piles = {box: drawn[5 * i : 5 * i + 5] for i, box in enumerate(boxes)}
        assert [h["cards"] for h in record["hands"]] == [cards_text(piles[b]) for b in boxes[:-1]]
        assert record["dealer"]["cards"] == cards_text(piles[0])
        assert record["dealer"]["up_card"] == cards_text(piles[0])[4]
        commitments.add(record["commitment"])
    assert len(commitments) == 3  # every round its own shuffled deck
