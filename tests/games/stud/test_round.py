"""Macau stud rounds from stacked decks: dealing (art. 7), decisions (art. 6), qualification
and payouts (art. 9), and the limits on bets."""

import pytest

from croupier.cards import parse_cards
from croupier.errors import RuleViolation
from croupier.games.stud.round import StudPhase, StudRound, replay
from croupier.shoe import StackedCards
from tests.games.stud.conftest import of, stud_rules
from tests.games.stud.stacks import stud_deck

DEALER_AK = "AS KD 7C 5H 3D"  # qualifies with ace-king (art. 9(1))


def play(hands, dealer, decisions, *, rules=None, ante=100, jackpot=(), dealing="shoe", **kw):
    rules = rules or stud_rules(**({"shoe.dealing": dealing} if dealing != "shoe" else {}))
    rnd = StudRound(rules, stud_deck(hands, dealer, dealing), **kw)
    for seat in range(1, len(hands) + 1):
        rnd.place_bet(f"p{seat}", "ante", ante, box=seat)
        if seat in jackpot:
            rnd.place_bet(f"p{seat}", "jackpot", 100, box=seat)
    rnd.deal()
    for seat, decision in zip(range(1, len(hands) + 1), decisions, strict=True):
        rnd.decide_seat(seat, decision)
    s = rnd.settle()
    assert s.conserved
    return rnd, s


@pytest.mark.cites("macau-stud-2004", "art. 3", "art. 3(1)", "art. 7", "art. 7(1)")
def test_cards_are_dealt_one_at_a_time_dealer_last_art_7_1():
    hands = ["2S 3S 4S 5S 7H", "2H 3H 4H 5H 7D"]
    rnd, _ = play(hands, DEALER_AK, ["fold", "fold"])
    assert rnd.hand_cards(1) == tuple(parse_cards(hands[0]))
    assert rnd.hand_cards(2) == tuple(parse_cards(hands[1]))
    assert rnd.dealer == parse_cards(DEALER_AK)
    dealt = [e for e in rnd.log[2].events if e.kind == "card_dealt"]
    assert [e.data["seat"] for e in dealt[:3]] == [1, 2, 0]
    assert [e.data["face_up"] for e in dealt if e.data["seat"] == 0] == [False] * 4 + [True]
    for seat in (1, 2, 0):  # each card's place in its hand, first to fifth
        assert [e.data["index"] for e in dealt if e.data["seat"] == seat] == [0, 1, 2, 3, 4]


@pytest.mark.cites("macau-stud-2004", "art. 3", "art. 3(2)", "art. 7", "art. 7(2)")
def test_five_at_a_time_from_a_shuffler_art_7_2():
    hands = ["2S 3S 4S 5S 7H", "2H 3H 4H 5H 7D"]
    rnd, _ = play(hands, DEALER_AK, ["fold", "fold"], dealing="shuffler")
    assert rnd.hand_cards(2) == tuple(parse_cards(hands[1]))
    dealt = [e.data["seat"] for e in rnd.log[2].events if e.kind == "card_dealt"]
    assert dealt == [1] * 5 + [2] * 5 + [0] * 5


@pytest.mark.cites("macau-stud-2004", "art. 7", "art. 7(1)")
def test_players_see_only_their_cards_and_the_dealers_up_card():
    """Art. 7(1): the cards are dealt "com a face voltada para baixo ... A última carta do
    «croupier» será distribuída com a face voltada para cima" (face down; the dealer's last
    card face up): online a seat sees its own cards and the dealer's face-up card only
    (docs/choices.md T14)."""
    rules = stud_rules()
    rnd = StudRound(rules, stud_deck(["2S 3S 4S 5S 7H"], DEALER_AK))
    rnd.place_bet("p1", "ante", 100, box=1)
    rnd.deal()
    assert rnd.view(1) == {
        "seat": 1,
        "cards": ["2S", "3S", "4S", "5S", "7H"],
        "category": "high_card",
        "dealer_up": ["3D"],
    }
    assert rnd.private_view("p1") == rnd.view(1)  # the table asks by the player's name


@pytest.mark.cites("macau-stud-2004", "art. 8")
@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("9S 9H 5C 5D 2S", "two_pairs"),
        ("2S 3S 4S 5S 6S", "straight_flush"),
        ("AS AH AC KD KH", "full_house"),
    ],
)
def test_a_seat_is_told_its_hands_category_while_deciding_art_8(hand, category):
    """Art. 8 orders the hands by category: «Dois pares» («two pairs»), «Sequência de naipe»
    («straight flush»), «Trio-par» («full house»)... Issue 18: the table names the category of
    the hand a player decides on, as a dealer would, so they need not work it out."""
    rnd = StudRound(stud_rules(), stud_deck([hand], DEALER_AK))
    rnd.place_bet("p1", "ante", 100, box=1)
    assert rnd.view(1)["category"] is None  # no cards yet
    rnd.deal()
    assert rnd.view(1)["category"] == category


@pytest.mark.cites("macau-stud-2004", "art. 9(2)")
def test_dealer_not_qualifying_pays_ante_and_returns_raise_art_9_2():
    _, s = play(["2S 2H 5C 7D 9S"], "KS QD 7C 5H 3D", ["raise"])
    assert s.dealer_qualifies is False
    assert (of(s, "ante").payout, of(s, "raise").payout) == (200, 200)
    assert of(s, "raise").outcome == "push" and "art. 9(2)" in of(s, "ante").reason


@pytest.mark.cites("macau-stud-2004", "art. 9(1)", "art. 9(4)")
@pytest.mark.parametrize("dealer", ["AS KD 7C 5H 3D", "2D 2C 5H 7S 9D", "AD AC KH 7S 9D"])
def test_dealer_qualifies_with_ace_king_or_better_art_9_1(dealer):
    _, s = play(["3S 4H 6C 8D TS"], dealer, ["raise"])
    assert s.dealer_qualifies is True
    assert of(s, "ante").payout == 0 and of(s, "raise").payout == 0  # dealer wins, art. 9(4)
    assert "art. 9(4)" in of(s, "raise").reason


PAYTABLE = [
    ("AH KS 8D 4C 2S", "high_card", 1),
    ("2S 2H 5C 7D 9S", "one_pair", 1),
    ("2C 2D 5S 5D 9H", "two_pairs", 2),
    ("3S 3H 3C 8D 9C", "three_of_a_kind", 3),
    ("4S 5S 6H 7D 8C", "straight", 4),
    ("2H 6H 8H TH QH", "flush", 5),
    ("4H 4D 4C 9D 9H", "full_house", 7),
    ("JS JH JC JD 2D", "four_of_a_kind", 20),
    ("9C TC JC QC KC", "straight_flush", 50),
    ("TH JH QH KH AH", "royal_flush", 100),
]


@pytest.mark.cites("macau-stud-2004", "art. 9(5)")
@pytest.mark.parametrize(("hand", "category", "pays"), PAYTABLE)
def test_raise_paytable_art_9_5(hand, category, pays):
    _, s = play([hand], DEALER_AK, ["raise"])
    [result] = s.hands
    assert result.category == category and result.beats_dealer
    assert of(s, "ante").payout == 200  # ante 1:1
    assert of(s, "raise").payout == 200 + 200 * pays
    assert "art. 9(5)" in of(s, "raise").reason


@pytest.mark.cites("macau-stud-2004", "art. 9(5)")
@pytest.mark.parametrize("royal", [50, 75, 100])
def test_royal_flush_payout_option_art_9_5_9(royal):
    rules = stud_rules(**{"paytable.royal_flush": royal})
    _, s = play(["TH JH QH KH AH"], DEALER_AK, ["raise"], rules=rules)
    assert of(s, "raise").payout == 200 + 200 * royal


def test_maximum_payout_per_game_caps_four_of_a_kind_and_better():
    rules = stud_rules(**{"table.max_payout_per_game": 3000})
    _, s = play(["JS JH JC JD 2D"], DEALER_AK, ["raise"], rules=rules)
    assert of(s, "raise").payout == 200 + 3000 and "capped" in of(s, "raise").reason
    _, s = play(["4H 4D 4C 9D 9H"], DEALER_AK, ["raise"], rules=rules)  # full house: no cap
    assert of(s, "raise").payout == 200 + 1400


@pytest.mark.cites("macau-stud-2004", "art. 8")
def test_suits_decide_equal_hands_no_push_art_8():
    # dealer A-K-7-5-3 against player A-K-7-5-3 of other suits: the highest card's suit decides
    _, s = play(["AH KC 7D 5S 3C"], "AS KD 7C 5H 3D", ["raise"])
    assert of(s, "ante").outcome == "lose"  # dealer's ace of spades beats the ace of hearts
    _, s = play(["AS KC 7D 5S 3C"], "AH KD 7C 5H 3D", ["raise"])
    assert of(s, "ante").outcome == "win"


@pytest.mark.cites("macau-stud-2004", "art. 6(7)")
def test_fold_loses_the_ante_art_6_7():
    _, s = play(["2S 2H 5C 7D 9S"], DEALER_AK, ["fold"])
    assert of(s, "ante").payout == 0 and not [b for b in s.bets if b.kind == "raise"]
    assert "art. 6(7)" in of(s, "ante").reason


@pytest.mark.cites("macau-stud-2004", "art. 6(6)")
def test_raise_is_exactly_twice_the_ante_art_6_6():
    _, s = play(["2S 2H 5C 7D 9S"], DEALER_AK, ["raise"], ante=300)
    assert of(s, "raise").stake == 600


def test_decisions_once_each_and_all_before_settlement():
    rules = stud_rules()
    rnd = StudRound(rules, stud_deck(["2S 2H 5C 7D 9S", "3S 3H 6C 8D TS"], DEALER_AK))
    rnd.place_bet("a", "ante", 100, box=1)
    rnd.place_bet("b", "ante", 100, box=2)
    with pytest.raises(RuleViolation, match="no decision now"):
        rnd.decide_seat(1, "raise")
    rnd.deal()
    rnd.decide_seat(1, "raise")
    with pytest.raises(RuleViolation, match="already chosen"):
        rnd.decide_seat(1, "fold")
    with pytest.raises(RuleViolation, match=r"seats \[2\] have not"):
        rnd.settle()
    with pytest.raises(RuleViolation, match="raise or fold"):
        rnd.decide_seat(2, "check")
    assert not rnd.can_settle()


def refused(rnd, args, field, text):
    before = (rnd.bets, list(rnd.log))
    with pytest.raises(RuleViolation) as info:
        player, seat, kind, amount = args
        rnd.place_bet(player, kind, amount, box=seat)
    assert info.value.field == field and text in str(info.value)
    assert (rnd.bets, rnd.log) == before


@pytest.mark.cites("macau-stud-2004", "art. 6(1)")
def test_bet_refusals_name_the_rule_and_change_nothing():
    rnd = StudRound(stud_rules(), StackedCards([]))
    refused(rnd, ("a", 8, "ante", 100), "seat", "art. 2(1)")
    refused(rnd, ("a", 1, "ante", 50), "amount", "below the minimum")
    refused(rnd, ("a", 1, "ante", 100001), "amount", "above the maximum")
    refused(rnd, ("a", 1, "ante", -5), "amount", "positive whole number")
    refused(rnd, ("a", 1, "raise", 200), "bet", "art. 5")
    refused(rnd, ("a", 1, "jackpot", 100), "bet", "art. 10(1)")  # no ante on the hand yet
    rnd.place_bet("a", "ante", 100, box=1)
    refused(rnd, ("a", 1, "jackpot", 200), "amount", "art. 10(1)")  # the ticket is 100
    refused(rnd, ("b", 1, "ante", 100), "seat", "art. 6(1)")


@pytest.mark.cites("macau-stud-2004", "art. 6(3)", "art. 10(1)")
def test_jackpot_bet_needs_an_ante_and_comes_before_the_first_card():
    rnd = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S"], DEALER_AK))
    with pytest.raises(RuleViolation, match=r"art\. 10\(1\)"):
        rnd.place_bet("a", "jackpot", 100, box=1)
    rnd.place_bet("a", "ante", 100, box=1)
    rnd.place_bet("a", "jackpot", 100, box=1)
    with pytest.raises(RuleViolation, match=r"art\. 10\(1\)"):
        rnd.withdraw_bet("a", "ante", box=1)  # not from under the jackpot bet
    rnd.deal()
    refused(rnd, ("a", 1, "jackpot", 100), "phase", "art. 6(3)")


def test_replay_gives_the_same_events():
    rules = stud_rules()
    deck = stud_deck(["2S 2H 5C 7D 9S", "TH JH QH KH AH"], DEALER_AK)
    rnd = StudRound(rules, deck)
    rnd.place_bet("a", "ante", 100, box=1)
    rnd.place_bet("b", "ante", 200, box=2)
    rnd.place_bet("b", "jackpot", 100, box=2)
    rnd.deal()
    rnd.fold(1)
    rnd.raise_bet(2)
    rnd.settle()
    again = replay(rules, StackedCards(deck.cards), rnd.log)
    assert again.log == rnd.log and again.settlement == rnd.settlement
    assert again.phase is StudPhase.SETTLED
