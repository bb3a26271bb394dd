"""A live blackjack table through a real server on both databases (issue 31): the engine asks
for each card as it plays (the boxes' and the dealer's first cards, a card for each hit, double
and split, the dealer's draw by Macau blackjack art. 6(1)), the physical shoe sends them one at
a time, an online player and a box the dealer entered decide in turn, and every balance is what
the dealt-shoe engine pays on the same cards and decisions. A card the dealer takes after
standing is refused by art. 6(1) with its remedies; kept, it is the next round's first card."""

from __future__ import annotations

import random
from typing import Any

import pytest

from croupier.cards import card_text, new_decks, parse_card
from croupier.games.blackjack.round import BlackjackRound
from croupier.people import Player
from croupier.rulesets import load_ruleset
from croupier.server.boxes import box_name
from croupier.shoe import StackedCards
from tests.server.conftest import RunningServer

RULESET = "macau-blackjack-2007"
DEPOSIT = 100_000_00
BET = 100_00
ROUNDS = 10


def _card(server: RunningServer, table: int, card: str, **fields: Any) -> Any:
    body = {"card": card, "source": "shoe-1", **fields}
    return server.http.post(f"/tables/{table}/cards", json=body, headers=server.operator)


def _box_net(server: RunningServer, table: int, box: int) -> int:
    casino = server.casino
    found = casino.players.by_name(box_name(table, box))
    assert isinstance(found, Player)
    return casino.ledger.balance(casino.players.account(found, "MOP"))


def _table(server: RunningServer) -> tuple[int, dict[str, str]]:
    table = server.open_table(ruleset=RULESET, live=True, betting_seconds=10, pause_seconds=0)
    ana = server.player("ana", DEPOSIT, currency="MOP")
    server.sit(table["id"], ana, seat=1)
    return int(table["id"]), ana


def _play_a_round(
    server: RunningServer, table: int, ana: dict[str, str], shoe: list[int], rng: random.Random
) -> tuple[list[int], list[tuple[str, str]], dict[str, int]]:
    """Ana (seat 1) and box 3 bet; the shoe sends each card the table asks for; each hand's
    decision is one of those its turn offers, at random (a split or insurance whenever
    offered, as they are rare). The cards sent, the decisions in order, each bettor's box."""
    assert server.bet(table, ana, "bet", BET).status_code == 201
    placed = server.http.post(
        f"/tables/{table}/boxes/3/bets",
        json={"kind": "bet", "amount": BET},
        headers=server.operator,
    )
    assert placed.status_code == 201, placed.text
    running = server.casino.tables[table]
    rnd = running.in_play.round
    boxes = {"ana": rnd.box_of("ana"), box_name(table, 3): rnd.box_of(box_name(table, 3))}
    assert boxes == {"ana": 1, box_name(table, 3): 3}  # each plays its seat's box (choice D7)
    number = rnd.number
    server.advance(10)
    sent: list[int] = []
    decided: list[tuple[str, str]] = []
    for _ in range(300):
        rnd = running.in_play.round
        if rnd.number != number:
            return sent, decided, boxes  # settled: the next round takes bets
        due = server.view(table)["live"]["next"]
        if due is not None:
            card = shoe.pop()
            answer = _card(server, table, card_text(card))
            assert answer.status_code == 200, answer.text
            assert answer.json()["to"] == due
            sent.append(card)
            continue
        bettor = rnd.undecided_bettors()[0]
        options = rnd.options(bettor)
        rare = [d for d in ("split", "insurance") if d in options]  # played when offered
        decision = rare[0] if rare else rng.choice(options)
        if bettor == "ana":
            url, headers = f"/tables/{table}/decisions", server.auth(ana)
        else:
            url, headers = f"/tables/{table}/boxes/3/decisions", server.operator
        answer = server.http.post(url, json={"decision": decision}, headers=headers)
        assert answer.status_code == 200, answer.text
        decided.append((bettor, decision))
    raise AssertionError("the round did not end")


def _engine_nets(
    sent: list[int], decided: list[tuple[str, str]], boxes: dict[str, int]
) -> dict[str, int]:
    """Each bettor's net, as the dealt-shoe engine plays the same cards and decisions."""
    rnd = BlackjackRound(load_ruleset(RULESET).rules, StackedCards(sent))
    for bettor, box in boxes.items():
        rnd.place_bet(bettor, "bet", BET, box=box)
    rnd.close_betting()
    rnd.deal()
    for bettor, decision in decided:
        rnd.decide(bettor, decision)
    nets = dict.fromkeys(boxes, 0)
    for bet in rnd.settle().bets:
        nets[bet.bettor] += bet.payout - bet.stake
    return nets


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)", "art. 6(3)")
def test_live_blackjack_rounds_settle_as_the_dealt_engine(server: RunningServer) -> None:
    """Ten rounds from a shuffled six-deck shoe, random legal decisions (insurance, hits,
    doubles, splits, surrenders, stands) by an online player and by a box the dealer entered:
    the table asks for every card where the engine plays it, and after each round both
    balances have moved by what the dealt-shoe engine pays on the same cards and decisions."""
    table, ana = _table(server)
    rng = random.Random(2)
    shoe = new_decks(6)
    rng.shuffle(shoe)
    box = box_name(table, 3)
    ana_before, box_before = DEPOSIT, 0
    kinds: set[str] = set()
    for _ in range(ROUNDS):
        sent, decided, boxes = _play_a_round(server, table, ana, shoe, rng)
        nets = _engine_nets(sent, decided, boxes)
        ana_now, box_now = server.balance(ana, "MOP"), _box_net(server, table, 3)
        assert (ana_now - ana_before, box_now - box_before) == (nets["ana"], nets[box])
        ana_before, box_before = ana_now, box_now
        kinds |= {d for _, d in decided}
    assert {"hit", "stand", "double", "split", "insurance", "surrender"} <= kinds
    assert server.audit()["balanced"]


@pytest.mark.cites("macau-blackjack-2007", "art. 6(1)")
def test_a_card_the_dealer_takes_after_standing_is_refused_by_art_6_1(
    server: RunningServer,
) -> None:
    """Art. 6(1): "Se a banca tomar, indevidamente, uma carta adicional, esta considera-se
    inválida e é retirada, podendo, no entanto, considerar-se válida se não tiver sido
    mostrada". Ana stands on 20 against the dealer's 7; the dealer draws a K: 17, stands,
    the round settles. A further card to the dealer is refused naming art. 6(1): shown, it can
    only be withdrawn; not shown, it may be kept, and kept it is the next round's first card
    (Ana's). A card to a place the engine does not want is refused naming the place."""
    table, ana = _table(server)
    assert server.bet(table, ana, "bet", BET).status_code == 201
    server.advance(10)
    wrong_place = _card(server, table, "TS", to="dealer")
    assert wrong_place.status_code == 422 and wrong_place.json()["detail"]["field"] == "to"
    for card in ("TS", "7H", "KS"):  # box 1, the dealer, box 1 again (no hole card)
        assert _card(server, table, card).status_code == 200
    stood = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "stand"}, headers=server.auth(ana)
    )
    assert stood.status_code == 200 and stood.json()["waiting_for"] == "dealer"
    last = _card(server, table, "KD")  # 7 K = 17: the dealer stands (art. 6(1))
    assert last.status_code == 200 and "settlement" in last.json()
    assert server.balance(ana, "MOP") == DEPOSIT + BET  # 20 beats 17
    shown = _card(server, table, "5C", face_up=True)
    assert shown.status_code == 422
    detail = shown.json()["detail"]
    assert "art. 6(1)" in detail["rule"] and detail["remedies"] == ["correct"]
    hidden = _card(server, table, "5C")
    assert hidden.json()["detail"]["remedies"] == ["keep", "correct"]
    kept = server.http.post(
        f"/tables/{table}/remedies",
        json={"card": "5C", "remedy": "keep", "source": "shoe-1"},
        headers=server.operator,
    )
    assert kept.status_code == 200, kept.text and kept.json()["event"] == "card_kept"
    assert server.bet(table, ana, "bet", BET).status_code == 201
    server.advance(10)
    assert server.view(table)["live"]["next"] == "dealer"  # box 1's first card is the 5C
    rnd = server.casino.tables[table].in_play.round
    assert rnd.boxes[1].hands == [] or rnd.boxes[1].hands[0].cards == []
    for card in ("9D", "6H"):  # the dealer's up card, then box 1's second: 5 6 = 11
        assert _card(server, table, card).status_code == 200
    hand = server.casino.tables[table].in_play.round.boxes[1].hands[0]
    assert hand.cards == [parse_card("5C"), parse_card("6H")]


def test_a_double_the_balance_cannot_cover_is_refused_before_its_card_is_asked(
    server: RunningServer,
) -> None:
    """A double stakes the bet again (art. 17); Ana's balance holds nothing after her bet, so
    her double on 11 is refused naming the balance, and the table asks the shoe for no card
    (a double refused once its card was out would leave a card on the felt for nothing); she
    stands, and the dealer's card is asked for."""
    table = server.open_table(ruleset=RULESET, live=True, betting_seconds=10, pause_seconds=0)
    ana = server.player("ana", BET, currency="MOP")
    server.sit(table["id"], ana, seat=1)
    assert server.bet(table["id"], ana, "bet", BET).status_code == 201
    server.advance(10)
    for card in ("5S", "7H", "6S"):  # box 1, the dealer, box 1: 11 against a 7
        assert _card(server, table["id"], card).status_code == 200
    doubled = server.http.post(
        f"/tables/{table['id']}/decisions", json={"decision": "double"}, headers=server.auth(ana)
    )
    assert doubled.status_code == 422 and doubled.json()["detail"]["field"] == "decision"
    assert server.view(table["id"])["live"]["next"] is None
    stood = server.http.post(
        f"/tables/{table['id']}/decisions", json={"decision": "stand"}, headers=server.auth(ana)
    )
    assert stood.status_code == 200 and stood.json()["waiting_for"] == "dealer"
