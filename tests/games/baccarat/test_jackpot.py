"""Progressive jackpot, Modalities A, B and C (Macau baccarat art. 13(1)(4)(3), 13(2), 17(5)-(12)
as amended by Despacho 2/2009): every combination, the highest-combination rule, and the pool."""

import pytest

from croupier.errors import RuleViolation
from croupier.games.baccarat.coup import deal_coup
from croupier.games.baccarat.jackpot import detect
from croupier.games.baccarat.round import BaccaratRound
from croupier.rulesets import load_ruleset
from tests.games.baccarat.conftest import only, play, rules_of
from tests.games.baccarat.stacks import shoe


def coup(player, banker, *more):
    return deal_coup(shoe(player, banker, *more).draw)


# --- Modality A: the first cards in dealing order -------------------------------------------
MODALITY_A = [
    # A.i royal flush: the first five cards A K Q J T of one suit, in any order
    ("royal_flush", ("AS", "QS"), ("KS", "JS"), "TS", "5D"),
    # A.ii paradise straight: K Q J T suited and an ace of another suit
    ("paradise_straight", ("AH", "QS"), ("KS", "JS"), "TS", "5D"),
    # A.iii four of a kind: the first four cards of one rank (and both hands paired: still four)
    ("four_of_a_kind", ("5S", "5H"), ("5D", "5C"), "2C", "2D"),
    # A.iv double pairs: a Player pair and a Banker pair of different ranks
    ("double_pairs", ("5S", "5H"), ("6D", "6C"), "2C", "2D"),
    # A.v three of a kind among the first four (it always holds a pair too: three beats pair)
    ("three_of_a_kind", ("5S", "5H"), ("5D", "6C"), "2C", "2D"),
    ("three_of_a_kind", ("5S", "6H"), ("5D", "5C"), "2C", "2D"),
    # A.vi single pair
    ("single_pair", ("5S", "5H"), ("6D", "7C"), "2C", "AD"),
    ("single_pair", ("2S", "7H"), ("9D", "9C")),
    # nothing: five royal ranks of mixed suits, no pair
    (None, ("AS", "QH"), ("KS", "JS"), "TS", "5D"),
]


@pytest.mark.cites("macau-baccarat-2009", "art. 13(1)")
@pytest.mark.parametrize(
    ("expected", "player", "banker", "more"), [(e, p, b, m) for e, p, b, *m in MODALITY_A]
)
def test_modality_a_combinations_art_13_1_4_3_a(expected, player, banker, more):
    assert detect(coup(player, banker, *more), "A") == expected


def test_royal_flush_needs_five_cards_so_a_natural_round_has_none():
    c = coup(("AS", "KS"), ("QS", "JS"), "TS", "5D")  # totals 1 and 0: both draw
    assert len(c.dealing_order) >= 5
    natural = coup(("9S", "KS"), ("QS", "JS"))
    assert len(natural.dealing_order) == 4 and detect(natural, "A") is None


@pytest.mark.cites("macau-baccarat-2009", "art. 13(1)", "art. 13(2)")
@pytest.mark.cites("macau-baccarat-2004", "art. 8")
def test_double_pairs_need_different_points_art_13_1_4_3_a_iv():
    """Despacho 2/2009, art. 13(1)(4)(3)A.iv: «Pares duplos»: "aparecimento, ao mesmo tempo,
    numa jogada, de um par de banca e de um par de jogador sendo a respectiva pontuação
    diferente" (a banker pair and a player pair in one round, their points being different).
    Points are the cards' baccarat values (art. 8: T, J, Q, K count 0); the rule that T, J, Q, K
    are different values, art. 13(2)(1), is written "Na determinação de um «jackpot»
    progressivo das Modalidades B e C" (for Modalities B and C) only. So J-J with Q-Q (0 and 0)
    is not a double pair: it is a single pair (A.vi). Until issue 17 this test asserted the
    opposite, read from the code."""
    jacks_queens = coup(("JS", "JH"), ("QD", "QC"), "2C", "2D")
    assert detect(jacks_queens, "A") == "single_pair"  # the default reads the text
    assert detect(coup(("5S", "5H"), ("6D", "6C"), "2C", "2D"), "A") == "double_pairs"
    assert detect(coup(("TS", "TH"), ("KD", "KC"), "2C", "2D"), "A") == "single_pair"  # 0, 0
    # the other reading, different ranks, is an option (choice J7)
    assert detect(jacks_queens, "A", "rank") == "double_pairs"
    assert load_ruleset("macau-2009-jackpot-a").baccarat().jackpot.double_pairs_by == "points"


# --- Modalities B and C: every card on the table, T J Q K different -----------------------
SIX_TWOS_MIXED = (("2S", "2H"), ("2D", "2C"), "2S", "2H")  # P 4 draws 2; B 4 draws on 2
SIX_TWOS_BLACK = (("2S", "2C"), ("2S", "2C"), "2S", "2C")
SIX_TWOS_RED = (("2H", "2D"), ("2H", "2D"), "2H", "2D")
FIVE_TWOS = (("2S", "2H"), ("2D", "2C"), "2S", "3H")
DOUBLE_THREE = (("2S", "AH"), ("2D", "AC"), "2C", "AD")  # P 3 draws 2; B 3 draws on 2
FOUR_TWOS = (("2S", "2H"), ("KD", "2C"), "2D", "5C")
THREE_ACROSS = (("7S", "7H"), ("7D", "KC"), "3C")  # P 4 draws 3; B 7 stands
TENS_DIFFERENT = (("TS", "JS"), ("QS", "KH"), "KD", "5C")

MODALITY_BC = [
    ("six_of_a_kind", "six_of_a_kind", SIX_TWOS_MIXED),
    ("six_of_a_kind", "six_of_a_kind_same_colour", SIX_TWOS_BLACK),
    ("six_of_a_kind", "six_of_a_kind_same_colour", SIX_TWOS_RED),
    ("five_of_a_kind", "five_of_a_kind", FIVE_TWOS),
    ("double_three", "double_three", DOUBLE_THREE),
    ("four_of_a_kind", "four_of_a_kind", FOUR_TWOS),
    ("three_of_a_kind", "three_of_a_kind", THREE_ACROSS),
    (None, None, TENS_DIFFERENT),
]


@pytest.mark.cites("macau-baccarat-2009", "art. 13(1)", "art. 13(2)")
@pytest.mark.parametrize(("b", "c", "cards"), MODALITY_BC)
def test_modality_b_and_c_combinations_art_13_1_4_3_bc_and_13_2(b, c, cards):
    player, banker, *more = cards
    dealt = coup(player, banker, *more)
    assert len(dealt.dealing_order) == 2 + 2 + len(more)
    assert detect(dealt, "B") == b
    assert detect(dealt, "C") == c


@pytest.mark.cites("macau-baccarat-2009", "art. 13(2)")
def test_ten_value_cards_are_different_values_art_13_2_1():
    from croupier.games.baccarat.points import POINTS

    dealt = coup(*TENS_DIFFERENT[:2], *TENS_DIFFERENT[2:])
    zero_valued = [c for c in dealt.dealing_order if POINTS[c] == 0]
    assert len(zero_valued) == 5  # T J Q K K: five cards of baccarat value 0 ...
    assert detect(dealt, "B") is None and detect(dealt, "C") is None  # ... but no combination


# --- Prizes and the pool ---------------------------------------------------------------------
def jackpot_rules(modality="a", **overrides):
    base = {
        "jackpot.stake": 1000,
        "jackpot.seed": 100000,
        "jackpot.contribution": "0.1",
    }
    return rules_of(f"macau-2009-jackpot-{modality}", **{**base, **overrides})


@pytest.mark.cites("macau-baccarat-2009", "art. 17(7)")
def test_fixed_prize_is_shared_equally_per_bettor_art_17_7():
    rules = jackpot_rules(**{"jackpot.prizes.single_pair": {"fixed": 1000}})
    bets = [(name, kind, 1000) for name in ("a", "b", "c") for kind in ("player", "jackpot")]
    s = play(rules, shoe(("5S", "5H"), ("6D", "7C"), "2C", "AD"), bets, pool=100000)
    j = s.jackpot
    assert j.combination == "single_pair" and j.winners == 3
    assert j.share == 334  # 1000 / 3, rounded in the players' favour
    assert [b.payout for b in s.bets if b.kind == "jackpot"] == [334, 334, 334]
    assert j.contributions == 300 and j.paid_by_house == 1002 and j.paid_from_pool == 0
    assert j.pool_after == 100300
    assert "17(7)" in only(s, "jackpot").reason


def test_only_the_highest_combination_is_paid():
    rules = jackpot_rules(
        **{
            "jackpot.prizes.three_of_a_kind": {"fixed": 5000},
            "jackpot.prizes.single_pair": {"fixed": 1000},
        }
    )
    s = play(
        rules,
        shoe(("5S", "5H"), ("5D", "6C"), "2C", "2D"),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
    )
    assert s.jackpot.combination == "three_of_a_kind" and only(s, "jackpot").payout == 5000


@pytest.mark.cites("macau-baccarat-2009", "art. 17(5)")
def test_royal_flush_pays_the_whole_pool_shared_and_resets_to_seed_art_17_5():
    rules = jackpot_rules()
    bets = [(n, k, 1000) for n in ("a", "b") for k in ("player", "jackpot")]
    s = play(rules, shoe(("AS", "QS"), ("KS", "JS"), "TS", "5D"), bets, pool=250000)
    j = s.jackpot
    assert j.combination == "royal_flush"
    assert j.pool_before + j.contributions == 250200
    assert j.share == 125100 and j.paid_from_pool == 250200 and j.paid_by_house == 0
    assert j.house_funding == 100000 and j.pool_after == 100000  # restarts at its seed
    # the two Player bets lose (Banker 5 against Player 1): 2000; the jackpot stakes 2000, less
    # the contributions 200, less the seed the house puts back 100000
    assert s.house_result == 2000 + 2000 - 200 - 100000


@pytest.mark.cites("macau-baccarat-2009", "art. 17(6)")
@pytest.mark.parametrize(
    ("pool", "prize", "from_pool"), [(100000, 20000, False), (500000, 50010, True)]
)
def test_paradise_straight_pays_max_of_fixed_and_10_percent_art_17_6(pool, prize, from_pool):
    rules = jackpot_rules(
        **{"jackpot.prizes.paradise_straight": {"fixed": 20000, "pool_percent": 10}}
    )
    s = play(
        rules,
        shoe(("AH", "QS"), ("KS", "JS"), "TS", "5D"),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
        pool=pool,
    )
    j = s.jackpot
    assert j.combination == "paradise_straight" and j.prize == prize
    assert (j.paid_from_pool > 0) is from_pool


@pytest.mark.cites("macau-baccarat-2009", "art. 17(10)")
def test_modality_c_six_of_a_kind_is_max_of_fixed_and_a_set_percentage_art_17_10():
    rules = jackpot_rules(
        "c", **{"jackpot.prizes.six_of_a_kind": {"fixed": 5000, "pool_percent": 20}}
    )
    s = play(
        rules,
        shoe(*SIX_TWOS_MIXED[:2], *SIX_TWOS_MIXED[2:]),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
        pool=200000,
    )
    assert s.jackpot.combination == "six_of_a_kind"
    assert s.jackpot.prize == (200000 + 100) // 5


@pytest.mark.cites("macau-baccarat-2009", "art. 17(5)")
def test_modality_b_six_of_a_kind_pays_the_pool_art_17_5():
    rules = jackpot_rules("b")
    s = play(
        rules,
        shoe(*SIX_TWOS_MIXED[:2], *SIX_TWOS_MIXED[2:]),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
        pool=300000,
    )
    assert s.jackpot.combination == "six_of_a_kind" and s.jackpot.prize == 300100
    assert s.jackpot.pool_after == 100000


def test_losing_jackpot_bets_feed_the_pool():
    rules = jackpot_rules()
    s = play(
        rules,
        shoe(("2S", "7H"), ("9D", "8C")),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
        pool=100000,
    )
    assert s.jackpot.combination is None and only(s, "jackpot").outcome == "lose"
    # the jackpot stake less its contribution, 900; the Player bet wins 1000 (a natural 9)
    assert s.jackpot.pool_after == 100100 and s.house_result == 900 - 1000


def test_fixed_prizes_from_pool_option_and_shortfall_funding():
    rules = jackpot_rules(
        **{
            "jackpot.fixed_prizes_from_pool": True,
            "jackpot.prizes.four_of_a_kind": {"fixed": 150000},
        }
    )
    s = play(
        rules,
        shoe(("5S", "5H"), ("5D", "5C"), "2C", "2D"),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
        pool=120000,
    )
    j = s.jackpot
    assert j.prize == 150000 and j.paid_from_pool == 120100 and j.paid_by_house == 29900
    assert j.pool_after == 100000 and j.house_funding == 100000


def test_returns_stake_option():
    rules = jackpot_rules(
        **{"jackpot.returns_stake": True, "jackpot.prizes.single_pair": {"fixed": 500}}
    )
    s = play(
        rules,
        shoe(("5S", "5H"), ("6D", "7C"), "2C", "AD"),
        [("a", "player", 1000), ("a", "jackpot", 1000)],
    )
    assert only(s, "jackpot").payout == 1500


@pytest.mark.cites("macau-baccarat-2009", "art. 13(3)")
def test_jackpot_bets_only_from_seated_players_art_13_3():
    rnd = BaccaratRound(jackpot_rules(), shoe(("5S", "5H"), ("6D", "7C"), "2C", "AD"))
    with pytest.raises(RuleViolation, match=r"seated: .*art\. 13\(3\)"):
        rnd.place_bet("standing", "jackpot", 1000, False)
    assert rnd.bets == () and rnd.log == []


def test_jackpot_ticket_price():
    rnd = BaccaratRound(jackpot_rules(), shoe(("5S", "5H"), ("6D", "7C"), "2C", "AD"))
    rnd.place_bet("a", "player", 1000)
    with pytest.raises(RuleViolation, match="the jackpot bet is"):
        rnd.place_bet("a", "jackpot", 2000)
    assert [b.kind for b in rnd.bets] == ["player"]


def test_pool_carries_from_round_to_round_in_a_game():
    from croupier.games.baccarat.game import BaccaratGame
    from croupier.shoe import StackedCards

    rules = jackpot_rules()
    cards = StackedCards("2S 9D 7H 8C 2S 9D 7H 8C")  # two rounds, no combination
    game = BaccaratGame(rules, cards)
    for _ in range(2):
        rnd = game.start_round()
        rnd.place_bet("a", "player", 1000)
        rnd.place_bet("a", "jackpot", 1000)
        rnd.deal()
        rnd.settle()
        game.finish_round()
    assert game.jackpot_pool == 100000 + 2 * 100


@pytest.mark.cites("macau-baccarat-2009", "art. 13(3)", "art. 13(1)")
def test_a_jackpot_bet_is_added_to_a_main_bet_art_13_3():
    """Despacho 2/2009, art. 13(3): "As apostas num «jackpot» progressivo são adicionais às
    apostas mencionadas nas alíneas 1) a 3) do n.º 1 e reservadas aos jogadores sentados" (the
    jackpot bets are additional to the Player, Banker and Tie bets of art. 13(1) 1)-3), and for
    seated players). A jackpot bet alone is refused; with any of the three it stands; the main
    bet cannot then be withdrawn from under it."""
    rules = load_ruleset("macau-2009-jackpot-a").baccarat()
    stake = rules.jackpot.stake
    rnd = BaccaratRound(rules, shoe(("9S", "7S"), ("KD", "KD")))
    with pytest.raises(RuleViolation, match="added to a Player, Banker or Tie bet"):
        rnd.place_bet("ana", "jackpot", stake)
    assert rnd.bets == ()
    for main in ("player", "banker", "tie"):
        other = BaccaratRound(rules, shoe(("9S", "7S"), ("KD", "KD")))
        other.place_bet("ana", main, 100_00)
        other.place_bet("ana", "jackpot", stake)
        assert {b.kind for b in other.bets} == {main, "jackpot"}
        with pytest.raises(RuleViolation, match="added to a Player, Banker or Tie bet"):
            other.withdraw_bet("ana", main)
    rnd.place_bet("bruno", "player", 100_00)  # another player's bet is not ana's
    with pytest.raises(RuleViolation):
        rnd.place_bet("ana", "jackpot", stake)
