"""Thousands of coups dealt from seeded shoes, each checked against a model of the texts written
here, independently of the engine: the tableau (Macau DRE 55/2004 art. 9; PT 812/2015 rules
19-20), who wins (art. 11, rule 22) or ties (art. 12, rule 23), the pairs (Despacho 2/2009 art.
13(1)(4)(1); rules 11-12) and the Dragon 7 (art. 13(1)(4)(2)), and how each bet on them settles."""

from __future__ import annotations

import random

import pytest

from croupier.cards import DECK_SIZE, RANKS
from croupier.games.baccarat.coup import deal_coup
from croupier.shoe import StackedCards
from tests.games.baccarat.conftest import play, rules_of
from tests.games.baccarat.test_third_card import ART_9_3

BETS = ("player", "banker", "tie", "player_pair", "banker_pair", "dragon7")


def point(card: int) -> int:
    """Art. 5: figures and tens count 0, the ace 1, the others their face value."""
    rank = RANKS[card // 4]
    return {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0}[rank] if rank in "ATJQK" else int(rank)


def model(cards: list[int]) -> dict:
    """One coup dealt from ``cards`` as the texts write it."""
    player, banker = [cards[0], cards[2]], [cards[1], cards[3]]  # art. 7(1): P, B, P, B
    rest = iter(cards[4:])

    def total(hand):
        return sum(point(c) for c in hand) % 10

    p, b = total(player), total(banker)
    if p < 8 and b < 8:  # art. 9(2), 9(4)(6): a natural stops all drawing
        third = None
        if p < 6:  # art. 9(1): "inferior a 6"
            third = next(rest)
            player.append(third)
        if (b < 6) if third is None else (10 if point(third) == 0 else point(third)) in ART_9_3[b]:
            banker.append(next(rest))  # art. 9(3)(1)-(6)
    p, b = total(player), total(banker)
    winner = "player" if p > b else "banker" if b > p else "tie"  # arts. 11, 12; rules 22, 23
    return {
        "player": tuple(player),
        "banker": tuple(banker),
        "winner": winner,
        # art. 13(1)(4)(1): "duas cartas do mesmo valor ... um valete (J) e outro valete (J)
        # formam um par, mas não um Valete (J) e uma Dama (Q)": the same rank
        "player_pair": RANKS[player[0] // 4] == RANKS[player[1] // 4],
        "banker_pair": RANKS[banker[0] // 4] == RANKS[banker[1] // 4],
        # art. 13(1)(4)(2): "o grupo banqueiro, após ter recebido uma carta adicional, ganha a
        # jogada com o total de 7 (sete) pontos"
        "dragon7": len(banker) == 3 and winner == "banker" and b == 7,
    }


def coups(seed: int, count: int):
    """``count`` coups' cards, from an eight-deck shoe shuffled with ``seed``; one in four has
    its first two cards of a hand made a pair, so that pairs come often."""
    rnd = random.Random(seed)
    shoe = list(range(DECK_SIZE)) * 8
    for _ in range(count):
        cards = rnd.sample(shoe, 6)
        if rnd.random() < 0.25:
            i = rnd.choice((0, 1))
            cards[i + 2] = (cards[i] // 4) * 4 + rnd.randrange(4)
        yield cards


@pytest.mark.cites("macau-baccarat-2004", "art. 6", "art. 6(1)", "art. 6(2)")
@pytest.mark.cites("macau-baccarat-2004", "art. 9", "art. 9(1)", "art. 9(2)", "art. 9(3)")
@pytest.mark.cites("macau-baccarat-2004", "art. 9(4)", "art. 11", "art. 12")
@pytest.mark.cites("pt-812-2015", "rule 1")
@pytest.mark.cites("macau-baccarat-2009", "art. 13", "art. 13(1)")
@pytest.mark.cites("pt-812-2015", "rule 11", "rule 12", "rule 19", "rule 20", "rule 22", "rule 23")
def test_every_coup_is_dealt_and_decided_as_the_texts_write():
    """Art. 6: "O jogo é limitado a dois grupos: 1) O grupo banqueiro («banker»); 2) O grupo
    jogador («player»)"; PT rule 1: the players bet on the hand whose points are 9 "ou a que
    mais desta se aproxime" (or nearest it): each coup's two groups, their cards and who wins,
    as the model below writes them."""
    for cards in coups(2004, 6000):
        want = model(cards)
        coup = deal_coup(StackedCards(list(cards)).draw)
        got = {
            "player": coup.player,
            "banker": coup.banker,
            "winner": coup.winner,
            "player_pair": coup.player_pair,
            "banker_pair": coup.banker_pair,
            "dragon7": coup.dragon7,
        }
        assert got == want, cards


@pytest.mark.cites("macau-baccarat-2004", "art. 11", "art. 12")
@pytest.mark.cites("macau-baccarat-2009", "art. 13", "art. 13(1)", "art. 17", "art. 18")
def test_each_bet_wins_loses_or_stands_as_its_article_says_macau():
    """Art. 11: the higher total wins; art. 12: on a tie the Player and Banker bets stand for
    the next coup; art. 13(1)(4): a pair bet wins on its hand's pair, the Dragon 7 bet on a
    three-card Banker 7 that wins."""
    rules = rules_of("macau-2009", **{"bets.side_bets": ["player_pair", "banker_pair", "dragon7"]})
    for cards in coups(2009, 1500):
        want = model(cards)
        s = play(rules, StackedCards(list(cards)), [("a", kind, 100) for kind in BETS])
        outcome = {b.kind: b.outcome for b in s.bets}
        main = {"player": "push", "banker": "push"} if want["winner"] == "tie" else {
            want["winner"]: "win", ({"player", "banker"} - {want["winner"]}).pop(): "lose"
        }  # fmt: skip
        assert {k: outcome[k] for k in main} == main, cards
        assert outcome["tie"] == ("win" if want["winner"] == "tie" else "lose"), cards
        for kind in ("player_pair", "banker_pair", "dragon7"):
            assert outcome[kind] == ("win" if want[kind] else "lose"), (kind, cards)


@pytest.mark.cites("pt-812-2015", "rule 11", "rule 12", "rule 22", "rule 23")
def test_each_bet_wins_loses_or_stands_as_its_rule_says_portugal():
    """Rule 22: "O jogador ganha as suas apostas se a chance em que apostar tiver a pontuação
    mais elevada e perde as suas apostas se a chance contrária ... tiver a pontuação mais
    elevada" (wins if their chance scores higher, loses if the other does); rule 23: on equal
    scores the tie bets win and the Player and Banker bets "não perdem nem ganham" (neither
    lose nor win: returned); rules 11-12: a pair bet wins on its chance's pair, K, Q, J and 10
    each pairing only with their own kind."""
    rules = rules_of("pt-ponto-banca-2015")
    for cards in coups(2015, 1500):
        want = model(cards)
        bets = [("b" if k == "banker" else "a", k, 100) for k in BETS[:5]]  # rule 13: two bettors
        s = play(rules, StackedCards(list(cards)), bets)
        outcome = {b.kind: (b.outcome, b.payout) for b in s.bets}
        if want["winner"] == "tie":
            assert outcome["player"] == outcome["banker"] == ("push", 100), cards
            assert s.carry_over == ()
        else:
            loser = ({"player", "banker"} - {want["winner"]}).pop()
            assert outcome[want["winner"]][0] == "win" and outcome[loser] == ("lose", 0), cards
        assert outcome["tie"][0] == ("win" if want["winner"] == "tie" else "lose"), cards
        for kind in ("player_pair", "banker_pair"):
            assert outcome[kind][0] == ("win" if want[kind] else "lose"), (kind, cards)
