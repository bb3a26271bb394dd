"""Macau stud dealt card by card from a physical shoe or shuffler (issue 31): the live engine
says which hand the next card is for and checks each card against arts. 1(1), 7 and 11."""

from __future__ import annotations

import random

import pytest

from croupier.cards import parse_card
from croupier.errors import RuleViolation
from croupier.games.live import CONTINUE, VOID, Irregularity, LiveCard
from croupier.games.protocol import Bet
from croupier.games.stud.dealing import DEALER
from croupier.games.stud.live import LiveStudDeal, LiveStudShoe
from croupier.games.stud.round import StudRound
from croupier.i18n.catalogue import translate
from croupier.shoe import StackedCards
from tests.games.stud.conftest import stud_rules

ANTES = (2, 5, 6)


def _deck(seed: int) -> list[int]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return deck


def _refused(deal: LiveStudDeal, card: int, to: str | None) -> Irregularity:
    before = ({s: list(p) for s, p in deal.piles.items()}, len(deal.log))
    with pytest.raises(Irregularity) as caught:
        deal.deal(LiveCard(card, to))
    assert ({s: list(p) for s, p in deal.piles.items()}, len(deal.log)) == before
    return caught.value


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 7(1)", "art. 7(2)")
@pytest.mark.parametrize("dealing", ["shoe", "shuffler"])
def test_the_live_deal_asks_for_each_card_where_art_7_deals_it(dealing: str) -> None:
    """Art. 7(1): from the shoe "as cartas são distribuídas da esquerda para a direita ... uma
    de cada vez, individualmente a quem tenha colocado apostas, sendo a última carta
    distribuída ao «croupier», até que todos os jogadores tenham recebido 5 cartas"; art.
    7(2): from the shuffler "distribui cinco cartas de cada vez ... sendo a última distribuição
    ao «croupier»". With antes on boxes 2, 5 and 6 the engine asks, card by card, for: box 2,
    box 5, box 6, the dealer, five times round (shoe); or five to box 2, then 5, then 6, then
    the dealer (shuffler). Dealt this way, the round engine dealing from the same cards gives
    every hand and the dealer the same five cards."""
    if dealing == "shoe":
        expected = ["box 2", "box 5", "box 6", "dealer"] * 5
    else:
        expected = [p for p in ("box 2", "box 5", "box 6", "dealer") for _ in range(5)]
    deck = _deck(7)
    deal = LiveStudDeal(ANTES, 7, dealing)
    asked = []
    for card in deck[:20]:
        with pytest.raises(RuleViolation, match="not complete"):
            deal.dealt_in_order()  # the round engine deals only a complete deal
        asked.append(deal.due())
        deal.deal(LiveCard(card))
    assert asked == expected and deal.due() is None
    rules = stud_rules(**{"shoe.dealing": dealing})
    rnd = StudRound(rules, StackedCards(deal.dealt_in_order()), jackpot_pool=100000)
    for seat in ANTES:
        rnd.place_bet(f"p{seat}", "ante", 100, box=seat)
    rnd.deal()
    for seat in ANTES:
        assert list(rnd.hand_cards(seat)) == deal.piles[seat]
    assert rnd.dealer == deal.piles[DEALER]


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 11(1)")
def test_a_sixth_card_to_a_box_is_refused_and_voids_the_round() -> None:
    """Art. 7: cards are dealt "até que todos os jogadores tenham recebido 5 cartas" (until
    every player has five). Art. 11(1): "Se, numa jogada as cartas forem distribuídas de uma
    forma incorrecta, ou o número de cartas distribuídas for incorrecto ... a jogada é
    considerada inválida, as apostas são nulas". A sixth card to box 2 (shuffler: its five
    are out) is refused naming art. 11(1), its only remedy a void; applied, the round takes
    no more cards."""
    deck = _deck(3)
    deal = LiveStudDeal(ANTES, 7, "shuffler")
    for card in deck[:5]:
        deal.deal(LiveCard(card))
    wrong = _refused(deal, deck[5], "box 2")
    assert "art. 11(1)" in wrong.rule and "sixth" in wrong.message
    assert wrong.remedies == (VOID,)
    # told to a dealer in Macau or Lisbon in their words, the box by its number (issue 29)
    assert translate(wrong.message, "pt-PT").startswith("casa 2 já tem as suas cinco cartas")
    assert translate(wrong.message, "zh-Hant").startswith("投注格 2 已有五張牌")
    event = deal.remedy(LiveCard(deck[5], "box 2"), VOID)
    assert event["event"] == "round_void" and "art. 11(1)" in event["rule"]
    assert deal.due() is None
    with pytest.raises(RuleViolation, match="void"):
        deal.deal(LiveCard(deck[6]))


@pytest.mark.cites("macau-stud-2004", "art. 11(1)")
def test_a_card_out_of_turn_or_after_the_deal_is_dealt_wrongly() -> None:
    """Art. 11(1) again: a card to box 5 when box 2's is due is dealt "de uma forma
    incorrecta", and a card read after every hand has five is a wrong number of cards: both
    refused, their remedy a void."""
    deck = _deck(4)
    deal = LiveStudDeal(ANTES, 7, "shoe")
    out_of_turn = _refused(deal, deck[0], "box 5")
    assert "art. 11(1)" in out_of_turn.rule and out_of_turn.remedies == (VOID,)
    for card in deck[:20]:
        deal.deal(LiveCard(card))
    after = _refused(deal, deck[20], None)
    assert "art. 11(1)" in after.rule and after.remedies == (VOID,)
    with pytest.raises(RuleViolation, match="not a remedy"):
        deal.remedy(LiveCard(deck[20]), CONTINUE)


@pytest.mark.cites("macau-stud-2004", "art. 11(3)")
def test_a_card_to_a_box_with_no_bet_makes_a_dead_hand_and_play_goes_on() -> None:
    """Art. 11(3): "Se, as cartas forem distribuídas inadvertidamente a uma «mão» que não tenha
    seleccionado qualquer tipo de aposta, essa «mão» é considerada nula, e o jogo prossegue".
    A card to box 3 (no ante) is refused for the dealer to confirm; confirmed, box 3 is dead,
    the card that was due is still due, and the live hands get the same cards as without it."""
    deck = _deck(5)
    deal = LiveStudDeal(ANTES, 7, "shoe")
    deal.deal(LiveCard(deck[0]))
    wrong = _refused(deal, deck[1], "box 3")
    assert "art. 11(3)" in wrong.rule and wrong.remedies == (CONTINUE,)
    event = deal.remedy(LiveCard(deck[1], "box 3"), CONTINUE)
    assert "art. 11(3)" in event["hand_dead"] and event["next"] == "box 5"
    assert deal.dead == {3: [deck[1]]}
    for card in deck[2:21]:
        deal.deal(LiveCard(card))
    assert deal.due() is None
    assert len(deal.dealt_in_order()) == 20 and deck[1] not in deal.dealt_in_order()


@pytest.mark.cites("macau-stud-2004", "art. 11(2)", "art. 11(1)", "art. 7", "art. 7(1)")
def test_one_exposed_card_plays_on_and_a_second_voids_the_round() -> None:
    """Art. 11(2): "Se, no decurso de distribuição de cartas, uma carta for exposta
    inadvertidamente, não gera a invalidade da jogada, e as apostas e o jogo prosseguem";
    art. 11(1): the round is invalid "se duas ou mais cartas forem expostas inadvertidamente".
    The dealer's fifth card, dealt face up by art. 7(1), is no exposure."""
    deck = _deck(6)
    deal = LiveStudDeal((1,), 7, "shoe")
    for card in deck[:8]:
        deal.deal(LiveCard(card))
    first = deal.deal(LiveCard(deck[8], None, face_up=True))  # box 1's fifth card
    assert "art. 11(2)" in first["exposed"] and deal.void_reason is None
    assert deal.exposed == [(1, 4)]  # box 1's fifth card (index 4) is the one shown
    dealer_up = deal.deal(LiveCard(deck[9], None, face_up=True))  # the dealer's fifth
    assert "exposed" not in dealer_up and deal.due() is None

    twice = LiveStudDeal((1,), 7, "shoe")
    twice.deal(LiveCard(deck[0], None, face_up=True))
    twice.deal(LiveCard(deck[1]))
    second = twice.deal(LiveCard(deck[2], None, face_up=True))
    assert "art. 11(2)" in second["exposed"]
    assert twice.void_reason is not None and twice.due() is None
    assert "art. 11(1)" in twice.log[-1]["rule"]


@pytest.mark.cites("macau-stud-2004", "art. 1(1)")
def test_a_card_seen_twice_is_not_a_card_of_the_one_deck() -> None:
    """Art. 1(1): "Um baralho de cinquenta e duas cartas": each card once. A card read twice is
    a misread: refused, nothing changes."""
    deal = LiveStudDeal(ANTES, 7, "shoe")
    deal.deal(LiveCard(parse_card("AS")))
    with pytest.raises(RuleViolation, match="1 times") as caught:
        deal.deal(LiveCard(parse_card("AS")))
    assert "art. 1(1)" in caught.value.rule and deal.due() == "box 5"


@pytest.mark.cites("macau-stud-2004", "art. 2(1)")
def test_a_card_for_no_place_at_the_table_is_refused() -> None:
    """Art. 2(1): "Em cada tabuleiro de jogo há oito lugares, incluindo o lugar do
    «croupier»": a card to box 8, or to nowhere the table has, names the field and changes
    nothing."""
    deal = LiveStudDeal(ANTES, 7, "shoe")
    for to in ("box 8", "box 0", "seat 2"):
        with pytest.raises(RuleViolation) as caught:
            deal.deal(LiveCard(parse_card("2S"), to))
        assert caught.value.field == "to" and "art. 2(1)" in caught.value.rule
    assert deal.log == []


@pytest.mark.cites("macau-stud-2004", "art. 11", "art. 11(1)", "art. 11(3)")
def test_each_irregularity_takes_only_the_remedy_its_article_gives() -> None:
    """Art. 11 gives each irregularity its own procedure: a wrong number of cards, a void
    (11(1)); a card to a hand with no bet, a dead hand and play goes on (11(3)). A remedy the
    article does not give is refused and changes nothing, as is a remedy for a card that is
    right."""
    deck = _deck(8)
    deal = LiveStudDeal(ANTES, 7, "shoe")
    for wrong_remedy, to in ((CONTINUE, "box 5"), (VOID, "box 3"), (VOID, None)):
        with pytest.raises(RuleViolation, match="not a remedy") as caught:
            deal.remedy(LiveCard(deck[0], to), wrong_remedy)
        assert caught.value.field == "remedy" and "art. 11" in caught.value.rule
    assert deal.log == [] and deal.dead == {} and deal.void_reason is None
    dead = deal.remedy(LiveCard(deck[0], "box 3"), CONTINUE)
    assert dead["to"] == "box 3" and deal.dead == {3: [deck[0]]}
    again = deal.remedy(LiveCard(deck[1], "box 3"), CONTINUE)
    assert "hand_dead" not in again  # the hand was already dead
    void = deal.remedy(LiveCard(deck[2], "box 6"), VOID)
    assert void["event"] == "round_void" and deal.void_reason is not None


@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(2)")
def test_no_deal_without_an_ante() -> None:
    """Art. 6(2): "No início de cada «mão», cada jogador tem de efectuar uma aposta inicial"
    (each hand begins with an ante): a live deal with no ante is refused."""
    with pytest.raises(RuleViolation) as caught:
        LiveStudDeal((), 7, "shoe")
    assert "art. 6(2)" in caught.value.rule
    assert LiveStudDeal((4,), 7, "shoe").due() == "box 4"


@pytest.mark.cites("macau-stud-2004", "art. 1(1)", "art. 7")
def test_a_new_deck_is_taken_between_rounds_only() -> None:
    """Stud deals each round from its one deck (art. 1(1)), shuffled for the round (art. 7):
    the dealer may change the deck between rounds, never while a round's cards are dealt."""
    shoe = LiveStudShoe(stud_rules())
    assert shoe.new_shoe()["event"] == "new_shoe"
    shoe.begin([Bet("ana", "ante", 100, box=2)])
    shoe.deal(LiveCard(parse_card("AS")))
    with pytest.raises(RuleViolation) as mid_deal:
        shoe.new_shoe()
    assert mid_deal.value.field == "shoe" and "art. 7" in mid_deal.value.rule
    shoe.next_coup()
    assert shoe.new_shoe()["next"] is None
