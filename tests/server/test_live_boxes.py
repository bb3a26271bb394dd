"""The boxes of a live table (issue 31(4)) through a real server on both databases: the dealer
enters the bets of the players standing at the physical table, box by box, beside the remote
players betting online; one set of cards settles both, and a box is paid what a remote player
with the same bet is paid. A box's chips are on the felt: no wallet limits its stake, its
account is the house's, and the ledger books what it won or lost."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.sync.client import connect as ws_connect

from croupier.cards import card_text
from croupier.games.stud.round import StudRound
from croupier.people import Player
from croupier.rulesets import load_ruleset
from croupier.server.boxes import box_name
from croupier.shoe import StackedCards
from tests.server.conftest import RunningServer, receive_until

BACCARAT = "pt-ponto-banca-2015"
BURN = ("2C", "4C", "5C")  # art. 2(1): the first card's face value, two more, burned
COUP = ("3S", "2S", "3H", "2H", "5D")  # Player 6 stands, Banker 4 draws a 5: Banker 9 wins
DEPOSIT = 1_000_00


def _card(server: RunningServer, table: int, card: str) -> Any:
    body = {"card": card, "source": "shoe-1"}
    return server.http.post(f"/tables/{table}/cards", json=body, headers=server.operator)


def _box_bet(server: RunningServer, table: int, box: Any, kind: str, amount: int) -> Any:
    return server.http.post(
        f"/tables/{table}/boxes/{box}/bets",
        json={"kind": kind, "amount": amount},
        headers=server.operator,
    )


def _box_net(server: RunningServer, table: int, box: int, currency: str) -> int:
    """What the box has won from the table, net: its account in the ledger."""
    casino = server.casino
    found = casino.players.by_name(box_name(table, box))
    assert isinstance(found, Player) and found.role == "box"
    return casino.ledger.balance(casino.players.account(found, currency))


def _burned_baccarat_table(server: RunningServer) -> int:
    table = server.open_table(ruleset=BACCARAT, live=True, betting_seconds=10, pause_seconds=0)
    for card in BURN:
        assert _card(server, table["id"], card).status_code == 200
    return int(table["id"])


def test_a_box_the_dealer_entered_is_paid_as_a_remote_player_with_the_same_bet(
    server: RunningServer,
) -> None:
    """Ana bets 20.00 on Banker online from seat 1; the dealer enters the same bet for box 3 and
    10.00 on Player for box 5, neither of which holds a wallet. With the coup's cards the round
    settles: box 3 has won what Ana has won, box 5 has lost its 10.00, the table's watchers
    were told each box's bet with its seat, and the ledger still balances."""
    table = _burned_baccarat_table(server)
    ana = server.player("ana", DEPOSIT)
    server.sit(table, ana, seat=1)
    with server.watch(table) as watcher:
        assert server.bet(table, ana, "banker", 20_00).status_code == 201
        placed = _box_bet(server, table, 3, "banker", 20_00)
        assert placed.status_code == 201, placed.text
        assert placed.json()["box"] == 3 and placed.json()["seat"] == 3
        assert _box_bet(server, table, 5, "player", 10_00).status_code == 201
        told = receive_until(watcher, "bets")[-1]
        seen = {b["seat"] for b in told["bets"]}
        while seen != {1, 3, 5}:
            seen |= {b["seat"] for b in receive_until(watcher, "bets")[-1]["bets"]}
        server.advance(10)
        for card in COUP:
            answer = _card(server, table, card)
            assert answer.status_code == 200, answer.text
        settled = answer.json()["settlement"]
        assert settled["result"]["winner"] == "banker"
    won = server.balance(ana) - DEPOSIT
    assert won == 19_00  # 1:1 less the 5% commission (PT rule 24)
    assert _box_net(server, table, 3, "EUR") == won
    assert _box_net(server, table, 5, "EUR") == -10_00
    by_seat = {b["seat"]: b for b in settled["bets"]}
    assert by_seat[3]["payout"] == by_seat[1]["payout"] == 39_00
    assert by_seat[5]["outcome"] == "lose"
    assert server.audit()["balanced"]


def test_a_box_bet_is_judged_by_the_table_and_its_refusal_changes_nothing(
    server: RunningServer,
) -> None:
    """A box's bet meets the table's limits and betting window as any bet does; its number is
    a seat of the table; a seat a remote player holds is not a box; only a live table has
    boxes; only an operator enters them; and a refused box bet stakes nothing."""
    table = _burned_baccarat_table(server)
    ana = server.player("ana", DEPOSIT)
    server.sit(table, ana, seat=2)
    seats = server.view(table)["seats"]
    over = _box_bet(server, table, seats + 1, "banker", 10_00)
    assert over.status_code == 422 and over.json()["detail"]["field"] == "box"
    held = _box_bet(server, table, 2, "banker", 10_00)
    assert held.status_code == 422 and held.json()["detail"]["field"] == "seat"
    too_small = _box_bet(server, table, 4, "banker", 1)
    assert too_small.status_code == 422 and too_small.json()["detail"]["field"] == "amount"
    assert _box_net(server, table, 4, "EUR") == 0  # seated, nothing staked
    unknown = _box_bet(server, table, 4, "dragon", 10_00)
    assert unknown.status_code == 422
    as_player = server.http.post(
        f"/tables/{table}/boxes/4/bets",
        json={"kind": "banker", "amount": 10_00},
        headers=server.auth(ana),
    )
    assert as_player.status_code == 403
    own = server.open_table(ruleset=BACCARAT)["id"]
    not_live = _box_bet(server, own, 1, "banker", 10_00)
    assert not_live.status_code == 422 and not_live.json()["detail"]["field"] == "table"
    assert server.bet(table, ana, "player", 10_00).status_code == 201
    server.advance(10)  # "no more bets": the round waits for its cards
    late = _box_bet(server, table, 4, "banker", 10_00)
    assert late.status_code == 422 and late.json()["detail"]["field"] == "phase"
    ana_seat = next(s["seat"] for s in server.view(table)["seated"] if s["player"] == "ana")
    assert server.view(table)["bets"] == [
        {"player": "ana", "seat": ana_seat, "kind": "player", "amount": 10_00}
    ]
    assert server.audit()["balanced"]


def test_no_player_can_take_a_boxs_name_and_a_box_never_signs_in(server: RunningServer) -> None:
    """A box's name holds a "/" (``box 3/table 1``), which a player's name may not (it is part
    of the player's addresses): nobody registers it first, and a box cannot be reached under
    /players (no deposit, no token)."""
    table = _burned_baccarat_table(server)
    name = box_name(table, 3)
    taken = server.http.post("/players", json={"name": name}, headers=server.operator)
    assert taken.status_code == 422 and "/" in taken.text
    assert _box_bet(server, table, 3, "banker", 10_00).status_code == 201
    login = server.http.post("/login", json={"name": name, "password": "x" * 8})
    assert login.status_code in (401, 422)


@pytest.mark.cites("pt-812-2015", "rule 35", "rule 36")
def test_a_box_is_not_ended_for_inactivity(server: RunningServer) -> None:
    """PT 812/2015 rules 35-36 invite, warn and end an online player who does not bet for more
    than five rounds; a box is a place on the felt, not an online session: it stays seated,
    while an online player who bet as little is ended."""
    table = _burned_baccarat_table(server)
    ana = server.player("ana", DEPOSIT)
    server.sit(table, ana, seat=1)
    assert _box_bet(server, table, 3, "banker", 10_00).status_code == 201
    taken_back = server.http.delete(f"/tables/{table}/boxes/3/bets/banker", headers=server.operator)
    assert taken_back.status_code == 200 and taken_back.json()["box"] == 3
    for _ in range(8):  # windows with no bet at all deal no coup (rule 35(b))
        rider = _box_bet(server, table, 6, "tie", 1_00)
        assert rider.status_code == 201, rider.text
        server.advance(10)
        for card in COUP:
            assert _card(server, table, card).status_code == 200
    seated = {s["seat"] for s in server.view(table)["seated"]}
    assert 3 in seated and 6 in seated
    assert 1 not in seated  # Ana did not bet in more than five rounds: ended (rule 36)


@pytest.mark.cites("macau-stud-2004", "art. 6(6)", "art. 10(1)")
def test_a_stud_box_raises_with_its_chips_and_buys_a_jackpot_ticket(
    server: RunningServer,
) -> None:
    """Art. 6(6): a raise is twice the ante; art. 10(1): a jackpot bet goes with an ante. The
    dealer enters box 2's ante and jackpot ticket and, after the deal, its raise, as Ana does
    online from box 1 with the same bets: no wallet stops the box's raise, the jackpot pool
    grows by both tickets' contributions, and the box and Ana come out as the engine says."""
    table = server.open_table(
        ruleset="macau-stud-2004",
        live=True,
        betting_seconds=10,
        pause_seconds=0,
    )["id"]
    ana = server.player("ana", DEPOSIT * 10, currency="MOP")
    server.sit(table, ana, seat=1)
    before = server.view(table)["jackpot"]
    for kind, amount in (("ante", 100_00), ("jackpot", 20_00)):
        assert server.bet(table, ana, kind, amount).status_code == 201
        assert _box_bet(server, table, 2, kind, amount).status_code == 201
    deck = list(range(52))
    random.Random(61).shuffle(deck)
    cards = deck[:15]
    server.advance(10)
    for card in cards:
        answer = _card(server, table, card_text(card))
        assert answer.status_code == 200, answer.text
    raised = server.http.post(
        f"/tables/{table}/boxes/2/decisions", json={"decision": "raise"}, headers=server.operator
    )
    assert raised.status_code == 200, raised.text
    decided = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
    )
    assert decided.status_code == 200, decided.text
    engine = _stud_net(cards)
    assert server.balance(ana, "MOP") - DEPOSIT * 10 == engine[1]
    assert _box_net(server, table, 2, "MOP") == engine[2]
    assert server.view(table)["jackpot"] > before
    assert server.audit()["balanced"]


def _stud_net(cards: list[int]) -> dict[int, int]:
    """Each box's net as the dealt engine settles the same cards and bets (both raise)."""
    rnd = StudRound(load_ruleset("macau-stud-2004").rules, StackedCards(cards))
    for box in (1, 2):
        rnd.place_bet(f"p{box}", "ante", 100_00, box=box)
        rnd.place_bet(f"p{box}", "jackpot", 20_00, box=box)
    rnd.close_betting()
    rnd.deal()
    for box in (1, 2):
        rnd.decide_seat(box, "raise")
    net = {1: 0, 2: 0}
    for bet in rnd.settle().bets:
        net[int(bet.bettor[1])] += bet.payout - bet.stake
    return net


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_round_the_server_stopped_in_returns_every_box_its_stake(database_url: str) -> None:
    """PT 812/2015 rule 29: a round a malfunction interrupts is void and its stakes returned.
    The server stops while a live round waits for its cards, with a box's bet and an online
    player's on it: the server that takes over the database voids the round and returns both,
    the box's to its account as the player's to the wallet (recovery once looked for every
    stake's account among the players' wallets, and left the round open)."""
    first = RunningServer(database_url)
    try:
        table = _burned_baccarat_table(first)
        ana = first.player("ana", DEPOSIT)
        first.sit(table, ana, seat=1)
        assert first.bet(table, ana, "banker", 20_00).status_code == 201
        assert _box_bet(first, table, 3, "player", 30_00).status_code == 201
        first.advance(10)
        for card in COUP[:2]:
            assert _card(first, table, card).status_code == 200
        assert _box_net(first, table, 3, "EUR") == -30_00
    finally:
        first.stop()
    second = RunningServer(database_url)
    try:
        assert not second.casino.records.recovery.unrecovered
        assert second.balance(ana) == DEPOSIT
        assert _box_net(second, table, 3, "EUR") == 0
        assert second.audit()["balanced"]
    finally:
        second.stop()


def test_a_chip_sensing_device_enters_box_bets_over_the_device_socket(
    server: RunningServer,
) -> None:
    """The device protocol carries the boxes' bets too (a chip-sensing system, or the dealer's
    console): a bet is answered "placed" with its box and seat, a malformed one is refused
    naming its field and stakes nothing, a withdrawal is answered "withdrawn", and a decision
    with no round to decide is refused."""
    table = _burned_baccarat_table(server)
    url = f"ws://127.0.0.1:{server.port}/tables/{table}/device"
    with ws_connect(url, additional_headers=server.operator) as ws:
        json.loads(ws.recv(timeout=10))  # the table's view
        ws.send(json.dumps({"type": "bet", "box": 2, "kind": "tie", "amount": 5_00, "seq": 1}))
        placed = _device_answer(ws)
        assert placed["type"] == "placed" and placed["box"] == 2 and placed["seat"] == 2
        ws.send(json.dumps({"type": "bet", "box": 2, "kind": "tie", "amount": "5"}))
        bad = _device_answer(ws)
        assert bad["type"] == "refused" and bad["field"] == "amount"
        ws.send(json.dumps({"type": "bet", "box": 0, "kind": "tie", "amount": 5_00}))
        assert _device_answer(ws)["field"] == "box"
        ws.send(json.dumps({"type": "withdraw", "box": 2, "kind": "tie"}))
        assert _device_answer(ws)["type"] == "withdrawn"
        ws.send(json.dumps({"type": "decision", "box": 2, "decision": "raise"}))
        assert _device_answer(ws)["type"] == "refused"
    assert server.view(table)["bets"] == []
    assert _box_net(server, table, 2, "EUR") == 0


def _device_answer(ws: Any) -> dict[str, Any]:
    """The next answer of the device socket (the table's own events are passed over)."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] in ("placed", "withdrawn", "decided", "refused"):
            return dict(message)


@pytest.mark.cites("macau-baccarat-2004", "art. 16(1)", "art. 16(2)")
def test_the_table_says_who_may_squeeze_each_hand_when_betting_closes(
    server: RunningServer,
) -> None:
    """Art. 16(2): where the house allows it (16(1)), "o jogador com a aposta mais elevada,
    desde que ocupe o respectivo lugar à mesa, tem direito a manusear as cartas" (the seated
    player with the highest bet on a hand may squeeze its cards). Ana bets 20.00 on Banker
    online, box 3 50.00 on Banker and box 5 10.00 on Player: when betting closes the table
    names box 3 for Banker's cards and box 5 for Player's; at a table that does not allow it,
    no one."""
    for squeeze in (True, False):
        table = server.open_table(
            ruleset="macau-2004",
            overrides={"table.squeeze": squeeze},
            live=True,
            betting_seconds=10,
            pause_seconds=0,
        )["id"]
        while server.view(table)["live"]["next"] == "burn":
            assert _card(server, table, "2C").status_code == 200
        ana = server.player(f"ana{int(squeeze)}", DEPOSIT * 10, currency="MOP")
        server.sit(table, ana, seat=1)
        assert server.bet(table, ana, "banker", 200_00).status_code == 201
        assert _box_bet(server, table, 3, "banker", 500_00).status_code == 201
        assert _box_bet(server, table, 5, "player", 100_00).status_code == 201
        with server.watch(table) as watcher:
            server.advance(10)
            due = receive_until(watcher, "cards_due")[-1]
        if squeeze:
            assert due["squeeze"] == {"player": box_name(table, 5), "banker": box_name(table, 3)}
        else:
            assert "squeeze" not in due
