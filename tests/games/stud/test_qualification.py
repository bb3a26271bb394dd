"""Macau stud art. 9(1): "A «mão» do «croupier» deve ter pelo menos o valor de «poker» de um Às
e um Rei (K), a fim de poder abrir as «mãos» dos jogadores" (the dealer's hand must hold at
least an ace and a king to open the players' hands); art. 9(2): when it does not, each player
who did not fold is paid the ante 1:1 and the raise is returned.

One rule, one deciding function: the round, the exact analyses and the simulator all ask
``dealer_qualifies``; the analyses through a table of every hand, checked here against the
count the text gives by hand."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from croupier.analysis.stud_exact import _hand_cards, qualifying_hands
from croupier.cards import parse_cards
from croupier.games.stud.evaluator import build_tables
from croupier.games.stud.hands import CATEGORIES, dealer_qualifies
from croupier.games.stud.round import StudRound
from tests.games.stud.conftest import stud_rules
from tests.games.stud.stacks import stud_deck

PLAYER = "2S 2H 5C 7D 9S"  # a pair of twos: beats any high-card dealer


@pytest.mark.cites("macau-stud-2004", "art. 9(1)", "art. 9(2)", "art. 9(5)")
@pytest.mark.parametrize(
    ("dealer", "qualifies", "paid"),
    [
        # ace and king: the least that qualifies; the pair wins ante 1:1, raise 1:1 (art. 9(5))
        ("AS KD 4C 3H 7S", True, {"ante": 200, "raise": 400}),
        ("AS QD JC 9H 8S", False, {"ante": 200, "raise": 200}),  # ace high, no king
        ("KS QD JC 9H 7S", False, {"ante": 200, "raise": 200}),  # king high, no ace
        ("AS 8D 6C 4H 3S", False, {"ante": 200, "raise": 200}),
        ("3S 3D 6C 4H 8S", True, {"ante": 0, "raise": 0}),  # any pair qualifies; it wins
        ("AS KD QC JH 9S", True, {"ante": 200, "raise": 400}),
    ],
)
def test_the_dealer_needs_an_ace_and_a_king_art_9_1(
    dealer: str, qualifies: bool, paid: dict[str, int]
) -> None:
    """A hand holding an ace and a king (or better than high card) opens the players' hands;
    ace-high without a king does not, and the ante is paid 1:1 with the raise returned
    (art. 9(2)). Ante 1.00, raise 2.00 (twice the ante, art. 6(7))."""
    rnd = StudRound(stud_rules(), stud_deck([PLAYER], dealer))
    rnd.place_bet("a", "ante", 100, box=1)
    rnd.deal()
    rnd.raise_bet(1)
    s = rnd.settle()
    assert s.dealer_qualifies is qualifies
    assert {b.kind: b.payout for b in s.bets} == paid


@pytest.mark.cites("macau-stud-2004", "art. 9(1)")
def test_the_analyses_decide_qualification_as_the_round_does() -> None:
    """Counted from the text: high-card hands are (C(13,5) - 10 straights) rank sets times
    (4^5 - 4 flushes) suits = 1,302,540; those holding an ace and a king choose their other
    three ranks among 11, less the one straight A-K-Q-J-T: 164 x 1,020 = 167,280. So exactly
    1,135,260 dealer hands do not qualify. The table the exact analysis and the simulator read
    says so, and agrees hand by hand with the round's function on a sample."""
    high_card = (comb(13, 5) - 10) * (4**5 - 4)
    with_ace_king = (comb(11, 3) - 1) * (4**5 - 4)
    table = qualifying_hands()
    assert int((~table).sum()) == high_card - with_ace_king == 1_135_260
    tables = build_tables()
    category = tables.category[tables.rank]
    cards = _hand_cards()
    for i in np.random.default_rng(34).integers(0, len(table), 20_000):
        hand = cards[i].tolist()
        assert table[i] == dealer_qualifies(hand, CATEGORIES[category[i]]), hand


def test_the_engine_function_reads_the_cards_not_their_order() -> None:
    assert dealer_qualifies(parse_cards("KD 3C AS 4H 7S"), "high_card")
    assert not dealer_qualifies(parse_cards("QD 3C AS 4H 7S"), "high_card")
