"""Macau blackjack from stacked shoes: every rule of RULES.md section 5, with its article or
its [1991] / [practice] tag."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.cards import parse_cards
from croupier.errors import CardsExhausted, RuleViolation
from croupier.games.blackjack.round import ACTIONS, BjPhase, BlackjackRound, replay
from croupier.games.blackjack.values import total
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards


def rules(**overrides):
    base = {"table.rounding_unit": 1, "table.minimum_bet": 100, "side_bets.any_pair_minimum": 10}
    return load_ruleset("macau-blackjack-2007", {**base, **overrides}).blackjack()


def deal(cards, bets=((1, 100),), r=None, pairs=()):
    rnd = BlackjackRound(r or rules(), StackedCards(parse_cards(cards)))
    for box, amount in bets:
        rnd.place_bet(f"p{box}", "bet", amount, box=box)
    for box, amount in pairs:
        rnd.place_bet(f"p{box}", "any_pair", amount, box=box)
    rnd.deal()
    return rnd


def hand_bets(s, box=1):
    return [(b.hand, b.outcome, b.payout) for b in s.bets if b.box == box and b.kind == "hand"]


def test_no_hole_card_dealing_order():
    # box 1, box 2, dealer, box 1, box 2; the dealer's second card only after the boxes
    rnd = deal("TS 9H 6D 7C 8C", bets=((1, 100), (2, 100)))
    assert rnd.boxes[1].hands[0].cards == parse_cards("TS 7C")
    assert rnd.boxes[2].hands[0].cards == parse_cards("9H 8C")
    assert rnd.dealer == parse_cards("6D")


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
@pytest.mark.parametrize(
    ("reading", "dealer_final"),
    [("six_ace", "6D AC 5C TC"), ("any", "6D AC 5C TC"), ("stands", "6D AC")],
)
def test_dealer_soft_17_both_ways_art_6_1(reading, dealer_final):
    r = rules(**{"rules.soft17": reading})
    rnd = deal("TS 6D 8H AC 5C TC", r=r)
    rnd.stand(1)
    assert rnd.dealer == parse_cards(dealer_final)
    s = rnd.settle()
    assert hand_bets(s) == [(0, "win", 200)]  # 18 beats a soft 17 and a bust alike


def test_blackjack_pays_3_to_2_and_beats_a_three_card_21_1991():
    rnd = deal("AS 9D KH 5C 7C")  # box A-K; dealer 9, 5, 7 = 21
    assert rnd.phase is BjPhase.DEALER  # a blackjack needs no decision
    s = rnd.settle()
    assert hand_bets(s) == [(0, "blackjack", 250)]
    assert "art. 10" in s.bets[0].reason


def test_player_21_against_dealer_blackjack_loses_and_blackjacks_push_1991():
    # box1: 7S 4D (11) hits TC = 21; box2: AH KS blackjack; dealer 9? -> use dealer T then A
    rnd = deal("7S AH TD 4D KS TC AC", bets=((1, 100), (2, 100)))
    assert rnd.phase is BjPhase.INSURANCE  # even money offered against a ten for box 2
    rnd.close_insurance()
    rnd.hit(1)
    assert rnd.boxes[1].hands[0].total == 21 and rnd.boxes[1].hands[0].finished
    assert rnd.dealer == parse_cards("TD AC")
    s = rnd.settle()
    assert hand_bets(s, 1) == [(0, "lose", 0)]
    assert hand_bets(s, 2) == [(0, "push", 100)]


def test_a_hand_over_21_loses_even_if_the_dealer_busts_1991():
    rnd = deal("TS 6D 6H TC KD TH", bets=((1, 100),))
    rnd.hit(1)  # TS 6H TC = 26: bust
    assert rnd.dealer == parse_cards("6D")  # every box is out: the dealer draws nothing more
    s = rnd.settle()
    assert hand_bets(s) == [(0, "lose", 0)]


def test_ties_push_practice():
    rnd = deal("TS 9D 9H TC")  # 19 against 9 T = 19
    rnd.stand(1)
    assert hand_bets(rnd.settle()) == [(0, "push", 100)]


@pytest.mark.cites("macau-blackjack-2007", "art. 6(3)")
def test_boxes_act_in_order_from_the_dealers_left_art_6_3():
    rnd = deal("TS 9H 6D 7C 8C", bets=((1, 100), (2, 100)))
    with pytest.raises(RuleViolation, match=r"box 1 decides first.*art\. 6\(3\)"):
        rnd.stand(2)
    assert not rnd.can_act(2, "stand")


def test_split_aces_get_one_card_each_and_21_is_not_blackjack():
    rnd = deal("AS 7D AH KC 9C TS")
    rnd.split(1)
    hands = rnd.boxes[1].hands
    assert [h.cards for h in hands] == [parse_cards("AS KC"), parse_cards("AH 9C")]
    assert all(h.finished for h in hands) and rnd.current is None
    s = rnd.settle()  # dealer 7 T = 17
    assert hand_bets(s) == [(0, "win", 200), (1, "win", 200)]  # 21 pays 1:1, not 3:2


def test_split_aces_are_not_resplit_by_default():
    rnd = deal("AS 7D AH AC 9C TS")
    rnd.split(1)
    assert rnd.boxes[1].hands[0].finished  # A-A again, but no re-split of aces


def test_resplit_aces_option():
    rnd = deal("AS 7D AH AC 9C 8C 2D TS", r=rules(**{"rules.resplit_aces": True}))
    rnd.split(1)  # hand 1: AS AC, a pair of aces again
    assert "split" in rnd.legal_actions()
    rnd.split(1)
    assert len(rnd.boxes[1].hands) == 3


def test_resplit_up_to_the_maximum_number_of_hands():
    # 8s keep coming: split to four hands, the fourth pair may not be split again
    rnd = deal("8S 6D 8H 8D 8C 8S 8H 2C 3C 4C TS", r=rules(**{"rules.split_max_hands": 4}))
    for _ in range(3):
        rnd.split(1)
    assert len(rnd.boxes[1].hands) == 4
    assert "split" not in rnd.legal_actions()
    with pytest.raises(RuleViolation, match="at most 4 hands"):
        rnd.split(1)


@pytest.mark.cites("macau-blackjack-2007", "art. 17(1)")
def test_double_after_split_art_17_1_2():
    rnd = deal("9S 6D 9H 2C TC TS 5H")
    rnd.split(1)  # hand 1: 9S 2C = 11
    assert "double" in rnd.legal_actions()
    rnd.double(1)
    assert rnd.boxes[1].hands[0].cards == parse_cards("9S 2C TC")
    r = rules(**{"rules.double": "any_two"})
    rnd = deal("9S 6D 9H 2C TC TS 5H", r=r)
    rnd.split(1)
    with pytest.raises(RuleViolation, match=r"art\. 17\(1\)"):
        rnd.double(1)


@pytest.mark.cites("macau-blackjack-2007", "art. 17(1)")
def test_double_on_eleven_only_art_17_1_3():
    r = rules(**{"rules.double": "eleven_only"})
    rnd = deal("5S 6D 5H TC 9C", r=r)  # 10
    with pytest.raises(RuleViolation, match=r"only on a total of 11.*17\(1\)\(3\)"):
        rnd.double(1)
    rnd = deal("5S 6D 6H TC 9C 5H", r=r)  # 11
    rnd.double(1)


@pytest.mark.cites("macau-blackjack-2007", "art. 17(2)")
def test_a_doubled_hand_gets_exactly_one_card_art_17_2():
    rnd = deal("5S 6D 6H 2C TC TS")
    rnd.double(1)
    hand = rnd.boxes[1].hands[0]
    assert len(hand.cards) == 3 and hand.finished and rnd.current is None


@pytest.mark.cites("macau-blackjack-2007", "art. 17(3)")
@pytest.mark.parametrize(
    ("mode", "payout"), [("any_two", 100), ("any_two_and_after_split", 100), ("eleven_only", 0)]
)
def test_dealer_blackjack_after_a_double_art_17_3(mode, payout):
    # box 5 6 = 11 doubles on a dealer ten; the dealer's second card is an ace
    rnd = deal("5S TD 6H 9C AC", r=rules(**{"rules.double": mode}))
    rnd.double(1)
    s = rnd.settle()
    [(_, outcome, paid)] = hand_bets(s)
    assert outcome == "lose" and paid == payout  # only the initial bet lost under modes (1)-(2)
    if payout:
        assert "art. 17(3)" in s.bets[0].reason


@pytest.mark.cites("macau-blackjack-2007", "art. 16(6)")
def test_dealer_blackjack_after_a_split_loses_only_the_initial_bet_art_16_6():
    rnd = deal("8S TD 8H 3C 9C AC")
    rnd.split(1)
    rnd.stand(1)
    rnd.stand(1)
    s = rnd.settle()
    assert rnd.dealer == parse_cards("TD AC")
    assert hand_bets(s) == [(0, "lose", 0), (1, "push", 100)]
    assert "art. 16(6)" in s.bets[1].reason
    r = rules(**{"rules.split_loses_initial_only": False})
    rnd = deal("8S TD 8H 3C 9C AC", r=r)
    rnd.split(1)
    rnd.stand(1)
    rnd.stand(1)
    assert hand_bets(rnd.settle()) == [(0, "lose", 0), (1, "lose", 0)]


@pytest.mark.cites("macau-blackjack-2007", "art. 16(6)")
@pytest.mark.parametrize(
    ("cards", "busts"),
    [
        ("8S TD 8H 9C 5D KS AC", 1),  # hand 0 8-9 stands; hand 1 8-5 hits a K: bust
        ("8S TD 8H 5D KS 9C AC", 0),  # hand 0 8-5 hits a K: bust; hand 1 8-9 stands
    ],
)
def test_a_split_loses_its_initial_bet_once_whichever_hand_busts_art_16_6(cards, busts):
    """Despacho 42/2007, art. 16(6): "Quando a banca fizer «black jack», o jogador que tenha
    separado as cartas ... apenas perde a sua aposta inicial" (on a dealer blackjack the player
    who split loses only the initial bet). The loss is the initial bet, 100, whichever of the
    two hands busted (issue 17, item 11: a busted second hand lost 200, a busted first 100)."""
    rnd = deal(cards)
    rnd.split(1)
    while rnd.phase is BjPhase.PLAYING:  # each hand hits below 17, then stands
        current = next(h for h in rnd.boxes[1].hands if not h.finished)
        if total(current.cards)[0] < 17:
            rnd.hit(1)
        else:
            rnd.stand(1)
    assert rnd.boxes[1].hands[busts].busted
    s = rnd.settle()
    assert rnd.dealer == parse_cards("TD AC")
    bets = hand_bets(s)
    assert 2 * 100 - sum(paid for _, _, paid in bets) == 100  # the initial bet, once
    assert bets == [(0, "lose", 0), (1, "push", 100)]
    assert all("art. 16(6)" in b.reason for b in s.bets if b.kind == "hand")


def test_insurance_pays_2_to_1_on_a_dealer_blackjack_1991():
    rnd = deal("TS AD 9H KC")
    assert rnd.phase is BjPhase.INSURANCE
    with pytest.raises(RuleViolation, match="more than half"):
        rnd.insure("p1", 1, 60)
    rnd.insure("p1", 1, 50)
    rnd.close_insurance()
    rnd.stand(1)
    s = rnd.settle()
    [ins] = [b for b in s.bets if b.kind == "insurance"]
    assert (ins.outcome, ins.payout) == ("win", 150)
    assert hand_bets(s) == [(0, "lose", 0)]
    assert s.conserved and s.house_result == 150 - 150


def test_insurance_lost_without_a_dealer_blackjack():
    rnd = deal("TS AD 9H 7C")
    rnd.insure("p1", 1, 50)
    rnd.close_insurance()
    rnd.stand(1)
    s = rnd.settle()  # dealer A 7 = soft 18; H17 does not apply: stands
    [ins] = [b for b in s.bets if b.kind == "insurance"]
    assert ins.outcome == "lose" and hand_bets(s) == [(0, "win", 200)]


def test_insurance_only_against_an_ace_1991():
    rnd = deal("TS 9D 9H 7C")
    with pytest.raises(RuleViolation, match="insurance"):
        rnd.insure("p1", 1, 50)


@pytest.mark.parametrize("up", ["AD", "TD"])
def test_even_money_on_a_blackjack_against_an_ace_or_a_ten_1991(up):
    rnd = deal(f"AS {up} KH TC")  # the dealer then makes blackjack too
    rnd.even_money("p1", 1)
    rnd.close_insurance()
    s = rnd.settle()
    assert hand_bets(s) == [(0, "win", 200)] and "even money" in s.bets[0].reason


def test_surrender_refused_against_an_ace_and_gives_half_otherwise_1991():
    rnd = deal("TS AD 6H 7C")
    rnd.close_insurance()
    assert "surrender" not in rnd.legal_actions()
    with pytest.raises(RuleViolation, match="against a dealer's ace"):
        rnd.surrender(1)
    rnd = deal("TS TD 6H AC")
    rnd.surrender(1)
    s = rnd.settle()
    assert hand_bets(s) == [(0, "surrender", 50)]  # half back, even against a dealer blackjack


@pytest.mark.cites("macau-blackjack-2007", "art. 21(2)")
def test_surrender_switched_off_art_21_2():
    rnd = deal("TS TD 6H 7C", r=rules(**{"rules.surrender": False}))
    with pytest.raises(RuleViolation, match=r"21\(2\)"):
        rnd.surrender(1)


@pytest.mark.cites("macau-blackjack-2007", "art. 13(1)")
def test_any_pair_pays_and_pays_again_for_pairs_formed_after_a_split_art_13_1():
    rnd = deal("8S 6D 8H 8D 3C 2C TC TS", pairs=((1, 10),))
    rnd.split(1)  # hand 1: 8S 8D: a new pair
    rnd.stand(1)
    rnd.stand(1)  # hand 2: 8H 3C
    s = rnd.settle()
    [side] = [b for b in s.bets if b.kind == "any_pair"]
    assert side.payout == 10 + 10 * 11 * 2
    rnd = deal("8S 6D 9H TC 5C", pairs=((1, 10),))
    rnd.stand(1)
    [side] = [b for b in rnd.settle().bets if b.kind == "any_pair"]
    assert side.outcome == "lose"


@pytest.mark.cites("macau-blackjack-2007", "art. 13(1)")
def test_jack_and_queen_are_no_pair_art_13_1_1():
    rnd = deal("JS 6D QH TC 5C", pairs=((1, 10),))
    rnd.stand(1)
    assert [b.outcome for b in rnd.settle().bets if b.kind == "any_pair"] == ["lose"]


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_erroneous_dealer_card_is_void_or_stands_unseen_art_6_1():
    rnd = deal("TS 9D 9H 8C 5C")
    rnd.stand(1)  # dealer 9 8 = 17 stands
    rnd.dealer_error(shown=True)
    assert rnd.voided_cards == parse_cards("5C") and rnd.dealer == parse_cards("9D 8C")
    assert hand_bets(rnd.settle()) == [(0, "win", 200)]
    rnd = deal("TS 9D 9H 8C 5C")
    rnd.stand(1)
    rnd.dealer_error(shown=False)
    assert rnd.returned_cards == parse_cards("5C")


def test_back_bets_follow_the_owners_double_art_20():
    r = rules()
    rnd = BlackjackRound(r, StackedCards(parse_cards("5S 6D 6H 9C TC 8D")))
    rnd.place_bet("owner", "bet", 100, box=1)
    rnd.place_bet("backer", "bet", 200, box=1)
    rnd.deal()
    rnd.double(1)
    s = rnd.settle()  # 5 6 9 = 20 against 6 T 8 = 24
    assert {(b.bettor, b.stake, b.payout) for b in s.bets} == {
        ("owner", 200, 400),
        ("backer", 400, 800),
    }
    r = rules(**{"table.back_betting": False})
    rnd = BlackjackRound(r, StackedCards([]))
    rnd.place_bet("owner", "bet", 100, box=1)
    with pytest.raises(RuleViolation, match=r"art\. 20"):
        rnd.place_bet("backer", "bet", 100, box=1)


def test_bet_limits_and_refusals_change_nothing():
    rnd = BlackjackRound(rules(**{"table.maximum_bet": 1000}), StackedCards([]))
    for args, text in [
        ((1, "bet", 50), "below the minimum"),
        ((1, "bet", 2000), "above"),
        ((9, "bet", 100), "not a box"),
        ((1, "tip", 100), "art. 13"),
    ]:
        with pytest.raises(RuleViolation, match=text):
            box, kind, amount = args
            rnd.place_bet("p", kind, amount, box=box)
    assert rnd.boxes == {} and rnd.log == []
    rnd.place_bet("p", "bet", 100, box=1)
    # an any-pair bet on a box without a hand is refused when placed (art. 13(1)), so it can
    # no longer hold up the deal of every other box
    with pytest.raises(RuleViolation, match=r"art\. 13\(1\)"):
        rnd.place_bet("p", "any_pair", 10, box=2)
    assert [(b.kind, b.box) for b in rnd.bets] == [("bet", 1)]


@pytest.mark.cites("macau-blackjack-2007", "art. 13", "art. 13(1)")
def test_the_last_bet_on_a_box_stays_while_another_players_any_pair_bet_needs_its_hand():
    """Art. 13(1): any pair "de uma ou mais mãos de qualquer jogador" (on the hands of any
    player): bo may bet any pair on ana's box. Were ana's bet withdrawn, bo's bet would stand on
    a box with no hand and no card could be dealt to anyone: the withdrawal is refused, and
    changes nothing; with a second bet on the box it is allowed, the box then played by the
    bettor left."""
    rnd = BlackjackRound(rules(), StackedCards(parse_cards("TS 9H 6D 7C 8C")))
    rnd.place_bet("ana", "bet", 200, box=1)
    rnd.place_bet("bo", "any_pair", 10, box=1)
    with pytest.raises(RuleViolation) as refused:
        rnd.withdraw_bet("ana", "bet", box=1)
    assert refused.value.field == "bet" and "13(1)" in str(refused.value)
    assert "another player's any-pair bet" in str(refused.value)  # says whose bet holds it
    assert sorted((b.bettor, b.kind, b.amount) for b in rnd.bets) == [
        ("ana", "bet", 200), ("bo", "any_pair", 10)
    ]  # fmt: skip
    assert rnd.can_deal()
    rnd.place_bet("cy", "bet", 100, box=1)  # a second bettor on the box
    rnd.withdraw_bet("ana", "bet", box=1)
    assert rnd.boxes[1].owner == "cy" and rnd.can_deal()


def test_replay_gives_the_same_events():
    cards = parse_cards("8S 6D 8H 8D 3C 2C TC TS")
    rnd = BlackjackRound(rules(), StackedCards(cards))
    rnd.place_bet("p1", "bet", 100, box=1)
    rnd.place_bet("p1", "any_pair", 10, box=1)
    rnd.deal()
    rnd.split(1)
    rnd.stand(1)
    rnd.hit(1)
    rnd.stand(1)
    rnd.settle()
    again = replay(rules(), StackedCards(cards), rnd.log)
    assert again.log == rnd.log and again.settlement == rnd.settlement


# --- properties ------------------------------------------------------------------------------


@pytest.mark.cites("macau-blackjack-2007", "art. 17(2)")
@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.integers(0, 51), min_size=40, max_size=40),
    boxes=st.integers(1, 4),
    choices=st.lists(st.sampled_from(ACTIONS), min_size=30, max_size=30),
    insure=st.booleans(),
    mode=st.sampled_from(["any_two", "any_two_and_after_split", "eleven_only"]),
)
def test_money_is_conserved_and_hands_stop_at_21_and_after_a_double(
    cards, boxes, choices, insure, mode
):
    r = rules(**{"rules.double": mode})
    rnd = BlackjackRound(r, StackedCards(cards))
    for box in range(1, boxes + 1):
        rnd.place_bet(f"p{box}", "bet", 100 * box, box=box)
        rnd.place_bet(f"p{box}", "any_pair", 10, box=box)
    try:
        rnd.deal()
        if rnd.phase is BjPhase.INSURANCE:
            if insure and r.insurance and total([rnd.dealer[0]])[0] == 11:
                rnd.insure("p1", 1, 50)
            rnd.close_insurance()
        queue = list(choices)
        while rnd.current is not None:
            hand = rnd.current_hand()
            assert hand.total < 21 and not hand.doubled  # never acts after 21 or a double
            legal = rnd.legal_actions()
            action = queue.pop(0) if queue else "stand"
            rnd.act(rnd.current[0], action if action in legal else "stand")
        s = rnd.settle()
    except CardsExhausted:
        return
    assert s.stakes == s.payouts + s.house_result
    assert all(b.payout >= 0 for b in s.bets)
    for box in rnd.boxes.values():
        for hand in box.hands:
            if hand.doubled:  # exactly one card after a double (art. 17(2))
                assert hand.actions[-1] == "double" and len(hand.cards) == 3


@pytest.mark.cites("macau-blackjack-2007", "art. 13", "art. 13(1)")
def test_a_bet_is_withdrawn_only_before_the_deal_and_an_any_pair_needs_its_hand():
    rnd = BlackjackRound(rules(), StackedCards(parse_cards("TS 9H 6D 7C 8C")))
    rnd.place_bet("ana", "bet", 200, box=1)
    rnd.place_bet("ana", "any_pair", 10, box=1)
    with pytest.raises(RuleViolation, match="any-pair bet first"):
        rnd.withdraw_bet("ana", "bet", box=1)
    rnd.withdraw_bet("ana", "any_pair", box=1)
    rnd.withdraw_bet("ana", "bet", box=1)
    assert rnd.boxes == {}  # an empty box is no box: nothing is dealt to it
    with pytest.raises(RuleViolation) as refused:
        rnd.withdraw_bet("ana", "bet", box=1)
    assert refused.value.field == "bet"
    rnd.place_bet("bruno", "bet", 100, box=2)
    rnd.deal()
    with pytest.raises(RuleViolation) as late:
        rnd.withdraw_bet("bruno", "bet", box=2)
    assert late.value.field == "phase"
    assert replay(rules(), StackedCards(parse_cards("TS 9H 6D 7C 8C")), rnd.log).log == rnd.log


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_void_round_returns_every_stake_doubles_and_splits_included_pt_rule_29():
    """Rule 29: a round interrupted by a fault "é nula e o valor das apostas realizadas é
    devolvido aos jogadores" (is void, the stakes returned): every stake, once."""
    # box 1 holds 5 6 and doubles; box 2 splits 8 8 and the fault comes on its second hand
    rnd = deal("5H 8S 6D 6C 8C 3H 2D 4S", bets=((1, 100), (2, 300)), pairs=((2, 10),))
    rnd.act(1, "double")
    rnd.act(2, "split")
    rnd.act(2, "stand")
    assert rnd.current == (2, 1)
    s = rnd.void("shuffler fault")
    assert s.void and s.conserved and s.house_result == 0
    returned = sorted((b.bettor, b.kind, b.hand, b.stake, b.payout) for b in s.bets)
    assert returned == [
        ("p1", "hand", 0, 200, 200),
        ("p2", "any_pair", None, 10, 10),
        ("p2", "hand", 0, 300, 300),
        ("p2", "hand", 1, 300, 300),
    ]
    assert all(b.outcome == "void" and "rule 29" in b.reason for b in s.bets)
    with pytest.raises(RuleViolation) as again:
        rnd.void()  # a void round is not voided twice: its stakes went back once
    assert again.value.field == "phase" and rnd.settlement == s
