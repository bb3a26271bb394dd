"""Baccarat dealt card by card from a physical shoe (issue 31): the live engine says which card
is due and checks each card against Macau baccarat arts. 2, 4, 7, 9 and 10."""

from __future__ import annotations

import itertools

import pytest

from croupier.cards import parse_card, parse_cards
from croupier.errors import RuleViolation
from croupier.games.baccarat.coup import Coup, deal_coup
from croupier.games.baccarat.live import BANKER, BURN, OUT_OF_PLAY, PLAYER, LiveShoe
from croupier.games.live import CORRECT, VOID, Irregularity, LiveCard, LiveCards
from croupier.shoe import Burn, ShoeSpec, StackedCards

SHOE = ShoeSpec(decks=8)
#: one card of each point value 0-9 (T is 0: art. 5(1)), in spades
BY_POINT = parse_cards("TS AS 2S 3S 4S 5S 6S 7S 8S 9S")


def _deal(shoe: LiveShoe, cards: str, *, to: str | None = None) -> None:
    for card in parse_cards(cards):
        shoe.deal(LiveCard(card, to))


def _refused(shoe: LiveShoe, card: str, to: str | None) -> Irregularity:
    before = (list(shoe.coup.player), list(shoe.coup.banker), len(shoe.log))
    with pytest.raises(Irregularity) as caught:
        shoe.deal(LiveCard(parse_card(card), to))
    assert (shoe.coup.player, shoe.coup.banker, len(shoe.log)) == (*before[:2], before[2])
    return caught.value


def _destinations(coup: Coup) -> list[str]:
    """Where each card of a coup went, in dealing order (art. 7(1), art. 9)."""
    return (
        [PLAYER, BANKER, PLAYER, BANKER]
        + [PLAYER] * (len(coup.player) - 2)
        + [BANKER] * (len(coup.banker) - 2)
    )


@pytest.mark.cites(
    "macau-baccarat-2004", "art. 7(1)", "art. 9", "art. 9(1)", "art. 9(2)", "art. 9(3)", "art. 9(4)"
)
@pytest.mark.parametrize("declared", [False, True])
def test_every_tableau_path_card_by_card_is_the_dealt_shoe_engines_coup(declared: bool) -> None:
    """Every two-card total of each hand and every point of Player's third card (10^5 coups),
    dealt card by card, by a reader that says nothing of where a card went (``declared``
    False) and by a dealer who names each card's hand (True): the live engine asks for each
    card where the dealt-shoe engine (``deal_coup``) put it, and the coups are the same."""
    for p1, b1, p2, b2, p3 in itertools.product(BY_POINT, repeat=5):
        sequence = [p1, b1, p2, b2, p3, parse_card("9H")]
        coup = deal_coup(StackedCards(list(sequence)).draw)
        shoe = LiveShoe(SHOE)
        for card, to in zip(sequence, _destinations(coup), strict=False):
            assert shoe.due() == to
            shoe.deal(LiveCard(card, to if declared else None))
        assert shoe.due() is None
        assert shoe.coup.coup() == coup


@pytest.mark.cites("macau-baccarat-2004", "art. 9(2)", "art. 10")
def test_a_third_card_to_player_at_six_is_refused_and_corrected_to_banker() -> None:
    """Art. 9(2): "Grupo jogador («player») não recebe carta adicional: Se o valor das suas
    cartas for superior a 5" (Player takes no third card on more than 5). Player 6 (3+3),
    Banker 4 (2+2): Player stands, and Banker, Player having taken no card, draws (art.
    9(3)(6): "Se o valor das suas cartas for inferior a 6 e o grupo jogador («player») não
    tiver recebido carta"). A card put to Player is refused naming art. 9(2); art. 10: "este
    deve ser imediatamente corrigido": corrected, it is Banker's third card."""
    shoe = LiveShoe(SHOE)
    _deal(shoe, "3S 2S 3H 2H")
    wrong = _refused(shoe, "5D", PLAYER)
    assert "art. 9(2)" in wrong.rule and "Macau baccarat" in wrong.rule
    assert wrong.remedies == (CORRECT, VOID) and wrong.belongs == BANKER
    event = shoe.correct(LiveCard(parse_card("5D"), PLAYER))
    assert event["to"] == BANKER and "art. 9(2)" in event["corrected"]
    assert shoe.coup.coup() == Coup(tuple(parse_cards("3S 3H")), tuple(parse_cards("2S 2H 5D")))


@pytest.mark.cites("macau-baccarat-2004", "art. 9(4)", "art. 10")
def test_banker_drawing_at_seven_is_refused_and_the_card_taken_out_of_play() -> None:
    """Art. 9(4)(5): "O grupo banqueiro («banker») não recebe carta adicional: Se o valor das
    suas cartas for 7, 8 ou 9". Player 2 draws a 4; Banker 7 stands. A card put to Banker is
    refused naming art. 9(4)(5); corrected, no hand takes it: it goes out of play."""
    shoe = LiveShoe(SHOE)
    _deal(shoe, "AS 3S AH 4S 4D")
    assert shoe.due() is None
    wrong = _refused(shoe, "KD", BANKER)
    assert "art. 9(4)(5)" in wrong.rule and wrong.belongs is None
    event = shoe.correct(LiveCard(parse_card("KD"), BANKER))
    assert event["to"] == OUT_OF_PLAY
    assert shoe.coup.out_of_play == [parse_card("KD")]
    assert shoe.coup.coup().banker_total == 7


@pytest.mark.cites("macau-baccarat-2004", "art. 9")
def test_a_fourth_card_is_refused() -> None:
    """Art. 9: "Apenas uma carta pode ser adicionada às duas inicialmente distribuídas a cada
    grupo" (only one card may be added to the two each hand was dealt). Player 0 and Banker 0
    each draw; a further card to either hand is refused naming art. 9, and a reader's card,
    which names no hand, is refused too: the coup is complete."""
    shoe = LiveShoe(SHOE)
    _deal(shoe, "TS TH KS KH 2D 3D")
    for to in (PLAYER, BANKER):
        wrong = _refused(shoe, "5C", to)
        assert wrong.rule.endswith("art. 9") and wrong.belongs is None
    assert _refused(shoe, "5C", None).belongs is None


@pytest.mark.cites("macau-baccarat-2004", "art. 7(1)")
def test_the_first_four_cards_alternate_player_first() -> None:
    """Art. 7(1): "A cada grupo são, inicialmente, distribuídas duas cartas, uma de cada vez e
    alternadamente, começando-se pelo grupo jogador («player»)". A first card put to Banker,
    or Player's second card before Banker's first, is refused naming art. 7(1); corrected, it
    is the hand's whose turn it is."""
    shoe = LiveShoe(SHOE)
    wrong = _refused(shoe, "4S", BANKER)
    assert "art. 7(1)" in wrong.rule and wrong.belongs == PLAYER
    shoe.deal(LiveCard(parse_card("4S"), PLAYER))
    assert _refused(shoe, "5S", PLAYER).belongs == BANKER
    assert shoe.correct(LiveCard(parse_card("5S"), PLAYER))["to"] == BANKER


@pytest.mark.cites("macau-baccarat-2004", "art. 9(2)", "art. 9(4)")
def test_after_a_natural_no_hand_takes_a_card() -> None:
    """Art. 9(2): Player takes no card "se o grupo banqueiro («banker») tiver um natural (8 ou
    9)"; art. 9(4)(6): Banker takes none "Se o grupo jogador («player») tiver um natural"."""
    banker_natural = LiveShoe(SHOE)
    _deal(banker_natural, "2S 4S 3S 4H")  # Player 5 would draw; Banker 8
    assert banker_natural.due() is None
    to_player = _refused(banker_natural, "7C", PLAYER)
    assert "art. 9(2)" in to_player.rule
    # the dealer is told the reason the text gives: Banker's natural, not Player standing
    assert to_player.message == "Banker has a natural 8: Player takes no card"
    player_natural = LiveShoe(SHOE)
    _deal(player_natural, "4S 2S 5S 3S")  # Player 9; Banker 5 would draw
    to_banker = _refused(player_natural, "7C", BANKER)
    assert "art. 9(4)(6)" in to_banker.rule
    assert to_banker.message == "Player has a natural 9: Banker takes no card"


@pytest.mark.cites("macau-baccarat-2004", "art. 9")
def test_banker_before_players_third_card_is_refused() -> None:
    """Art. 9: the added cards, "sendo a primeira para o grupo jogador («player»)" (the first
    for Player): Player 3 and Banker 2 both draw, Player first."""
    shoe = LiveShoe(SHOE)
    _deal(shoe, "AS AH 2S AD")
    wrong = _refused(shoe, "6C", BANKER)
    assert wrong.rule.endswith("art. 9") and wrong.belongs == PLAYER


@pytest.mark.cites("macau-baccarat-2004", "art. 4")
def test_a_card_out_of_the_shoe_face_up_stands() -> None:
    """Art. 4: "Se, no decurso de uma jogada, alguma carta sair do distribuidor («shoe») ...
    de face para cima, considera-se válida a carta e a respectiva aposta, continuando a
    partida" (the card and its bet stand, and play goes on): a face-up card is taken where it
    is due, the coup goes on, and its record says it stands under art. 4."""
    shoe = LiveShoe(SHOE)
    event = shoe.deal(LiveCard(parse_card("9D"), None, face_up=True))
    assert event["to"] == PLAYER and "art. 4" in event["stands"]
    assert event["next"] == BANKER
    face_down = shoe.deal(LiveCard(parse_card("2S")))
    assert "stands" not in face_down  # only a face-up card is told as standing
    _deal(shoe, "TS 3S")
    assert shoe.coup.coup().player == tuple(parse_cards("9D TS"))


@pytest.mark.cites("macau-baccarat-2004", "art. 10")
def test_a_coup_is_void_only_with_a_supervisor_and_then_takes_no_card() -> None:
    """Art. 10: "O lance, porém, é considerado nulo se for de todo impossível corrigir o erro"
    (the coup is void only if the error cannot be corrected at all): the dealer's void needs a
    supervisor's confirmation (docs/choices.md, D1); a void coup takes no more cards and the
    next coup begins."""
    shoe = LiveShoe(SHOE)
    _deal(shoe, "3S 2S")
    with pytest.raises(RuleViolation, match="supervisor"):
        shoe.void("cards fell on the floor", " ")
    assert shoe.coup.void_reason is None
    event = shoe.void("cards fell on the floor", "Ana Lee")
    assert event["supervisor"] == "Ana Lee" and "art. 10" in event["rule"]
    assert shoe.due() is None
    with pytest.raises(RuleViolation, match="void"):
        shoe.deal(LiveCard(parse_card("4S"), PLAYER))
    shoe.next_coup()
    assert shoe.due() == PLAYER


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_a_new_shoe_burns_by_the_first_cards_face_value() -> None:
    """Art. 2(1): "o número de cartas a descartar para se iniciar a distribuição é determinado
    pelo valor facial da primeira carta" (the number burned is the first card's face value):
    a 4 first, then four cards burned, before Player's first card; a card put to Player
    during the burn is refused naming art. 2(1), and corrected it is burned."""
    shoe = LiveShoe(ShoeSpec(decks=8, burn=Burn.FACE_VALUE))
    assert shoe.due() == BURN
    shoe.deal(LiveCard(parse_card("4C")))
    assert shoe.shown == parse_card("4C")
    wrong = _refused(shoe, "KS", PLAYER)
    assert "art. 2(1)" in wrong.rule and wrong.remedies == (CORRECT,)
    assert shoe.correct(LiveCard(parse_card("KS"), PLAYER))["to"] == BURN
    _deal(shoe, "2C 3C 5C")
    assert len(shoe.burned) == 5 and shoe.due() == PLAYER


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_a_shoe_of_decks_burns_one_card_a_deck() -> None:
    """Art. 2(1): the croupier burns "as primeiras cartas — consoante o número de baralhos"
    (the first cards, by the number of decks): six decks, six cards."""
    shoe = LiveShoe(ShoeSpec(decks=6, burn=Burn.DECKS))
    _deal(shoe, "2C 3C 4C 5C 6C")
    assert shoe.due() == BURN
    _deal(shoe, "7C")
    assert shoe.due() == PLAYER


@pytest.mark.cites("macau-baccarat-2004", "art. 1(1)")
def test_a_card_the_shoe_cannot_hold_is_refused_as_a_misread() -> None:
    """Art. 1(1): the material is "Seis a doze baralhos de 52 cartas": a shoe of six decks
    holds each card six times, so a seventh ace of spades is not a card of this shoe (read it
    again): refused, nothing changed."""
    shoe = LiveShoe(ShoeSpec(decks=6))
    for _ in range(3):
        shoe.deal(LiveCard(parse_card("AS")))
        shoe.deal(LiveCard(parse_card("AS")))
        shoe.deal(LiveCard(parse_card("TD")))
        shoe.deal(LiveCard(parse_card("TD")))
        shoe.deal(LiveCard(parse_card("TC")))  # Player 2 draws; Banker 0 draws
        shoe.deal(LiveCard(parse_card("TH")))
        shoe.next_coup()
    with pytest.raises(RuleViolation, match="6 times") as caught:
        shoe.deal(LiveCard(parse_card("AS")))
    assert "art. 1(1)" in caught.value.rule and shoe.coup.player == []


@pytest.mark.cites("macau-baccarat-2004", "art. 1(1)", "art. 2(1)")
def test_a_new_shoe_is_burned_and_holds_its_own_cards() -> None:
    """Art. 2(1): each shoe starts with its cards shuffled, put in the shoe, and the first ones
    burned ("o «croupier» retira do distribuidor as primeiras cartas"); art. 1(1): a shoe of
    six decks holds each card six times. After six aces of spades the old shoe refuses a
    seventh; the dealer puts a new shoe in between coups: its burn is due first, and its own
    six aces of spades are taken. A new shoe in the middle of a coup is refused."""
    shoe = LiveShoe(ShoeSpec(decks=6, burn=Burn.DECKS))
    _deal(shoe, "2C 3C 4C 5C 6C 7C")
    for _ in range(3):
        _deal(shoe, "AS AS TD TD TC TH")
        shoe.next_coup()
    with pytest.raises(RuleViolation, match="6 times"):
        shoe.deal(LiveCard(parse_card("AS")))
    shoe.deal(LiveCard(parse_card("9S")))  # Player's first card: a coup is being dealt
    with pytest.raises(RuleViolation) as mid_coup:
        shoe.new_shoe()
    assert mid_coup.value.field == "shoe" and "art. 2(1)" in mid_coup.value.rule
    shoe.abandon("the dealer stopped the coup")
    changed = shoe.new_shoe()
    assert changed["next"] == BURN and "art. 2(1)" in changed["rule"]
    assert shoe.due() == BURN and shoe.burned == []
    _deal(shoe, "2D 3D 4D 5D 6D 7D")
    assert shoe.due() == PLAYER
    shoe.deal(LiveCard(parse_card("AS")))  # a card of the new shoe
    assert shoe.coup.player == [parse_card("AS")]


@pytest.mark.cites("macau-baccarat-2004", "art. 9(4)")
def test_banker_standing_after_player_stood_is_cited_by_its_total() -> None:
    """Player 7 stands (art. 9(2)). Art. 9(4)(4): Banker takes no card "Se o valor das suas
    cartas for 6 e ... este não tiver recebido carta"; art. 9(4)(5): nor "Se o valor das suas
    cartas for 7, 8 ou 9". A card put to Banker on 6 is refused naming 9(4)(4), on 7, 8 or 9
    naming 9(4)(5)."""
    on_six = LiveShoe(SHOE)
    _deal(on_six, "3S 3H 4S 3D")
    assert "art. 9(4)(4)" in _refused(on_six, "2C", BANKER).rule
    for banker in ("4D", "5D", "6D"):  # Banker 7, 8, 9 (art. 9(4)(5): "7, 8 ou 9")
        stands = LiveShoe(SHOE)
        _deal(stands, f"3S 3H 4S {banker}")
        assert "art. 9(4)(5)" in _refused(stands, "2C", BANKER).rule


@pytest.mark.cites("macau-baccarat-2004", "art. 6")
def test_a_card_for_no_hand_of_the_game_is_refused() -> None:
    """Art. 6: "O jogo é limitado a dois grupos": the banker group and the player group. A
    card said to go anywhere else (a third group, a seat) is refused, naming the field, and
    changes nothing."""
    shoe = LiveShoe(SHOE)
    with pytest.raises(RuleViolation) as caught:
        shoe.deal(LiveCard(parse_card("4S"), "seat 3"))
    assert caught.value.field == "to" and "art. 6" in caught.value.rule
    assert shoe.coup.player == [] and shoe.log == [] and shoe.seen.count(parse_card("4S")) == 0


@pytest.mark.cites("macau-baccarat-2004", "art. 10")
def test_only_the_remedies_art_10_gives_for_the_card_are_taken() -> None:
    """Art. 10 gives a dealing error two remedies, a correction and (only when it cannot be
    corrected) a void. A remedy that is neither, a void for a card that is right, and a void
    during the burn (no coup is in play: the burn is corrected, art. 2(1)) are refused and
    change nothing."""
    shoe = LiveShoe(ShoeSpec(decks=8, burn=Burn.FIXED, burn_cards=1))
    burn_to_player = LiveCard(parse_card("KS"), PLAYER)
    with pytest.raises(RuleViolation, match="not a remedy"):
        shoe.remedy(burn_to_player, VOID, "Ana Lee")
    shoe.deal(LiveCard(parse_card("KS")))  # burned
    right = LiveCard(parse_card("4S"), PLAYER)
    for remedy in ("continue", VOID):
        with pytest.raises(RuleViolation, match="not a remedy") as caught:
            shoe.remedy(right, remedy, "Ana Lee")
        assert caught.value.field == "remedy" and "art. 10" in caught.value.rule
    assert shoe.coup.player == [] and shoe.coup.void_reason is None
    assert shoe.remedy(LiveCard(parse_card("4S"), BANKER), VOID, "Ana Lee")["event"] == "coup_void"


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_round_voided_by_a_fault_takes_its_coups_cards_but_not_the_burn() -> None:
    """PT rule 29: a round void for a malfunction returns every stake; at a live table its
    coup's cards go with it and the next coup begins with Player's first card. A fault during
    the burn of a new shoe leaves the burn as it is: no coup was in play."""
    shoe = LiveShoe(ShoeSpec(decks=8, burn=Burn.FIXED, burn_cards=2))
    shoe.deal(LiveCard(parse_card("KS")))
    shoe.abandon("a fault")
    assert shoe.burned == [parse_card("KS")] and shoe.due() == BURN
    shoe.deal(LiveCard(parse_card("QS")))
    _deal(shoe, "3S 2S 3H")
    shoe.abandon("a fault")
    assert shoe.coup.player == [] and shoe.coup.banker == [] and shoe.due() == PLAYER
    assert shoe.log[-1] == {"event": "coup_abandoned", "reason": "a fault"}


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_cards_handed_to_a_round_voided_by_a_fault_are_never_drawn() -> None:
    """PT rule 29: a void round's cards are gone with it: cards handed to the round engine and
    not drawn (its deal failed) are discarded, so the next round draws only its own."""
    feed = LiveCards()
    feed.add(parse_cards("3S 2S 3H"))
    assert feed.draw() == parse_card("3S")
    feed.discard()
    feed.add(parse_cards("9D"))
    assert feed.draw() == parse_card("9D") and feed.cards_remaining == 0
