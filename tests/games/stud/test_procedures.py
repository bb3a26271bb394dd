"""The stud round's procedures at their edges (DRE 61/2004 arts. 6, 7 and 11): what is refused,
what is allowed, and that a refusal changes nothing.

Art. 6(2): "No início de cada «mão», cada jogador tem de efectuar uma aposta inicial" (an ante
opens each hand); 6(5): "Depois de verem as cartas, os jogadores devem decidir" (after seeing
their cards the players decide); 6(6): the raise is "de montante igual ao dobro do montante da
aposta inicial" (twice the ante); 6(7): a hand that does not raise is lost.
Art. 11(1): "se duas ou mais cartas forem expostas inadvertidamente, a jogada é considerada
inválida, as apostas são nulas, mas as apostas realizadas no «jackpot progressivo» são
transferidas automaticamente para a jogada seguinte" (two exposed cards void the round, its bets
returned, the jackpot bets carried); 11(2): one exposed card "não gera a invalidade da jogada"
(does not void it); 11(3): "Se, as cartas forem distribuídas inadvertidamente a uma «mão» que
não tenha seleccionado qualquer tipo de aposta, essa «mão» é considerada nula, e o jogo
prossegue" (cards dealt to a hand with no bet: that hand is void, play goes on).
"""

from __future__ import annotations

import dataclasses

import pytest

from croupier.errors import RuleViolation
from croupier.games.stud.round import StudPhase, StudRound, replay
from croupier.shoe import StackedCards
from tests.games.stud.conftest import stud_rules
from tests.games.stud.stacks import stud_deck

DEALER = "AS KD 7C 5H 3D"
HANDS = ["2S 2H 5C 7D 9S", "3H 4H 8C 9D JS"]


def betting(hands=HANDS, dealer=DEALER, *, deck=None):
    rnd = StudRound(stud_rules(), deck or stud_deck(hands, dealer))
    rnd.place_bet("ana", "ante", 100, box=1)
    rnd.place_bet("ana", "jackpot", 100, box=1)
    rnd.place_bet("bo", "ante", 300, box=2)
    return rnd


def refused(call, field, *args, **kwargs):
    with pytest.raises(RuleViolation) as error:
        call(*args, **kwargs)
    assert error.value.field == field, str(error.value)


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 11", "art. 11(3)")
@pytest.mark.parametrize(("seat", "accepted"), [(0, False), (1, False), (3, True), (7, True),
                                                (8, False)])  # fmt: skip
def test_cards_dealt_by_mistake_to_an_empty_seat_make_a_dead_hand_art_11_3(seat, accepted):
    rnd = betting()
    if not accepted:
        refused(rnd.verify_deal, "extra_seats", [seat])
        assert rnd.phase is StudPhase.BETTING
        return
    empty = StudRound(stud_rules(), StackedCards([c for c in range(52)]))
    empty.place_bet("ana", "ante", 100, box=1 if seat != 1 else 2)
    empty.deal([seat])
    assert empty.hand_cards(seat) and seat not in empty.live_seats()


@pytest.mark.cites("macau-stud-2004", "art. 11", "art. 11(3)")
def test_the_lowest_empty_seat_can_be_dealt_by_mistake_art_11_3():
    rnd = StudRound(stud_rules(), StackedCards(list(range(52))))
    rnd.place_bet("bo", "ante", 100, box=4)
    rnd.deal([1])  # seat 1 is empty: it may receive cards by mistake
    assert rnd.live_seats() == [4] and len(rnd.hand_cards(1)) == 5


@pytest.mark.cites("macau-stud-2004", "art. 11", "art. 11(1)", "art. 11(2)")
def test_an_exposed_card_during_the_deal_and_the_second_that_voids_art_11_1_2():
    rnd = betting()
    refused(rnd.expose_card, "phase", 1, 0)  # no card dealt yet
    rnd.deal()
    for seat, index in ((1, 5), (1, -1), (0, 5)):
        refused(rnd.expose_card, "index", seat, index)
    rnd.expose_card(1, 4)  # the last card of the hand exists: play goes on (11(2))
    assert rnd.phase is StudPhase.DECIDING and rnd.settlement is None
    rnd.decide_seat(2, "fold")
    refused(rnd.expose_card, "phase", 1, 0)  # the deal is over once a hand has decided
    second = betting()
    second.deal()
    second.expose_card(1, 0)
    second.expose_card(0, 2)  # a second exposed card voids the round (11(1))
    s = second.settlement
    assert s.void and "11(1)" in s.reason
    assert sorted((b.bettor, b.kind, b.payout, b.commission) for b in s.bets) == [
        ("ana", "ante", 100, 0), ("ana", "jackpot", 100, 0), ("bo", "ante", 300, 0)
    ]  # fmt: skip
    assert [(b.bettor, b.kind, b.amount) for b in s.carry_over] == [("ana", "jackpot", 100)]
    again = replay(stud_rules(), stud_deck(HANDS, DEALER), second.log)
    assert again.settlement == s and [e.events for e in again.log] == [e.events for e in second.log]


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 7(1)", "art. 11", "art. 11(1)", "art. 11(2)")
def test_an_exposed_dealer_card_is_the_one_the_dealer_shows_art_7_1_and_11_2():
    """Art. 7(1): "A última carta do «croupier» será distribuída com a face voltada para cima"
    (the dealer's last card face up); 11(2): a dealer's card exposed by accident "é deixada de
    fora à vista e todas as outras cartas são distribuídas com a face voltada para baixo" (is
    left out in view, every other card face down): the players then see that card, and only
    it. A player's exposed card changes nothing the dealer shows."""
    rnd = betting()
    rnd.deal()
    assert rnd.view(1)["dealer_up"] == ["3D"]  # the fifth card of DEALER
    events = rnd.expose_card(1, 2)  # a player's card: the dealer still shows the same
    assert [(e.kind, e.data["seat"], e.data["index"]) for e in events] == [("card_exposed", 1, 2)]
    assert rnd.view(2)["dealer_up"] == ["3D"] and rnd.settlement is None
    other = betting()
    other.deal()
    events = other.expose_card(0, 1)  # the dealer's second card: it alone shows
    assert [(e.kind, e.data["seat"], e.data["index"]) for e in events] == [("card_exposed", 0, 1)]
    assert other.view(1)["dealer_up"] == ["KD"] and other.view(2)["dealer_up"] == ["KD"]
    assert other.settlement is None  # one exposed card does not void the round (11(2))
    other.expose_card(2, 0)  # 11(1): "duas ou mais cartas ... expostas": the round is void
    assert other.settlement is not None and other.settlement.void


@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(2)", "art. 6(3)")
def test_an_ante_or_a_jackpot_bet_after_the_deal_is_refused_under_its_own_paragraph():
    """Art. 6(2): "No início de cada «mão», cada jogador tem de efectuar uma aposta inicial"
    (the ante opens the hand); 6(3): "Antes de lhe ser distribuída a primeira carta, o jogador
    pode escolher colocar uma aposta no «jackpot progressivo»" (the jackpot bet, before the
    first card). Each refusal after the deal says which."""
    rnd = betting()
    rnd.deal()
    for kind, paragraph in (("ante", "art. 6(2)"), ("jackpot", "art. 6(3)")):
        with pytest.raises(RuleViolation) as error:
            rnd.place_bet("ana", kind, 100, box=1)
        assert error.value.field == "phase" and paragraph in str(error.value), kind


@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(6)", "art. 6(7)")
def test_each_decision_is_announced_with_what_it_stakes_art_6_6_and_6_7():
    """Art. 6(6): the additional bet is "de montante igual ao dobro do montante da aposta
    inicial" (twice the ante); 6(7): a hand that does not make it folds. The table is told
    each decision and, for a raise, its amount."""
    rnd = betting()
    rnd.deal()
    raised = rnd.decide_seat(2, "raise")
    assert [(e.kind, e.data) for e in raised] == [
        ("decided", {"seat": 2, "decision": "raise", "amount": 600})
    ]
    folded = rnd.decide_seat(1, "fold")
    assert [(e.kind, e.data) for e in folded] == [("decided", {"seat": 1, "decision": "fold"})]


@pytest.mark.cites("macau-stud-2004", "art. 10", "art. 10(1)")
def test_the_jackpot_bet_is_the_tables_ticket_and_needs_a_jackpot_art_10_1():
    """Art. 10(1): the player "deve: Seleccionar uma aposta inicial, e uma aposta no «jackpot
    progressivo»" for the stake the table sets; a table with no jackpot takes antes and
    refuses jackpot bets."""
    rnd = StudRound(stud_rules(), stud_deck(HANDS, DEALER))
    rnd.place_bet("ana", "ante", 100, box=1)
    refused(rnd.place_bet, "amount", "ana", "jackpot", 200, box=1)  # the ticket is 100
    assert [(b.kind, b.amount) for b in rnd.bets] == [("ante", 100)]
    rnd.place_bet("ana", "jackpot", 100, box=1)
    assert [(b.kind, b.amount) for b in rnd.bets] == [("ante", 100), ("jackpot", 100)]
    plain = StudRound(dataclasses.replace(stud_rules(), jackpot=None), stud_deck(HANDS, DEALER))
    plain.place_bet("bo", "ante", 100, box=1)  # an ante is taken where no jackpot is run
    refused(plain.place_bet, "bet", "bo", "jackpot", 100, box=1)
    assert [(b.kind, b.amount) for b in plain.bets] == [("ante", 100)]


@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(2)", "art. 6(5)", "art. 6(6)")
def test_the_raise_stakes_twice_the_ante_and_only_a_live_hand_decides_art_6():
    rnd = betting()
    rnd.close_betting()
    refused(rnd.close_betting, "phase")  # closed once
    refused(rnd.place_bet, "phase", "cy", "ante", 100, box=3)
    refused(rnd.withdraw_bet, "phase", "bo", "ante", box=2)
    rnd.deal()
    refused(rnd.close_betting, "phase")
    assert rnd.decision_stake("bo", "raise") == 600  # art. 6(6): twice the ante
    assert rnd.decision_stake("bo", "fold") == 0 and rnd.decision_stake("cy", "raise") == 0
    for seat in (3, 0):
        refused(rnd.decide_seat, "seat", seat, "raise")  # no hand there
    refused(rnd.decide_seat, "decision", 1, "call")
    rnd.decide_seat(1, "raise")
    refused(rnd.decide_seat, "seat", 1, "fold")  # decided already


@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(2)", "art. 10", "art. 10(1)")
def test_a_bet_is_taken_back_only_by_its_owner_before_the_deal_art_6():
    rnd = betting()
    refused(rnd.withdraw_bet, "bet", "bo", "ante", box=1)  # ana's ante, not bo's
    refused(rnd.withdraw_bet, "bet", "ana", "ante", box=2)  # bo's, not ana's
    refused(rnd.withdraw_bet, "bet", "ana", "ante", box=1)  # the jackpot bet stands on it
    rnd.withdraw_bet("ana", "jackpot", box=1)
    rnd.withdraw_bet("ana", "ante", box=1)
    assert [(b.bettor, b.kind) for b in rnd.bets] == [("bo", "ante")]
    carried = StudRound(stud_rules(), StackedCards(list(range(52))), carried=betting().bets[1:2])
    carried.place_bet("bo", "ante", 100, box=2)
    carried.deal()
    refused(carried.decide_seat, "seat", 1, "raise")  # a carried jackpot bet has no hand


@pytest.mark.cites("macau-stud-2004", "art. 8", "art. 9", "art. 11(3)")
def test_only_hands_with_an_ante_are_compared_with_the_dealers_art_8_9():
    """Art. 9(3): the dealer "abre as «mãos» dos jogadores" to compare them by art. 8: the hands
    in play are those with an ante; a dead hand (11(3)) and a seat holding only a carried
    jackpot bet (11(1)) are not among them."""
    carried = betting().bets[1:2]  # ana's jackpot bet on seat 1
    rnd = StudRound(stud_rules(), StackedCards(list(range(52))), carried=carried)
    rnd.place_bet("bo", "ante", 100, box=2)
    assert rnd.live_seats() == [2]
    rnd.deal([3])
    assert rnd.live_seats() == [2]
    rnd.decide_seat(2, "raise")
    assert [h.seat for h in rnd.settle().hands] == [2, 3]  # the dead hand is recorded, unpaid


@pytest.mark.cites("macau-stud-2004", "art. 2", "art. 2(1)")
@pytest.mark.parametrize(("seat", "accepted"), [(0, False), (1, True), (7, True), (8, False)])
def test_at_most_seven_hands_beside_the_dealers_place_art_2_1(seat, accepted, tmp_path):
    """Art. 2(1): the table has eight places, the dealer's among them: hands 1 to 7, and a
    table may have fewer (table.seats 1 to 7, seven unless the ruleset says). A stud deck is
    shuffled for every round, so no cut card ever comes out; the spec the server reads gives
    the same seats, the jackpot's seed, and keeps the journal (every hand's cards, folded ones
    too: art. 6(7)) from the players."""
    from importlib import resources

    from croupier.errors import RulesetError
    from croupier.games.stud.rules import StudRules
    from croupier.games.stud.spec import SPEC
    from croupier.games.stud.table import StudTableGame
    from croupier.rulesets import load_ruleset
    from croupier.rulesets.loader import load_ruleset_file

    rnd = StudRound(stud_rules(), StackedCards([]))
    if accepted:
        rnd.place_bet("ana", "ante", 100, box=seat)
        assert [b.box for b in rnd.bets] == [seat]
    else:
        refused(rnd.place_bet, "seat", "ana", "ante", 100, box=seat)
        assert rnd.bets == ()
    for seats, ok in ((1, True), (7, True), (0, False), (8, False)):
        if ok:
            assert load_ruleset("macau-stud-2004", {"table.seats": seats}).stud().seats == seats
        else:
            with pytest.raises(RulesetError, match=r"table\.seats"):
                load_ruleset("macau-stud-2004", {"table.seats": seats})
    preset = resources.files("croupier.rulesets") / "presets" / "macau-stud-2004.toml"
    silent = tmp_path / "silent.toml"
    silent.write_text(preset.read_text().replace("seats = 7 ", "# "))
    assert load_ruleset_file(silent).stud().seats == 7
    rules = stud_rules(**{"table.seats": 5})
    assert SPEC.seats(rules)[:2] == (1, 5) and "2(1)" in SPEC.seats(rules)[2]
    assert SPEC.jackpot_seed(rules) == 100_000
    assert SPEC.jackpot_seed(StudRules(minimum_ante=100)) is None
    assert SPEC.journal_is_public is False
    assert StudTableGame(rules, StackedCards([])).cut_card_out is False


@pytest.mark.cites("pt-812-2015", "rule 27")
def test_the_betting_window_closes_for_everyone_and_bets_come_back_only_before_it():
    """PT 812/2015 rule 27: the betting period "corre em simultâneo para todos os jogadores" and
    ends with "jogo feito nada mais, cartas em distribuição" (no more bets): closing it is
    announced and recorded; until then a bet may be taken back, after it none is placed or
    taken back. The same at a blackjack table and a stud table."""
    from croupier.cards import parse_cards
    from croupier.games.blackjack.round import BlackjackRound
    from croupier.rulesets import load_ruleset

    base = {"table.rounding_unit": 1, "table.minimum_bet": 100, "side_bets.any_pair_minimum": 10}
    bj = BlackjackRound(
        load_ruleset("macau-blackjack-2007", base).blackjack(), StackedCards(parse_cards("TS"))
    )
    bj.place_bet("ana", "bet", 200, box=1)
    bj.place_bet("bo", "bet", 300, box=1)  # a back bet on ana's box
    bj.place_bet("cy", "bet", 100, box=2)
    events = bj.withdraw_bet("ana", "bet", box=1)
    assert [(e.kind, e.data) for e in events] == [
        ("bet_withdrawn", {"player": "ana", "box": 1, "kind": "bet", "amount": 200})
    ]
    assert bj.boxes[1].owner == "bo"  # the back bettor now plays the box
    bj.withdraw_bet("cy", "bet", box=2)
    assert 2 not in bj.boxes  # nothing left on it
    assert [e.kind for e in bj.close_betting()] == ["betting_closed"]
    assert bj.log[-1].command == "close_betting"
    refused(bj.place_bet, "phase", "cy", "bet", 100, box=2)
    refused(bj.withdraw_bet, "phase", "bo", "bet", box=1)
    stud = betting()
    assert [e.kind for e in stud.close_betting()] == ["betting_closed"]
    assert stud.log[-1].command == "close_betting"
    refused(stud.place_bet, "phase", "cy", "ante", 100, box=3)
