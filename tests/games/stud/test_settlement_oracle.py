"""Every bet of a stud round settled as art. 9 writes it, checked over many seeded rounds.

The expectations here are derived from the regulation's text (DRE 61/2004), bet by bet, and
compared with the whole :class:`StudSettlement` the engine returns: each bet's outcome, payout
and commission, each hand's record, the dealer's qualification and the house's result.

Art. 9(1): "A «mão» do «croupier» deve ter pelo menos o valor de «poker» de um Às e um Rei (K)"
(the dealer's hand must hold at least ace-king to open the players' hands).
Art. 9(2): "as apostas adicionais ... são consideradas nulas, e são devolvidas aos jogadores,
enquanto as apostas iniciais são pagas 1 para 1" (not qualifying: raises returned, antes paid
1 to 1).
Art. 9(4): "Se, o valor da «mão» do «croupier» for superior à «mão» do jogador, o «croupier»
recolhe a aposta inicial e a aposta adicional" (the dealer's better hand takes both bets).
Art. 9(5): "Se, o valor da «mão» do jogador for superior ..., este paga a aposta inicial 1 para
1 e a aposta adicional, de acordo com a seguinte tabela de prémios" (the player's better hand:
ante 1 to 1, raise by the paytable, four of a kind and better "não pode exceder o montante
máximo por jogo preestabelecido pela casa").
Art. 6(6): the raise is twice the ante; art. 6(7): a hand that does not raise is lost, its ante
collected. Art. 10(2): a jackpot bet on a royal flush, straight flush, four of a kind, full house
or flush wins; art. 10(3): the fixed sums are announced at the table.
"""

from __future__ import annotations

import random

import pytest

from croupier.cards import parse_cards
from croupier.games.stud.evaluator import category_of, rank5
from croupier.games.stud.round import StudRound
from tests.games.stud.conftest import stud_rules
from tests.games.stud.stacks import stud_deck

# Art. 9(5)(1)-(9): what the raise pays, to one (the royal flush at the table's 50..100).
PAYTABLE = {
    "high_card": 1,
    "one_pair": 1,
    "two_pairs": 2,
    "three_of_a_kind": 3,
    "straight": 4,
    "flush": 5,
    "full_house": 7,
    "four_of_a_kind": 20,
    "straight_flush": 50,
}
CAPPED = {"four_of_a_kind", "straight_flush", "royal_flush"}  # art. 9(5)(7)-(9)
JACKPOT_HANDS = {"royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush"}
FIXED = {"four_of_a_kind": 100000, "full_house": 30000, "flush": 20000}  # art. 10(2)(3)-(5)

# Hands of every category (art. 8), dealt to players and dealer in random disjoint sets.
CATALOGUE = [
    "AS KS QS JS TS",
    "AH KH QH JH TH",
    "9D 8D 7D 6D 5D",
    "5C 4C 3C 2C AC",
    "QC QD QH QS 3S",
    "2D 2H 2S 2C 9C",
    "KC KD KH 3C 3D",
    "7S 7C 7D 2H 2S",
    "2H 5H 9H JH KH",
    "3S 6S 8S TS QS",
    "6C 7D 8H 9S TC",
    "AH 2D 3S 4C 5H",
    "8C 8D 8S 4H 6C",
    "JC JD 4S 4D 9S",
    "TH TD 6S 6D 2D",
    "AC AD 7H 5S 3H",
    "3C 3H 9D 6H 4D",
    "AD KC 9S 6D 2C",  # ace-king: the least hand that qualifies (art. 9(1))
    "AS KD 9C 6S 2D",
    "AS QD 9C 6S 2D",  # ace-queen: does not qualify
    "KD QC 9H 7C 4S",
    "JD 9C 7S 5D 3C",
]


def qualifies(cards) -> bool:
    """Art. 9(1), from the text: a pair or better, or ace and king among five odd cards."""
    if category_of(rank5(cards)) != "high_card":
        return True
    ranks = {c // 4 for c in cards}
    return {12, 11} <= ranks  # ace and king


def random_round(rnd: random.Random):
    while True:
        n = rnd.randint(1, 7)
        picks = rnd.sample(CATALOGUE, n + 1)
        cards = [c for p in picks for c in parse_cards(p)]
        if len(set(cards)) == len(cards):
            return picks[:n], picks[n]


@pytest.mark.cites("macau-stud-2004", "art. 9", "art. 9(1)", "art. 9(2)", "art. 9(4)", "art. 9(5)")
@pytest.mark.cites("macau-stud-2004", "art. 6", "art. 6(6)", "art. 6(7)", "art. 10", "art. 10(2)")
@pytest.mark.parametrize("seed", range(60))
def test_every_bet_settles_as_article_9_writes_it(seed):
    rnd = random.Random(seed)
    hands, dealer = random_round(rnd)
    cap = rnd.choice([None, 150_000, 1_000_000])
    royal = rnd.choice([50, 100])
    overrides = {"paytable.royal_flush": royal}
    if cap is not None:
        overrides["table.max_payout_per_game"] = cap
    rules = stud_rules(**overrides)
    pool = rnd.choice([None, 5_000_000])
    game = StudRound(rules, stud_deck(hands, dealer), jackpot_pool=pool)
    antes, jackpots, decisions = {}, set(), {}
    for seat in range(1, len(hands) + 1):
        antes[seat] = rnd.choice([100, 500, 2_000, 10_000])
        game.place_bet(f"p{seat}", "ante", antes[seat], box=seat)
        if rnd.random() < 0.5:
            game.place_bet(f"p{seat}", "jackpot", 100, box=seat)
            jackpots.add(seat)
    game.deal()
    for seat in antes:
        decisions[seat] = rnd.choice(["raise", "raise", "fold"])
        game.decide_seat(seat, decisions[seat])
    s = game.settle()

    d_cards = parse_cards(dealer)
    d_rank = rank5(d_cards)
    assert s.dealer_qualifies is qualifies(d_cards)
    assert s.dealer_category == category_of(d_rank)
    expected = []
    for seat, hand in enumerate(hands, start=1):
        cards = parse_cards(hand)
        rank, cat = rank5(cards), category_of(rank5(cards))
        ante, player = antes[seat], f"p{seat}"
        folded = decisions[seat] == "fold"
        [record] = [h for h in s.hands if h.seat == seat]
        assert (record.player, record.cards, record.category, record.rank) == (
            player,
            tuple(cards),
            cat,
            rank,
        )
        assert (record.folded, record.dead, record.beats_dealer) == (folded, False, rank > d_rank)
        if folded:  # art. 6(7): the hand is lost, its ante collected
            expected.append((player, "ante", ante, "lose", 0))
        elif not qualifies(d_cards):  # art. 9(2)
            expected.append((player, "ante", ante, "win", 2 * ante))
            expected.append((player, "raise", 2 * ante, "push", 2 * ante))
        elif d_rank > rank:  # art. 9(4)
            expected.append((player, "ante", ante, "lose", 0))
            expected.append((player, "raise", 2 * ante, "lose", 0))
        else:  # art. 9(5): ante 1 to 1, raise (art. 6(6): twice the ante) by the paytable
            prize = 2 * ante * (royal if cat == "royal_flush" else PAYTABLE[cat])
            if cat in CAPPED and cap is not None:
                prize = min(prize, cap)
            expected.append((player, "ante", ante, "win", 2 * ante))
            expected.append((player, "raise", 2 * ante, "win", 2 * ante + prize))
        if seat in jackpots:  # art. 10(2): the jackpot hands win, a folded hand never (6(7))
            wins = not folded and cat in JACKPOT_HANDS
            outcome = "win" if wins else "lose"
            if not wins:
                expected.append((player, "jackpot", 100, "lose", 0))
                [bet] = [b for b in s.bets if b.box == seat and b.kind == "jackpot"]
                assert ("6(7)" in bet.reason) is folded  # a folded hand lost it by art. 6(7)
            elif cat in FIXED:
                expected.append((player, "jackpot", 100, "win", FIXED[cat]))
            else:
                [bet] = [b for b in s.bets if b.box == seat and b.kind == "jackpot"]
                assert bet.outcome == outcome and bet.payout > 0
                expected.append((player, "jackpot", 100, "win", bet.payout))
    got = [(b.bettor, b.kind, b.stake, b.outcome, b.payout) for b in s.bets]
    assert sorted(got) == sorted(expected)
    assert all(b.commission == 0 for b in s.bets)
    # The house keeps what the bets lost, less what went to the jackpot's pool (art. 10(8)).
    if s.jackpot:
        assert s.jackpot.pool.before == (pool or rules.jackpot.seed)
    pool_change = s.jackpot.pool.after - s.jackpot.pool.before if s.jackpot else 0
    assert s.house_result == sum(b.stake - b.payout for b in s.bets) - pool_change
    assert s.conserved and s.carry_over == () and s.void is False and s.reason is None


@pytest.mark.cites("macau-stud-2004", "art. 9", "art. 10", "art. 10(1)", "art. 11", "art. 11(1)")
def test_a_carried_jackpot_bet_with_no_ante_waits_for_the_next_round_art_11_1():
    """Art. 11(1): on a void round "as apostas realizadas no «jackpot progressivo» são
    transferidas automaticamente para a jogada seguinte" (the jackpot bets pass to the next
    round); art. 10(1): a jackpot bet plays with an ante on its hand. Seat 2 holds only a
    carried jackpot bet: it is not dealt, its bet is neither won nor lost but returned to the
    next round whole, and the round's other bets settle as art. 9 writes them."""
    from croupier.games.protocol import Bet

    carried = [Bet("p2", "jackpot", 100, True, 2)]
    game = StudRound(stud_rules(), stud_deck(["2S 2H 5C 7D 9S"], "AS KD 7C 5H 3D"), carried=carried)
    game.place_bet("p1", "ante", 100, box=1)
    game.deal()
    game.decide_seat(1, "raise")
    s = game.settle()
    [waiting] = [b for b in s.bets if b.box == 2]
    assert (waiting.bettor, waiting.kind, waiting.stake, waiting.outcome) == (
        "p2",
        "jackpot",
        100,
        "push",
    )
    assert (waiting.payout, waiting.commission) == (100, 0) and "11(1)" in waiting.reason
    assert s.carry_over == (Bet("p2", "jackpot", 100, True, 2),)
    assert [h.seat for h in s.hands] == [1]
    assert s.house_result == sum(b.stake - b.payout for b in s.bets) and s.conserved


@pytest.mark.cites("macau-stud-2004", "art. 9", "art. 10", "art. 10(2)", "art. 10(8)")
@pytest.mark.parametrize("hand", ["AS KS QS JS TS", "9D 8D 7D 6D 5D", "KC KD KH 3C 3D"])
def test_the_house_result_counts_what_the_jackpot_took_and_paid_art_10_8(hand):
    """Art. 10(2)(1): a royal flush wins "100% do «jackpot»"; art. 10(8): "não restando
    qualquer montante do bolo, o valor do «jackpot» recomeça de acordo com o montante mínimo
    estabelecido" (an emptied pool restarts at its minimum, which the house funds). The house's
    result is what the bets lost less what the pool gained, to the unit, whatever paid."""
    game = StudRound(stud_rules(), stud_deck([hand], "AD KC 9S 6D 2C"), jackpot_pool=30_000_000)
    game.place_bet("p1", "ante", 100, box=1)
    game.place_bet("p1", "jackpot", 100, box=1)
    game.deal()
    game.decide_seat(1, "raise")
    s = game.settle()
    movement = s.jackpot.pool
    assert movement.before == 30_000_000
    lost_by_bets = sum(b.stake - b.payout for b in s.bets)
    assert s.house_result == lost_by_bets - (movement.after - movement.before)
    if hand.startswith("AS"):  # the royal flush empties the pool; the house refills it
        assert movement.after == 100_000 and movement.house_funding == 100_000
