"""Baccarat paragraphs the other tests did not quote (Macau DRE 55/2004 and Despacho 2/2009, PT
Regulamento 812/2015), each tested from its own words (issue 17: the compliance matrix listed
them as gaps)."""

from __future__ import annotations

import pytest

from croupier.cards import parse_cards
from croupier.errors import RuleViolation
from croupier.games.baccarat.game import BaccaratGame
from croupier.games.baccarat.points import POINTS, total
from croupier.games.baccarat.round import BaccaratRound
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset
from croupier.shoe import Shoe, StackedCards
from tests.games.baccarat.conftest import only, play, rules_of
from tests.games.baccarat.stacks import shoe

SIX_TWOS_BLACK = (("2S", "2C"), ("2S", "2C"), "2S", "2C")
FIVE_TWOS = (("2S", "2H"), ("2D", "2C"), "2S", "3H")
FOUR_TWOS = (("2S", "2H"), ("KD", "2C"), "2D", "5C")


@pytest.mark.cites("macau-baccarat-2004", "art. 5(1)", "art. 5", "art. 5(2)")
@pytest.mark.cites("pt-812-2015", "rule 7", "rule 8")
def test_card_values_art_5_1_and_5_2_rules_7_and_8():
    """Macau art. 5: "1) As figuras, os dez e as combinações de cartas totalizando dez pontos
    valem zero; 2) Todas as demais cartas são contadas de acordo com os seus valores faciais,
    sendo a carta com o valor facial de 9, a carta de maior valor"; PT rule 7: "Ás — 1; Rei,
    dama, valete e 10 — 0"; PT rule 8: "Quando a soma ... ultrapassar o valor de 10 ou 20,
    considera-se como pontuação da chance apenas o valor do número que o exceda" (past 10 or
    20, only the excess counts)."""
    assert [POINTS[c] for c in parse_cards("TS JH QD KC")] == [0, 0, 0, 0]  # 5(1), rule 7
    assert [POINTS[c] for c in parse_cards("AS 2S 5H 9D")] == [1, 2, 5, 9]  # art. 5(2)
    assert total(parse_cards("3S 7H")) == 0  # cards totalling ten count zero (5(1))
    assert total(parse_cards("7S 8H")) == 5  # 15: the excess over 10 (rule 8)
    assert total(parse_cards("9S 9H 5D")) == 3  # 23: the excess over 20 (rule 8)
    assert max(POINTS) == 9  # 9 the highest (5(2))


@pytest.mark.cites("macau-baccarat-2004", "art. 6", "art. 6(1)", "art. 6(2)")
@pytest.mark.cites("pt-812-2015", "rule 1")
def test_two_groups_banker_and_player_art_6_and_rule_1():
    """Macau art. 6: "O jogo é limitado a dois grupos: 1) O grupo banqueiro («banker»); 2) O
    grupo jogador («player»)"; PT rule 1: players bet "no jogo do ponto ou no da banca na
    expectativa de ... conseguirem uma combinação de cartas com a pontuação de 9 ou a que mais
    desta se aproxime" (the hand nearest 9 wins)."""
    rnd = BaccaratRound(rules_of("pt-ponto-banca-2015"), shoe(("9S", "KD"), ("4C", "4H")))
    rnd.place_bet("a", "player", 1000)
    rnd.deal()
    result = rnd.result()
    assert set(result) >= {"player_cards", "banker_cards"}  # art. 6(1), art. 6(2)
    assert result["player_total"] == 9 and result["banker_total"] == 8
    assert result["winner"] == "player"  # 9 is nearer 9 than 8 (rule 1)


@pytest.mark.cites("pt-812-2015", "rule 16", "rule 17", "rule 21")
def test_dealing_starts_after_the_betting_time_alternately_player_first_rules_16_17_21():
    """PT rule 16: "Findo o período de tempo para a realização das apostas inicia-se a
    distribuição" (dealing starts once betting time is over); rule 17: "As cartas iniciais
    são distribuídas ... uma de cada vez e alternadamente, começando-se pelo grupo do ponto"
    (one at a time, alternately, Player first); rule 21: the third card "deve ficar exposta
    na mesa de forma a que claramente se diferencie das duas cartas iniciais" (set apart from
    the first two: recall lists it last)."""
    rnd = BaccaratRound(
        rules_of("pt-ponto-banca-2015"), shoe(("2S", "3S"), ("KD", "KH"), "3C", "4D")
    )
    rnd.place_bet("a", "player", 1000)
    rnd.close_betting()
    with pytest.raises(RuleViolation):
        rnd.place_bet("b", "banker", 1000)  # rule 16: the betting time is over
    assert rnd.result() == {}  # nothing dealt, nothing to show
    rnd.deal()
    assert rnd.coup.dealing_order[:4] == tuple(parse_cards("2S KD 3S KH"))  # rule 17
    result = rnd.result()
    assert result["player_cards"] == ["2S", "3S", "3C"]  # the third card last (rule 21)


@pytest.mark.cites("macau-baccarat-2004", "art. 7(2)")
def test_an_automatic_shuffler_deals_every_round_from_a_fresh_shoe_art_7_2():
    """Macau art. 7(2): with the automatic shuffler-dealer the cards are "colocadas novamente
    no aparelho depois de cada jogada" (put back into the machine after each round) and art.
    2(3): no cut-card procedure: the shoe never runs out."""
    rules = load_ruleset("macau-2009", {"shoe.mode": "continuous", "shoe.burn": "none"}).baccarat()
    game = BaccaratGame(rules, Shoe(rules.shoe, SeededRandomSource(3)))
    for _ in range(500):  # far more rounds than 8 decks hold
        rnd = game.start_round()
        rnd.place_bet("a", "banker", rules.minimum_bet)
        rnd.deal()
        rnd.settle()
        game.finish_round()
        assert not game.cut_card_out


@pytest.mark.cites("macau-baccarat-2009", "art. 17(8)", "art. 17(9)", "art. 17(11)")
def test_prizes_shared_equally_in_modalities_b_and_c_art_17_8_9_11():
    """Despacho 2/2009 art. 17(8): Modality B's five of a kind, double three, four and three of
    a kind are "um montante fixo ... pagos, em cada jogada, em partes iguais, aos apostadores
    no «jackpot»" (a fixed sum shared equally by the round's jackpot bettors); 17(9): Modality
    C's six of the same value and colour "corresponde à totalidade do valor acumulado no
    «jackpot» e é pago ... em partes iguais" (the whole pool, shared equally); 17(11): Modality
    C's double three, four and three of a kind, a fixed sum shared equally."""
    base = {"jackpot.stake": 1000, "jackpot.seed": 100000, "jackpot.contribution": "0.1"}
    bets = [(n, k, 1000) for n in ("a", "b") for k in ("player", "jackpot")]
    b = rules_of(
        "macau-2009-jackpot-b", **base, **{"jackpot.prizes.five_of_a_kind": {"fixed": 3000}}
    )
    s = play(b, shoe(*FIVE_TWOS[:2], *FIVE_TWOS[2:]), bets, pool=100000)
    assert s.jackpot.combination == "five_of_a_kind"  # 17(8)
    assert [only(s, "jackpot", n).payout for n in ("a", "b")] == [1500, 1500]
    c = rules_of("macau-2009-jackpot-c", **base)
    s = play(c, shoe(*SIX_TWOS_BLACK[:2], *SIX_TWOS_BLACK[2:]), bets, pool=300000)
    assert s.jackpot.combination == "six_of_a_kind_same_colour"  # art. 17(9): the pool
    pool = 300000 + 2 * 100
    assert [only(s, "jackpot", n).payout for n in ("a", "b")] == [pool // 2, pool // 2]
    c = rules_of(
        "macau-2009-jackpot-c", **base, **{"jackpot.prizes.four_of_a_kind": {"fixed": 2000}}
    )
    s = play(c, shoe(*FOUR_TWOS[:2], *FOUR_TWOS[2:]), bets, pool=100000)
    assert s.jackpot.combination == "four_of_a_kind"  # art. 17(11)
    assert [only(s, "jackpot", n).payout for n in ("a", "b")] == [1000, 1000]


@pytest.mark.cites("pt-812-2015", "rule 15", "rule 39", "rule 1")
def test_ponto_e_banca_macau_applies_the_ponto_e_banca_rules_but_rule_15_rule_39():
    """PT rule 39: "À exploração e prática do jogo de baccará ponto e banca Macau são
    aplicáveis as regras do baccará ponto e banca previstas no Capítulo anterior, com exceção
    da regra n.º 15" (the Macau variant follows rules 1-38 except rule 15's maxima)."""
    pt = load_ruleset("pt-ponto-banca-2015").baccarat()
    macau = load_ruleset("pt-ponto-banca-macau-2015").baccarat()
    assert (macau.shoe.decks, macau.minimum_bet, macau.commission) == (
        pt.shoe.decks,
        pt.minimum_bet,
        pt.commission,
    )
    big = 100 * pt.minimum_bet  # above rule 15(a)'s 70 times the minimum
    rnd = BaccaratRound(macau, shoe(("9S", "KD"), ("4C", "4H")))
    rnd.place_bet("a", "player", big)  # no rule 15 maximum
    with pytest.raises(RuleViolation, match=r"rule 15"):
        BaccaratRound(pt, shoe(("9S", "KD"), ("4C", "4H"))).place_bet("a", "player", big)


@pytest.mark.cites("macau-baccarat-2004", "art. 3", "art. 3(2)", "art. 2(2)")
def test_the_house_replaces_the_shoe_between_coups_art_3_2():
    """Art. 3(2): "a casa reserva-se o direito de substituir o distribuidor («shoe») no final de
    cada partida" (the house may replace the shoe at the end of a coup): a new shoe, shuffled
    and burned, opens with its demonstration hands (art. 2(2)); never during a coup, and never
    for cards that are not a shoe (a stacked sequence, a recorded replay)."""
    rules = load_ruleset("macau-2009", {"shoe.demonstration_hands": 2}).baccarat()
    shoe = Shoe(rules.shoe, SeededRandomSource(5))
    game = BaccaratGame(rules, shoe)
    rnd = game.start_round()
    with pytest.raises(RuntimeError, match=r"3\(2\)"):
        game.replace_shoe()
    rnd.place_bet("a", "banker", rules.minimum_bet)
    rnd.deal()
    rnd.settle()
    game.finish_round()
    before = shoe.number
    start = game.replace_shoe()
    assert shoe.number == before + 1 and start.number == shoe.number
    assert game.shoe_starts[-1] == start and shoe.demonstrations_left == 0  # both dealt
    stacked = BaccaratGame(rules, StackedCards([]))
    with pytest.raises(RuntimeError, match="stacked"):
        stacked.replace_shoe()
