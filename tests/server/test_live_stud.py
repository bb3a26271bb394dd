"""A live stud table through a real server on both databases (issue 31): the antes taken
online, the cards from the physical shoe (art. 7(1): one at a time, five times round, the
dealer last), the players' decisions after the deal, and the settlement the dealt engine makes
of the same cards and decisions; no card a player holds is told to the table."""

from __future__ import annotations

import random

import pytest

from croupier.cards import card_text
from croupier.games.stud.round import StudRound
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 10_000_00
RULESET = "macau-stud-2004"
ANTE = 100_00


def _engine(cards: list[int]) -> dict[str, int]:
    """Each player's net after the round, as the dealt engine settles it: Ana (box 1) raises,
    Bruno (box 2) folds."""
    rnd = StudRound(load_ruleset(RULESET).rules, StackedCards(cards))
    rnd.place_bet("ana", "ante", ANTE, box=1)
    rnd.place_bet("bruno", "ante", ANTE, box=2)
    rnd.close_betting()
    rnd.deal()
    rnd.decide_seat(1, "raise")
    rnd.decide_seat(2, "fold")
    net = {"ana": 0, "bruno": 0}
    for bet in rnd.settle().bets:
        net[bet.bettor] += bet.payout - bet.stake
    return net


@pytest.mark.cites("macau-stud-2004", "art. 7(1)")
def test_a_live_stud_round_settles_as_the_engine_and_hides_the_hands(
    server: RunningServer,
) -> None:
    """Art. 7(1): from the shoe the cards go "uma de cada vez, individualmente a quem tenha
    colocado apostas, sendo a última carta distribuída ao «croupier», até que todos os
    jogadores tenham recebido 5 cartas". With antes on boxes 1 and 2 the table asks for box 1,
    box 2, the dealer, five times round; the round is then dealt by the engine from those cards,
    the players decide, and the balances are the engine's. A watcher is told where each card
    went, never which card it is."""
    table = server.open_table(ruleset=RULESET, live=True, betting_seconds=10, pause_seconds=0)
    players = {}
    for box, name in enumerate(("ana", "bruno"), start=1):
        players[name] = server.player(name, DEPOSIT, currency="MOP")
        server.sit(table["id"], players[name], seat=box)
        assert server.bet(table["id"], players[name], "ante", ANTE).status_code == 201
    deck = list(range(52))
    random.Random(2004).shuffle(deck)
    cards = deck[:15]
    with server.watch(table["id"]) as watcher:
        server.advance(10)
        assert receive_until(watcher, "cards_due")[-1]["next"] == "box 1"
        asked = []
        for card in cards:
            answer = server.http.post(
                f"/tables/{table['id']}/cards",
                json={"card": card_text(card), "source": "shoe-1"},
                headers=server.operator,
            )
            assert answer.status_code == 200, answer.text
            asked.append(answer.json()["to"])
        assert asked == ["box 1", "box 2", "dealer"] * 5
        assert answer.json()["dealt"]["type"] == "decisions_open"
        told = receive_until(watcher, "decisions_open")
        lives = [m for m in told if m["type"] == "live"]
        assert len(lives) == 15 and all("card" not in m for m in lives)
        assert all(card_text(c) not in str(lives) for c in cards)
    for name, decision in (("ana", "raise"), ("bruno", "fold")):
        decided = server.http.post(
            f"/tables/{table['id']}/decisions",
            json={"decision": decision},
            headers=server.auth(players[name]),
        )
        assert decided.status_code == 200, decided.text
    net = _engine(cards)
    assert {n: server.balance(h, "MOP") - DEPOSIT for n, h in players.items()} == net
    assert server.audit()["balanced"]
