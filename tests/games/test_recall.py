"""What a finished round records for recall and how a coup's cards are announced, from PT
812/2015's rules.

Rule 31: "A entidade exploradora deve disponibilizar ao jogador uma opção que permita a
visualização de todos os elementos essenciais da última jogada, designadamente o resultado e
valores apostados" (the player can view every essential element of the last round, namely its
result and the amounts staked). A round with no result (void, or not yet settled) has nothing
to recall.
Rule 17: the first cards "são distribuídas com as faces viradas para baixo, uma de cada vez e
alternadamente, começando-se pelo grupo do ponto" (one at a time, alternately, Player first);
rule 18: "são viradas primeiro as do grupo do ponto e depois as do grupo da banca" (Player's
turned first); rule 20: "cada grupo apenas pode receber uma carta adicional" (one third card at
most each, Player's first: rule 21).
"""

from __future__ import annotations

import pytest

from croupier.cards import card_text, parse_cards
from croupier.games.baccarat.round import BaccaratRound
from croupier.games.blackjack.round import BlackjackRound
from croupier.games.stud.round import StudRound
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from tests.games.baccarat.conftest import rules_of
from tests.games.baccarat.stacks import shoe
from tests.games.stud.conftest import stud_rules
from tests.games.stud.stacks import stud_deck


@pytest.mark.cites("pt-812-2015", "rule 16", "rule 17", "rule 18", "rule 19", "rule 20")
@pytest.mark.cites("pt-812-2015", "rule 28", "rule 31")
@pytest.mark.cites("macau-baccarat-2004", "art. 7", "art. 9")
@pytest.mark.parametrize(
    ("cards", "hands", "close_first"),
    [
        (shoe(("2S", "3S"), ("4D", "KD"), "3C", "9H"), "PBPBPB", True),  # both draw
        (shoe(("2S", "3S"), ("7D", "KD"), "3C"), "PBPBP", False),  # Player draws, Banker stands
        (shoe(("TS", "6S"), ("2D", "KD"), "5C"), "PBPBB", True),  # Player stands, Banker draws
        (shoe(("9S", "KS"), ("4D", "2D")), "PBPB", False),  # a natural: no third card (19)
    ],
)
def test_a_coup_is_announced_card_by_card_in_the_rules_order(cards, hands, close_first):
    rules = rules_of("pt-ponto-banca-2015")
    rnd = BaccaratRound(rules, cards)
    rnd.place_bet("ana", "player", rules.minimum_bet)
    if close_first:
        rnd.close_betting()
    events = rnd.deal()
    kinds = [e.kind for e in events]
    # rule 28: the deal closes the bets when the window has not (an individual table)
    assert kinds[0] == ("card_dealt" if close_first else "betting_closed")
    dealt = [e.data for e in events if e.kind == "card_dealt"]
    assert "".join(d["hand"][0].upper() for d in dealt) == hands
    assert [d["position"] for d in dealt] == list(range(len(hands)))
    coup = rnd.coup
    player = iter(coup.player)
    banker = iter(coup.banker)
    assert [d["card"] for d in dealt] == [
        card_text(next(player) if h == "P" else next(banker)) for h in hands
    ]
    assert kinds[-1] == "coup_decided" and events[-1].data == coup.outcome()
    assert rnd.log[-1].events == events  # what was announced is what the journal holds
    recalled = rnd.result()
    assert recalled["player_cards"] == [card_text(c) for c in coup.player]
    assert recalled["banker_cards"] == [card_text(c) for c in coup.banker]
    assert recalled["winner"] == coup.winner and recalled["player_total"] == coup.player_total


@pytest.mark.cites("pt-812-2015", "rule 31")
def test_recall_of_a_blackjack_round_shows_each_hand_its_stake_and_result():
    base = {"table.rounding_unit": 1, "table.minimum_bet": 100}
    rules = load_ruleset("macau-blackjack-2007", base).blackjack()
    cards = "TS 9H 6D 7C 8C TD TC"  # boxes 17 and 17; the dealer 6, T = 16, T: 26, a bust
    rnd = BlackjackRound(rules, StackedCards(parse_cards(cards)))
    assert rnd.result() == {}  # nothing dealt
    rnd.place_bet("ana", "bet", 200, box=1)
    rnd.place_bet("bo", "bet", 300, box=2)
    rnd.deal()
    rnd.stand(1)
    assert rnd.result() == {}  # no result yet
    rnd.stand(2)
    rnd.settle()
    recalled = rnd.result()
    assert recalled["dealer_cards"] == ["6D", "TD", "TC"]
    assert recalled["dealer_total"] == 26 and recalled["dealer_busted"] is True
    assert recalled["dealer_blackjack"] is False
    one, two = recalled["boxes"]
    assert (one["box"], two["box"]) == (1, 2)
    assert [(h["stake"], h["outcome"], h["payout"]) for h in one["hands"]] == [(200, "win", 400)]
    assert [(h["stake"], h["outcome"], h["payout"]) for h in two["hands"]] == [(300, "win", 600)]
    void = BlackjackRound(rules, StackedCards(parse_cards(cards)))
    void.place_bet("ana", "bet", 200, box=1)
    void.deal()
    void.void("fault")
    assert void.result() == {}  # a void round has no result (rule 29)


@pytest.mark.cites("pt-812-2015", "rule 31")
def test_recall_of_a_stud_round_shows_each_hand_by_its_player():
    rnd = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S", "3H 4H 8C 9D JS"], "AS KD 7C 5H 3D"))
    assert rnd.result() == {}
    rnd.place_bet("ana", "ante", 100, box=1)
    rnd.place_bet("bo", "ante", 100, box=2)
    rnd.deal()
    rnd.decide_seat(1, "raise")
    rnd.decide_seat(2, "fold")
    rnd.settle()
    recalled = rnd.result()
    assert recalled["dealer_cards"] == ["AS", "KD", "7C", "5H", "3D"]
    assert recalled["dealer_qualifies"] is True and recalled["dealer_category"] == "high_card"
    hands = {h["player"]: h for h in recalled["hands"]}
    assert hands["ana"]["cards"] == ["2S", "2H", "5C", "7D", "9S"] and hands["ana"]["box"] == 1
    assert (hands["ana"]["folded"], hands["ana"]["beats_dealer"]) == (False, True)
    assert (hands["bo"]["folded"], hands["bo"]["category"]) == (True, "high_card")
    void = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S"], "AS KD 7C 5H 3D"))
    void.place_bet("ana", "ante", 100, box=1)
    void.deal()
    void.void("misdeal")
    assert void.result() == {}
