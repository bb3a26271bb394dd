"""The round state machine and the game around it: phases, carried tie bets (Macau art. 12),
demonstration hands (art. 2(2)), replay, squeeze (art. 16)."""

import pytest

from croupier.errors import RuleViolation
from croupier.games.baccarat.game import BaccaratGame
from croupier.games.baccarat.round import BaccaratRound, Phase, replay
from croupier.rng import SeededRandomSource
from croupier.shoe import Shoe, StackedCards
from tests.games.baccarat.conftest import rules_of
from tests.games.baccarat.stacks import shoe

TIE = ("7S", "KD"), ("7H", "KC")
PLAYER_WINS = ("9S", "KD"), ("7S", "KD")


def test_phases_and_refusals():
    rnd = BaccaratRound(rules_of("macau-2009"), shoe(*PLAYER_WINS))
    assert rnd.phase is Phase.BETTING and not rnd.can_settle() and rnd.can_deal()
    with pytest.raises(RuleViolation, match="nothing to settle"):
        rnd.settle()
    rnd.place_bet("a", "player", 100)
    events = rnd.deal()
    assert [e.kind for e in events][:2] == ["betting_closed", "card_dealt"]
    assert rnd.phase is Phase.DEALT
    with pytest.raises(RuleViolation, match="already dealt"):
        rnd.deal()
    rnd.settle()
    assert rnd.phase is Phase.SETTLED
    with pytest.raises(RuleViolation, match="already settled"):
        rnd.void()


@pytest.mark.cites("macau-baccarat-2004", "art. 7")
def test_card_events_follow_the_dealing_order_art_7():
    rnd = BaccaratRound(rules_of("macau-2009"), shoe(("2S", "KD"), ("5S", "KD"), "TC"))
    events = [e for e in rnd.deal() if e.kind == "card_dealt"]
    assert [(e.data["hand"], e.data["card"]) for e in events] == [
        ("player", "2S"),
        ("banker", "5S"),
        ("player", "KD"),
        ("banker", "KD"),
        ("player", "TC"),
    ]


@pytest.mark.cites("macau-baccarat-2004", "art. 12", "art. 12(2)", "art. 12(3)", "art. 12(1)")
def test_tie_bets_stay_on_the_table_and_are_editable_art_12():
    """Macau art. 12: after a tie "as apostas iniciais, podem ser: 1) Retiradas; ou 2)
    Mantidas; ou 3) Alteradas ... (1) com ou sem diminuição das apostas iniciais; (2) ... do
    grupo jogador para no grupo banqueiro, ou vice-versa": a carried bet is kept (art. 12(2)),
    moved to the other side and decreased (art. 12(3)), or withdrawn (art. 12(1))."""
    rules = rules_of("macau-2009")
    cards = StackedCards(
        [*shoe(*TIE).cards, *shoe(*PLAYER_WINS).cards, *shoe(*TIE).cards, *shoe(*PLAYER_WINS).cards]
    )
    game = BaccaratGame(rules, cards)
    rnd = game.start_round()
    rnd.place_bet("a", "player", 500)
    rnd.place_bet("b", "banker", 300)
    rnd.deal()
    s = rnd.settle()
    game.finish_round()
    assert {(b.bettor, b.kind, b.amount) for b in s.carry_over} == {
        ("a", "player", 500),
        ("b", "banker", 300),
    }
    # next round opens with those bets standing; "b" moves his to Player, "a" keeps his
    rnd = game.start_round()
    assert rnd.bets_of("a") == {"player": 500} and rnd.bets_of("b") == {"banker": 300}
    assert rnd.log[0].command == "carry_bets"
    rnd.withdraw_bet("b", "banker")
    rnd.place_bet("b", "player", 200)
    rnd.deal()
    s = rnd.settle()
    game.finish_round()
    assert {(b.bettor, b.kind, b.payout) for b in s.bets} == {
        ("a", "player", 1000),
        ("b", "player", 400),
    }
    assert game.carried == ()
    # after another tie, a player may simply withdraw the carried bet (art. 12(1))
    rnd = game.start_round()
    rnd.place_bet("a", "banker", 100)
    rnd.deal()
    rnd.settle()
    game.finish_round()
    rnd = game.start_round()
    events = rnd.withdraw_bet("a", "banker")
    assert rnd.bets == ()
    assert [(e.kind, e.data["bettor"], e.data["kind"], e.data["amount"]) for e in events] == [
        ("bet_withdrawn", "a", "banker", 100)
    ]  # the table is told which bet left, and how much


@pytest.mark.cites("pt-812-2015", "rule 23")
def test_portuguese_ties_do_not_carry_rule_23():
    game = BaccaratGame(rules_of("pt-ponto-banca-2015"), shoe(*TIE))
    rnd = game.start_round()
    rnd.place_bet("a", "player", 500)
    rnd.deal()
    rnd.settle()
    game.finish_round()
    assert game.carried == ()


@pytest.mark.cites("macau-baccarat-2004", "art. 2(2)")
def test_demonstration_hands_take_no_bets_art_2_2():
    rules = rules_of("macau-2009", **{"shoe.demonstration_hands": 3})
    game = BaccaratGame(rules, Shoe(rules.shoe, SeededRandomSource(4)))
    rnd = game.start_round()
    assert len(game.demonstrations) == 3
    demo = game.demonstrations[0].round
    assert demo.demonstration and demo.settlement is None
    with pytest.raises(RuleViolation, match="demonstration"):
        demo.place_bet("a", "player", 100)
    rnd.place_bet("a", "player", 10000)


def test_replay_gives_the_same_events():
    rules = rules_of("macau-2009-jackpot-a")
    src_cards = Shoe(rules.shoe, SeededRandomSource(11))
    src_cards.shuffle()
    dealt_before = len(src_cards.dealt)
    rnd = BaccaratRound(rules, src_cards)
    rnd.place_bet("a", "banker", 20000)
    rnd.place_bet("b", "player", 10000)
    rnd.place_bet("a", "jackpot", 5000)
    rnd.withdraw_bet("b", "player")
    rnd.place_bet("b", "tie", 10000)
    rnd.close_betting()
    rnd.deal()
    rnd.settle()
    used = src_cards.dealt[dealt_before:]
    again = replay(rules, StackedCards(used), rnd.log)
    assert again.log == rnd.log
    assert again.settlement == rnd.settlement


@pytest.mark.cites("macau-baccarat-2004", "art. 16", "art. 16(1)", "art. 16(2)")
def test_squeeze_goes_to_the_seated_highest_bettor_art_16():
    """Macau art. 16(1): "A casa reserva-se o direito de permitir ou não o manuseio das cartas
    pelo jogador" (the house may allow squeezing, or not: table.squeeze); art. 16(2): "o
    jogador com a aposta mais elevada, desde que ocupe o respectivo lugar à mesa, tem direito a
    manusear as cartas" (the seated player with the highest bet on a side squeezes it)."""
    rules = rules_of("macau-2009", **{"table.squeeze": True})
    rnd = BaccaratRound(rules, StackedCards([]))
    rnd.place_bet("a", "player", 500)
    rnd.place_bet("b", "player", 900, False)  # standing: may not squeeze
    rnd.place_bet("c", "player", 700)
    rnd.place_bet("d", "banker", 100)
    assert rnd.squeezer("player") == "c" and rnd.squeezer("banker") == "d"
    assert BaccaratRound(rules_of("macau-2009"), StackedCards([])).squeezer("player") is None
    # between equal highest bets the first placed keeps the cards (choice L9); a higher
    # bet placed later takes them
    tied = BaccaratRound(rules, StackedCards([]))
    tied.place_bet("e", "banker", 400)
    tied.place_bet("f", "banker", 400)
    assert tied.squeezer("banker") == "e"
    tied.place_bet("g", "banker", 401)
    assert tied.squeezer("banker") == "g"


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_cards_running_out_mid_deal_leaves_the_round_voidable():
    from croupier.errors import CardsExhausted

    rnd = BaccaratRound(rules_of("pt-ponto-banca-2015"), StackedCards("2S 3H"))
    rnd.place_bet("a", "player", 100)
    with pytest.raises(CardsExhausted):
        rnd.deal()
    s = rnd.void("shoe fault")  # totals never determined: rule 29
    assert s.bets[0].payout == 100
