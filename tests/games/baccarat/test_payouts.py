"""Payouts and commission schemes, each from a stacked shoe (Macau art. 17-18 as amended by
Despacho 2/2009; PT 812/2015 rules 22-26)."""

import pytest

from croupier.errors import RulesetError
from croupier.games.baccarat.round import BaccaratRound
from croupier.rulesets import load_ruleset
from tests.games.baccarat.conftest import only, play, rules_of
from tests.games.baccarat.stacks import shoe, totals_shoe

PLAYER_WINS = ("9S", "KD"), ("7S", "KD")  # natural 9 against 7
BANKER_WINS_8 = ("7S", "KD"), ("8S", "KD")
TIE_7 = ("7S", "KD"), ("7H", "KC")
# Banker wins with a three-card 7: P 6 stands; B 3S KD draws (P stood, 3 < 6) 4C -> 7
DRAGON7 = ("6S", "KD"), ("3S", "KD"), "4C"
# Banker wins with 6 on two cards: P 5 draws TC -> 5; B 6 stands on a "10" (art. 9(4)(4))
BANKER_6_TWO = ("5S", "KD"), ("6S", "KD"), "TC"
# Banker wins with 6 on three cards: P 4H KD draws TC -> 4; B 2S KD draws 4C -> 6
BANKER_6_THREE = ("4H", "KD"), ("2S", "KD"), "TC", "4C"
BANKER_5 = ("4S", "KD"), ("5S", "KD"), "TC"  # P 4 draws T -> 4; B 5 stands on 10 -> 5 wins


def _bets(kinds, amount=1000):
    return [("a", k, amount) for k in kinds]


@pytest.mark.cites("macau-baccarat-2009", "art. 17(1)")
def test_player_bet_pays_1_to_1_art_17_1(macau):
    s = play(macau, shoe(*PLAYER_WINS), _bets(["player", "banker", "tie"]))
    assert (only(s, "player").outcome, only(s, "player").payout) == ("win", 2000)
    assert only(s, "player").reason == "Macau baccarat art. 11, 17(1)"
    assert only(s, "banker").payout == 0 and only(s, "tie").payout == 0
    assert s.house_result == 3000 - 2000


@pytest.mark.cites("macau-baccarat-2009", "art. 18(1)")
def test_banker_bet_pays_1_to_1_less_5_percent_art_18_1(macau):
    s = play(macau, shoe(*BANKER_WINS_8), _bets(["banker", "player"]))
    banker = only(s, "banker")
    assert (banker.payout, banker.commission) == (1950, 50)
    assert banker.reason == "Macau baccarat art. 18(1)"
    assert s.house_result == 2000 - 1950


def test_commission_rounds_in_the_players_favour(macau):
    # 5% of 1010 is 50.5 -> the house's gain is rounded down: commission 50
    s = play(macau, shoe(*BANKER_WINS_8), _bets(["banker"], 1010))
    assert only(s, "banker").commission == 50 and only(s, "banker").payout == 1010 + 960


def test_commission_rounding_house_favour_option():
    rules = rules_of("macau-2009", **{"table.rounding_unit": 1, "table.rounding": "house_favour"})
    s = play(rules, shoe(*BANKER_WINS_8), _bets(["banker"], 10010))
    assert only(s, "banker").commission == 501


@pytest.mark.cites("macau-baccarat-2004", "art. 12")
@pytest.mark.cites("macau-baccarat-2009", "art. 17(2)")
def test_tie_pays_8_to_1_and_main_bets_stay_art_12_and_17_2(macau):
    s = play(macau, shoe(*TIE_7), _bets(["tie", "player", "banker"]))
    assert only(s, "tie").payout == 9000
    assert only(s, "tie").reason == "Macau baccarat art. 12, 17(2)"
    for kind in ("player", "banker"):
        assert only(s, kind).outcome == "push" and only(s, kind).payout == 1000
        assert only(s, kind).reason == "Macau baccarat art. 12"
    assert {(b.kind, b.amount) for b in s.carry_over} == {("player", 1000), ("banker", 1000)}


@pytest.mark.cites("pt-812-2015", "rule 23", "rule 25")
def test_portuguese_tie_returns_main_bets_rule_23():
    """Rule 23: on equal scores the Player and Banker bets "não perdem nem ganham"; rule 25(b):
    the tie is paid "oito vezes o valor da aposta" (eight times the stake, the stake kept)."""
    rules = rules_of("pt-ponto-banca-2015")
    s = play(rules, shoe(*TIE_7), [("a", "player", 500), ("a", "tie", 100)])
    assert only(s, "player").outcome == "push" and only(s, "player").payout == 500
    assert only(s, "player").reason == "PT 812/2015 rule 23"
    assert only(s, "tie").payout == 900
    assert s.carry_over == ()


@pytest.mark.parametrize(("cards", "pays"), [(PLAYER_WINS, False), (BANKER_WINS_8, False)])
def test_pairs_lose_without_a_pair(macau, cards, pays):
    s = play(macau, shoe(*cards), _bets(["player_pair", "banker_pair"], 100))
    assert only(s, "player_pair").payout == 0 and only(s, "banker_pair").payout == 0


@pytest.mark.cites("macau-baccarat-2009", "art. 13", "art. 17(3)")
@pytest.mark.cites("macau-baccarat-2009", "art. 13")
def test_pairs_pay_11_to_1_on_same_rank_art_13_17_3(macau):
    # P: JS JH (0) draws 5C -> 5; B: QS QD (0) draws on 5 -> 4D -> 4 : both pairs
    s = play(
        macau,
        shoe(("JS", "JH"), ("QS", "QD"), "5C", "4D"),
        _bets(["player_pair", "banker_pair"], 100),
    )
    assert only(s, "player_pair").payout == 1200
    assert only(s, "banker_pair").payout == 1200
    assert only(s, "player_pair").reason == "Macau baccarat art. 13, 17(3)"


@pytest.mark.cites("macau-baccarat-2009", "art. 13")
def test_jack_and_queen_are_not_a_pair_art_13(macau):
    s = play(
        macau,
        shoe(("JS", "QS"), ("KH", "TH"), "5C", "4D"),
        _bets(["player_pair", "banker_pair"], 100),
    )
    assert only(s, "player_pair").outcome == "lose" and only(s, "banker_pair").outcome == "lose"


@pytest.mark.cites("pt-812-2015", "rule 10", "rule 12", "rule 25")
@pytest.mark.cites("pt-812-2015", "rule 11")
def test_portuguese_pairs_same_rank_only_rules_11_12():
    """Rule 25(c): the pairs are paid "11 vezes o valor da aposta" (eleven times the stake,
    besides the stake returned)."""
    rules = rules_of("pt-ponto-banca-2015")
    s = play(
        rules,
        shoe(("TS", "TD"), ("KH", "KD"), "5C", "4D"),
        [("a", "player_pair", 100), ("a", "banker_pair", 100)],
    )
    assert only(s, "player_pair").payout == 1200 and only(s, "banker_pair").payout == 1200
    assert only(s, "player_pair").reason == "PT 812/2015 rules 10-12, 25(c)"


@pytest.mark.cites("macau-baccarat-2009", "art. 17(4)")
def test_dragon7_pays_40_to_1_art_17_4(macau):
    s = play(macau, shoe(*DRAGON7), _bets(["dragon7", "banker"], 100))
    assert only(s, "dragon7").payout == 4100
    assert only(s, "dragon7").reason.startswith("Macau baccarat art. 13(1)(4)(2), 17(4)")
    assert only(s, "banker").payout == 195  # standard commission still applies


def test_dragon7_needs_three_cards_and_a_win(macau):
    # Banker two-card 7 beating 6: not a Dragon 7
    s = play(macau, totals_shoe(6, 7), _bets(["dragon7"], 100))
    assert only(s, "dragon7").outcome == "lose"
    # Banker three-card 7 tying Player's 7: not a win, not a Dragon 7
    s = play(macau, shoe(("7S", "KD"), ("3S", "KD"), "4C"), _bets(["dragon7"], 100))
    assert s.coup.winner == "tie" and only(s, "dragon7").outcome == "lose"


@pytest.mark.cites("macau-baccarat-2009", "art. 18(2)")
def test_banker6_half_pays_half_on_six_art_18_2():
    rules = rules_of("macau-2009-banker6-half", **{"table.rounding_unit": 1})
    for cards in (BANKER_6_TWO, BANKER_6_THREE):
        s = play(rules, shoe(*cards), _bets(["banker"], 1000))
        assert s.coup.banker_total == 6 and s.coup.winner == "banker"
        assert (only(s, "banker").payout, only(s, "banker").commission) == (1500, 0)
        assert "18(2)" in only(s, "banker").reason
    s = play(rules, shoe(*BANKER_WINS_8), _bets(["banker"], 1000))
    assert (only(s, "banker").payout, only(s, "banker").commission) == (2000, 0)


def test_banker6_half_rounds_the_half_in_the_players_favour():
    rules = rules_of("macau-2009-banker6-half", **{"table.rounding_unit": 1})
    s = play(rules, shoe(*BANKER_6_TWO), _bets(["banker"], 1001))
    assert only(s, "banker").payout == 1001 + 501


@pytest.mark.cites("macau-baccarat-2009", "art. 18(3)")
def test_dragon7_push_art_18_3():
    rules = rules_of("macau-2009-dragon7-push", **{"table.rounding_unit": 1})
    s = play(rules, shoe(*DRAGON7), _bets(["banker", "player", "tie"], 1000))
    assert only(s, "banker").outcome == "push" and only(s, "banker").payout == 1000
    assert "18(3)" in only(s, "banker").reason
    assert only(s, "player").payout == 0 and only(s, "tie").payout == 0
    s = play(rules, shoe(*BANKER_WINS_8), _bets(["banker"], 1000))
    assert (only(s, "banker").payout, only(s, "banker").commission) == (2000, 0)


@pytest.mark.cites("pt-812-2015", "rule 26")
def test_portuguese_standard_commission_rule_26a():
    rules = rules_of("pt-ponto-banca-2015")
    s = play(rules, shoe(*BANKER_WINS_8), [("a", "banker", 1000)])
    assert (only(s, "banker").payout, only(s, "banker").commission) == (1950, 50)
    assert only(s, "banker").reason == "PT 812/2015 rule 26(a)"


@pytest.mark.cites("pt-812-2015", "rule 26")
@pytest.mark.parametrize(
    ("cards", "payout", "commission"),
    [(BANKER_5, 1500, 500), (BANKER_6_TWO, 1500, 500), (BANKER_WINS_8, 2000, 0)],
)
def test_portuguese_half_commission_on_5_and_6_rule_26b(cards, payout, commission):
    rules = rules_of("pt-ponto-banca-2015", **{"bets.commission": "banker5_6_half"})
    s = play(rules, shoe(*cards), [("a", "banker", 1000)])
    assert (only(s, "banker").payout, only(s, "banker").commission) == (payout, commission)


@pytest.mark.cites("pt-812-2015", "rule 26")
def test_portuguese_no_commission_rule_26():
    rules = rules_of("pt-ponto-banca-2015", **{"bets.commission": "none"})
    s = play(rules, shoe(*BANKER_WINS_8), [("a", "banker", 1000)])
    assert (only(s, "banker").payout, only(s, "banker").commission) == (2000, 0)


def test_lucky6_pays_12_on_two_cards_and_20_on_three_56_2018():
    rules = rules_of(
        "macau-2009",
        **{
            "ruleset.amendments": ["2/2009", "56/2018"],
            "bets.side_bets": ["lucky6"],
            "table.rounding_unit": 1,
        },
    )
    s = play(rules, shoe(*BANKER_6_TWO), _bets(["lucky6"], 100))
    assert only(s, "lucky6").payout == 1300
    s = play(rules, shoe(*BANKER_6_THREE), _bets(["lucky6"], 100))
    assert only(s, "lucky6").payout == 2100
    s = play(rules, shoe(*BANKER_WINS_8), _bets(["lucky6"], 100))
    assert only(s, "lucky6").payout == 0


def test_a_house_side_bet_through_the_registry_without_touching_the_engine():
    from fractions import Fraction

    from croupier.games.baccarat import Regulation, SideBet, register_side_bet

    register_side_bet(
        SideBet(
            "natural9_test",
            "Natural 9 (test house bet)",
            lambda coup: (
                Fraction(4)
                if coup.natural and 9 in (coup.player_total, coup.banker_total)
                else None
            ),
            {Regulation.MACAU: "Macau 69/2009, house approval TEST-1"},
            amendment="69/2009",
        ),
        replace=True,
    )
    rules = rules_of(
        "macau-2009",
        **{"ruleset.amendments": ["2/2009", "69/2009"], "bets.side_bets": ["natural9_test"]},
    )
    s = play(rules, shoe(*PLAYER_WINS), _bets(["natural9_test"], 100))
    assert only(s, "natural9_test").payout == 500
    assert only(s, "natural9_test").reason == "Macau 69/2009, house approval TEST-1"


@pytest.mark.cites("macau-baccarat-2004", "art. 10")
def test_void_returns_every_stake_art_10(macau):
    rnd = BaccaratRound(macau, shoe(*PLAYER_WINS))
    rnd.place_bet("a", "player", 1000)
    rnd.place_bet("b", "banker", 500)
    rnd.deal()  # Macau art. 10: an uncorrectable dealing error voids even after the deal
    s = rnd.void("card dropped and exposed twice")
    assert s.void and all(b.payout == b.stake and b.outcome == "void" for b in s.bets)
    assert s.house_result == 0 and s.conserved
    assert all(b.reason == "Macau baccarat art. 10" for b in s.bets)


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_portuguese_void_before_totals_only_rule_29():
    from croupier.errors import RuleViolation

    rules = rules_of("pt-ponto-banca-2015")
    rnd = BaccaratRound(rules, shoe(*PLAYER_WINS))
    rnd.place_bet("a", "player", 1000)
    rnd.close_betting()
    s = rnd.void("server fault")
    assert s.bets[0].payout == 1000 and "rule 29" in s.bets[0].reason
    rnd = BaccaratRound(rules, shoe(*PLAYER_WINS))
    rnd.place_bet("a", "player", 1000)
    rnd.deal()
    with pytest.raises(RuleViolation, match="rule 29"):
        rnd.void("late fault")
    assert rnd.settle().bets[0].payout == 2000


@pytest.mark.cites("macau-baccarat-2009", "art. 18", "art. 18(1)")
@pytest.mark.cites("pt-812-2015", "rule 26")
@pytest.mark.parametrize(
    ("ruleset", "unit", "minimum", "refused"),
    [
        ("macau-2009", 100, 1000, True),  # the issue's case: 1 MOP unit, 10 MOP minimum
        ("macau-2009", 100, 2000, False),  # 5% of 20 MOP is the unit: charged
        ("macau-2009", 1, 100, False),
        ("pt-ponto-banca-2015", 500, 5000, True),  # 5% of 50.00 EUR rounds to nothing
        ("macau-2009-banker6-half", 100, 1000, False),  # no commission to erase (art. 18(2))
    ],
)
def test_a_rounding_unit_cannot_erase_the_commission_art_18_1(ruleset, unit, minimum, refused):
    """Macau 55/2004 art. 18(1) (as amended by 2/2009): the Banker's wins pay a 5% commission;
    PT 812/2015 rule 26(a): "Dedução de 5 % sobre o valor dos prémios de cada jogada ganha pelo
    grupo da banca" (5% off the prize of every round Banker wins). A rounding unit that rounds
    the commission of the smallest Banker bet to nothing would pay such wins whole: refused
    when the ruleset loads (issue 17, item 6)."""
    overrides = {"table.rounding_unit": unit, "table.minimum_bet": minimum}
    if refused:
        with pytest.raises(RulesetError) as error:
            load_ruleset(ruleset, overrides)
        assert error.value.option == "table.rounding_unit"
        cited = "PT 812/2015 rule 26" if ruleset.startswith("pt") else "Macau baccarat art. 18(1)"
        assert error.value.article == cited, str(error.value)
        return
    rules = load_ruleset(ruleset, overrides).baccarat()
    if rules.commission == "standard":  # and the smallest Banker win pays its commission
        s = play(rules, shoe(("2S", "5S"), ("4D", "5C")), [("a", "banker", minimum)])  # 7 : 9
        assert only(s, "banker").commission > 0


@pytest.mark.cites("macau-baccarat-2009", "art. 17", "art. 17(1)", "art. 13")
@pytest.mark.cites("macau-baccarat-2004", "art. 12")
def test_the_winning_areas_are_those_the_cards_pay_art_17(macau):
    """Issue 18: a table lights the areas that won. Art. 17(1)-(3) / 18(1): Banker's win pays
    the Banker bet, a pair pays the pair bet ("par ... do mesmo valor", art. 13), and nothing
    else wins: Player 5 (JS JH 5C) against Banker 4 (QS QD 4D) is a Player win with both
    pairs; Player, both pairs and no tie."""
    rnd = BaccaratRound(macau, shoe(("JS", "JH"), ("QS", "QD"), "5C", "4D"))
    rnd.deal()
    lit = rnd.result()["winning_areas"]
    assert set(lit) == {"player", "player_pair", "banker_pair"}
    rnd = BaccaratRound(macau, shoe(*TIE_7))
    rnd.deal()
    assert rnd.result()["winning_areas"] == ["tie"]  # art. 12: main bets stand, tie wins


@pytest.mark.cites("pt-812-2015", "rule 22", "rule 24", "rule 25")
def test_a_winning_bet_stays_the_players_and_is_paid_even_money_rules_22_24():
    """PT 812/2015 rule 22: "O jogador ganha as suas apostas se a chance em que apostar tiver a
    pontuação mais elevada e perde as suas apostas se a chance contrária ... tiver a pontuação
    mais elevada" (a bet wins when its side has the higher total, loses when the other side
    has); rule 24: "O valor das apostas vencedoras continua a pertencer ao jogador" (the amount
    of a winning bet stays the player's); rule 25(a): paid "No ponto ou na banca, valor igual ao
    da aposta" (on Player or Banker, an amount equal to the bet). So a winning 10.00 on Player
    returns 20.00 (the stake and 10.00 of prize) and 10.00 on Banker is lost."""
    rules = rules_of("pt-ponto-banca-2015")
    s = play(rules, shoe(*PLAYER_WINS), [("a", "player", 1000), ("b", "banker", 1000)])
    assert (only(s, "player").outcome, only(s, "player").payout) == ("win", 2000)
    assert only(s, "banker", "b").payout == 0
    assert s.house_result == 0


@pytest.mark.cites("macau-baccarat-2009", "art. 18(3)")
@pytest.mark.parametrize(
    ("cards", "outcome", "payout"),
    [
        ((("6S", "KD"), ("3S", "KD"), "4C"), "push", 1000),  # three-card 7 beats 6: push
        ((("6S", "KD"), ("7S", "KD")), "win", 2000),  # two-card 7 beats 6: a win, no commission
        ((("5S", "KD"), ("3S", "2D"), "KC", "2C"), "push", 1000),  # 5 v 5+2: three-card 7
        ((("8S", "KD"), ("3S", "KD"), "4C"), "lose", 0),  # a three-card 7 that loses
        ((("6S", "KD"), ("4S", "KD"), "4C"), "win", 2000),  # a three-card 8: paid in full
    ],
)
def test_the_dragon7_push_is_only_a_three_card_banker_seven_art_18_3(cards, outcome, payout):
    """Despacho 2/2009 art. 18(3): "a casa não cobra qualquer comissão sobre os ganhos do grupo
    banqueiro, todavia quando este grupo, após receber a terceira carta adicional, vença o lance
    com 7 (sete) pontos — «Sete Dragão», as apostas no grupo banqueiro não ganham nem perdem"
    (no commission on Banker's wins, but when Banker wins with 7 *after receiving the third
    card*, Banker bets push). A Banker win with a two-card 7 is an ordinary win, paid 1:1 with
    no commission; only a three-card 7 that wins pushes."""
    rules = rules_of("macau-2009-dragon7-push", **{"table.rounding_unit": 1})
    s = play(rules, shoe(*cards), _bets(["banker"], 1000))
    banker = only(s, "banker")
    assert (banker.outcome, banker.payout, banker.commission) == (outcome, payout, 0)
