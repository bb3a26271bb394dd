"""Macau stud (DRE 61/2004) paragraphs the other tests did not quote, each tested from its own
words (issue 17: the compliance matrix listed them as gaps)."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.errors import RulesetError, RuleViolation
from croupier.games.registry import table_information
from croupier.games.stud.evaluator import rank5
from croupier.games.stud.hands import evaluate_reference
from croupier.games.stud.round import StudRound
from croupier.rulesets import load_ruleset
from tests.games.stud.conftest import of, stud_rules
from tests.games.stud.stacks import stud_deck

DEALER_AK = "AS KD 7C 5H 3D"


@pytest.mark.cites("macau-stud-2004", "art. 3(1)", "art. 7(1)", "art. 3(2)", "art. 7(2)")
def test_shuffled_by_hand_for_a_shoe_or_by_a_machine_art_3_1_and_3_2():
    """Art. 3(1): "Ou, o «croupier» baralha manualmente as cartas ..." (shuffled by hand, then
    dealt from a shoe, one card at a time: art. 7(1)); art. 3(2): "Ou, utiliza o baralhador
    das cartas" (a shuffling machine, five cards at a time: art. 7(2)). Both are the ruleset's
    shoe.dealing, and anything else is refused."""
    assert load_ruleset("macau-stud-2004").stud().dealing == "shoe"
    assert load_ruleset("macau-stud-2004", {"shoe.dealing": "shuffler"}).stud().dealing == (
        "shuffler"
    )
    with pytest.raises(RulesetError, match=r"shoe\.dealing"):
        load_ruleset("macau-stud-2004", {"shoe.dealing": "dealt by a robot"})


@pytest.mark.cites("macau-stud-2004", "art. 4(1)", "art. 4")
@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("2S 6S 8S TS QS", "2H 6H 8H TH QH"),  # spades over hearts
        ("2H 6H 8H TH QH", "2C 6C 8C TC QC"),  # hearts over clubs
        ("2C 6C 8C TC QC", "2D 6D 8D TD QD"),  # clubs over diamonds
    ],
)
def test_suits_rank_spades_hearts_clubs_diamonds_art_4_1(higher, lower):
    """Art. 4: "As cartas são valoradas por ordem decrescente ... 1) Nos naipes: espadas,
    copas, paus e ouros" (in decreasing order: spades, hearts, clubs, diamonds). Both
    evaluators, the table-driven one the round uses and the reference written from art. 8."""
    high, low = parse_cards(higher), parse_cards(lower)
    assert rank5(high) > rank5(low)
    assert evaluate_reference(high) > evaluate_reference(low)


@pytest.mark.cites("macau-stud-2004", "art. 4(2)")
def test_ranks_ace_high_down_to_two_art_4_2():
    """Art. 4(2): "No valor facial de cada carta: Ás, Rei (K), Dama (Q), Valete (J), 10, 9, 8,
    7, 6, 5, 4, 3 e 2" (ace highest, then king ... down to two)."""
    order = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3"]
    hands = [f"{r}S 2H 4D 6C 8H" if r not in "2468" else None for r in order]
    ranked = [rank5(parse_cards(h)) for h in hands if h is not None]
    assert ranked == sorted(ranked, reverse=True) and len(set(ranked)) == len(ranked)
    reference = [evaluate_reference(parse_cards(h)) for h in hands if h is not None]
    assert reference == sorted(reference, reverse=True) and len(set(reference)) == len(reference)
    # the highest card first: an ace with low cards beats a king with every other card high
    for evaluate in (rank5, evaluate_reference):
        assert evaluate(parse_cards("AS 3H 4D 5C 7H")) > evaluate(parse_cards("KS QH JD 9C 8H"))


@pytest.mark.cites("macau-stud-2004", "art. 4(3)")
def test_the_wheel_is_the_lowest_straight_art_4_3():
    """Art. 4(3): "Um Ás formando uma «sequência» com um 5, 4, 3 e 2 é considerado o valor mais
    baixo" (an ace in a straight with 5, 4, 3, 2 is the lowest)."""
    for evaluate in (rank5, evaluate_reference):  # both evaluators (the reference: art. 8)
        wheel = evaluate(parse_cards("AS 2H 3D 4C 5S"))
        six_high = evaluate(parse_cards("2D 3C 4H 5D 6C"))
        broadway = evaluate(parse_cards("TD JC QH KD AC"))
        ace_high = evaluate(parse_cards("AS KH 9D 4C 2S"))  # no straight: A, K, 9, 4, 2
        near_wheel = evaluate(parse_cards("AS 2H 3D 4C 6S"))  # A-2-3-4-6: no straight
        assert near_wheel < ace_high < wheel < six_high < broadway


@pytest.mark.cites("macau-stud-2004", "art. 5", "art. 6(5)", "art. 5(1)", "art. 5(2)", "art. 5(3)")
def test_the_three_bets_ante_jackpot_and_additional_art_5():
    """Art. 5: "O jogador pode seleccionar as seguintes oportunidades de apostas: 1) Aposta
    inicial («ante bet»); 2) Aposta no «jackpot progressivo»; 3) Aposta adicional" (the ante,
    the jackpot bet, and the additional bet, which art. 6(5)-(6) makes the raise after the
    deal). Art. 5(1), 5(2), 5(3)."""
    rnd = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S"], DEALER_AK), jackpot_pool=100000)
    rnd.place_bet("p1", "ante", 100, box=1)  # art. 5(1)
    rnd.place_bet("p1", "jackpot", 100, box=1)  # art. 5(2)
    with pytest.raises(RuleViolation):
        rnd.place_bet("p1", "raise", 200, box=1)  # art. 5(3): a decision after the deal only
    rnd.deal()
    rnd.decide_seat(1, "raise")  # art. 5(3)
    s = rnd.settle()
    assert {b.kind for b in s.bets} == {"ante", "jackpot", "raise"}


@pytest.mark.cites("macau-stud-2004", "art. 6(2)")
def test_every_hand_starts_with_an_ante_art_6_2():
    """Art. 6(2): "No início de cada «mão», cada jogador tem de efectuar uma aposta inicial"
    (each hand starts with an ante): a jackpot bet alone deals no hand."""
    rnd = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S"], DEALER_AK), jackpot_pool=100000)
    with pytest.raises(RuleViolation, match=r"art\. 10\(1\)"):  # the ante first
        rnd.place_bet("p1", "jackpot", 100, box=1)
    with pytest.raises(RuleViolation, match=r"art\. 6\(2\)"):  # no ante, no deal
        rnd.deal()
    assert rnd.hand_cards(1) == () and rnd.bets == ()


@pytest.mark.cites("macau-stud-2004", "art. 11(1)", "art. 10(1)")
def test_a_carried_jackpot_bet_waits_for_its_ante_and_the_others_are_dealt_art_11_1():
    """Art. 11(1): after a void round "as apostas realizadas no «jackpot progressivo» são
    transferidas automaticamente para a jogada seguinte" (the jackpot bets are carried to the
    next round). Its player may not ante: the round deals the other hands, and the jackpot bet,
    whose hand has no ante (art. 10(1)), is carried again, its stake untouched."""
    from croupier.games.protocol import Bet

    carried = [Bet("p2", "jackpot", 100, True, 2)]
    rnd = StudRound(
        stud_rules(), stud_deck(["2S 2H 5C 7D 9S"], DEALER_AK), jackpot_pool=100000, carried=carried
    )
    rnd.place_bet("p1", "ante", 100, box=1)
    rnd.deal()  # a jackpot bet without its ante does not hold up the table
    rnd.decide_seat(1, "raise")
    s = rnd.settle()
    assert s.conserved
    assert [(b.bettor, b.kind, b.amount, b.box) for b in s.carry_over] == [
        ("p2", "jackpot", 100, 2)
    ]
    assert of(s, "jackpot", 2).payout == 100 and "art. 11(1)" in of(s, "jackpot", 2).reason


@pytest.mark.cites("macau-stud-2004", "art. 6(8)", "art. 9(3)", "art. 9(5)")
def test_the_round_is_decided_once_every_hand_has_decided_art_6_8_and_9_3():
    """Art. 6(8): "Terminados os procedimentos descritos nas alíneas anteriores, inicia-se a
    jogada para determinar o vencedor" (once every hand has decided, the round is decided);
    art. 9(3): a qualifying dealer "abre as «mãos» dos jogadores para determinar a jogada"
    (opens the players' hands): a raised pair of twos against ace-king loses nothing but wins
    the ante 1:1 and the raise at the paytable (one pair 1:1, art. 9(5))."""
    rnd = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S", "3S 4H 6C 8D TS"], DEALER_AK))
    rnd.place_bet("p1", "ante", 100, box=1)
    rnd.place_bet("p2", "ante", 100, box=2)
    rnd.deal()
    rnd.decide_seat(1, "raise")
    with pytest.raises(RuleViolation):
        rnd.settle()  # 6(8): seat 2 has not decided
    rnd.decide_seat(2, "fold")
    s = rnd.settle()
    assert s.dealer_qualifies is True
    assert (of(s, "ante", 1).payout, of(s, "raise", 1).payout) == (200, 400)


@pytest.mark.cites("macau-stud-2004", "art. 10(3)")
def test_the_jackpots_fixed_sums_are_announced_at_the_table_art_10_3():
    """Art. 10(3): "Os montantes fixos enunciados nas alíneas anteriores são anunciados na
    banca" (the fixed sums of 10(2) are announced at the table): the table's information
    lists every prize of the jackpot's paytable with its fixed sum."""
    rules = load_ruleset("macau-stud-2004").stud()
    info = table_information(rules)["jackpot_prizes"]
    listed = {p["combination"]: p["fixed"] for p in info["prizes"]}
    assert listed == {name: prize.fixed for name, prize in rules.jackpot.prizes.items()}
    assert set(listed) == {"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"}
    assert "10(3)" in info["article"]
