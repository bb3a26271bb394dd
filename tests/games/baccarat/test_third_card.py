"""Every cell of the third-card rules (Macau baccarat art. 9; PT 812/2015 rules 19-20), each
dealt from a stacked shoe. The expectations are written here from the regulation's own text,
independently of the engine's table."""

import pytest

from croupier.games.baccarat.coup import deal_coup
from croupier.games.baccarat.drawing import BANKER_DRAWS, PLAYER_DRAWS
from tests.games.baccarat.stacks import ONE_CARD, totals_shoe

# Art. 9(3): Banker draws, when Player drew a third card worth p (10 = T/J/Q/K):
ART_9_3 = {
    0: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},  # (1) total below 3, whatever Player received
    1: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    2: {1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
    3: {1, 2, 3, 4, 5, 6, 7, 9, 10},  # (2)
    4: {2, 3, 4, 5, 6, 7},  # (3)
    5: {4, 5, 6, 7},  # (4)
    6: {6, 7},  # (5)
    7: set(),  # 9(4)(5)
}
# Art. 9(4): Banker stands (the complement, written out to cross-check the text itself).
ART_9_4 = {3: {8}, 4: {1, 8, 9, 10}, 5: {1, 2, 3, 8, 9, 10}, 6: {1, 2, 3, 4, 5, 8, 9, 10}}


def test_article_9_3_and_9_4_are_complementary():
    for b, stands in ART_9_4.items():
        assert ART_9_3[b] | stands == set(range(1, 11)) and not ART_9_3[b] & stands


@pytest.mark.cites("macau-baccarat-2004", "art. 9(3)", "art. 9(4)", "art. 9(1)")
@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("third_value", range(1, 11))
@pytest.mark.parametrize("player_total", range(6))
def test_banker_after_player_drew_art_9_3_and_9_4(player_total, banker_total, third_value):
    """Player on 0-5 draws (art. 9(1)); Banker then follows art. 9(3)/(4) on Player's card."""
    point = third_value % 10
    coup = deal_coup(totals_shoe(player_total, banker_total, ONE_CARD[point], "5D").draw)
    assert len(coup.player) == 3, "art. 9(1): Player draws on 0-5"
    assert coup.player_total == (player_total + point) % 10
    expected = third_value in ART_9_3[banker_total]
    assert (len(coup.banker) == 3) is expected
    assert BANKER_DRAWS[banker_total][point] is expected


@pytest.mark.cites("macau-baccarat-2004", "art. 9(3)", "art. 9(2)")
@pytest.mark.parametrize("banker_total", range(8))
@pytest.mark.parametrize("player_total", [6, 7])
def test_banker_after_player_stood_art_9_3_6_and_9_4_4(player_total, banker_total):
    """Player stands on 6-7 (art. 9(2)); Banker draws below 6 (9(3)(6)), stands on 6 (9(4)(4))
    and on 7 (9(4)(5))."""
    coup = deal_coup(totals_shoe(player_total, banker_total, "5D").draw)
    assert len(coup.player) == 2
    assert (len(coup.banker) == 3) is (banker_total < 6)


@pytest.mark.cites("macau-baccarat-2004", "art. 9(2)")
@pytest.mark.parametrize("player_total", range(10))
@pytest.mark.parametrize("banker_total", [8, 9])
def test_banker_natural_stops_all_drawing_art_9_2(player_total, banker_total):
    coup = deal_coup(totals_shoe(player_total, banker_total, "5D", "5H").draw)
    assert len(coup.player) == 2 and len(coup.banker) == 2
    assert coup.natural


@pytest.mark.cites("macau-baccarat-2004", "art. 9(4)")
@pytest.mark.parametrize("player_total", [8, 9])
@pytest.mark.parametrize("banker_total", range(10))
def test_player_natural_stops_all_drawing_art_9_4_6(player_total, banker_total):
    coup = deal_coup(totals_shoe(player_total, banker_total, "5D", "5H").draw)
    assert len(coup.player) == 2 and len(coup.banker) == 2


@pytest.mark.cites("macau-baccarat-2004", "art. 9(1)", "art. 9(2)")
def test_player_rule_table_art_9_1_and_9_2():
    """Art. 9(1): Player draws "Se o valor das suas cartas for inferior a 6" (below 6); 9(2):
    does not "Se o valor das suas cartas for superior a 5" (above 5)."""
    assert [t for t in range(10) if PLAYER_DRAWS[t]] == [0, 1, 2, 3, 4, 5]
    for player_total in range(8):  # Banker on 7: no natural, and Banker stands whatever comes
        coup = deal_coup(totals_shoe(player_total, 7, "5D").draw)
        assert (len(coup.player) == 3) is (player_total < 6), player_total


@pytest.mark.cites("macau-baccarat-2004", "art. 7(1)")
def test_dealing_order_is_player_first_alternately_art_7_1():
    src = totals_shoe(1, 2, "AC", "3C")  # P: AS KD, B: 2S KD, P3 AC, B3 3C
    coup = deal_coup(src.draw)
    assert coup.dealing_order == tuple(src.cards)
    assert coup.player == (src.cards[0], src.cards[2], src.cards[4])
    assert coup.banker == (src.cards[1], src.cards[3], src.cards[5])


@pytest.mark.cites("macau-baccarat-2004", "art. 11", "art. 12")
@pytest.mark.parametrize(
    ("player", "banker", "winner"),
    [((7, 0), (6, 0), "player"), ((6, 0), (7, 0), "banker"), ((6, 0), (6, 0), "tie")],
)
def test_higher_total_wins_art_11_and_equal_totals_tie_art_12(player, banker, winner):
    coup = deal_coup(totals_shoe(player[0], banker[0]).draw)
    assert coup.winner == winner


@pytest.mark.cites("macau-baccarat-2004", "art. 5")
def test_totals_are_modulo_ten_art_5():
    from croupier.cards import parse_cards
    from croupier.games.baccarat.points import total

    assert total(parse_cards("9S 8H")) == 7
    assert total(parse_cards("KS QH JD")) == 0
    assert total(parse_cards("AS 9H TD")) == 0
    assert total(parse_cards("5S 5H 5D")) == 5
