"""A live table through a real server on both databases (issue 31): bets taken online, the
cards from a physical shoe sent card by card (POST /tables/{id}/cards), each checked by the
game's live dealing, the round settled as the dealt engine settles the same cards, and an
irregularity refused with its article and settled by the remedy the dealer confirms."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect as ws_connect

from croupier.cards import parse_card
from croupier.games.baccarat.round import BaccaratRound
from croupier.rulesets import load_ruleset
from croupier.shoe import StackedCards
from tests.server.conftest import OPERATOR_TOKEN, RunningServer, receive_until

DEPOSIT = 1_000_00
RULESET = "pt-ponto-banca-2015"
BETS = [("ana", "banker", 20_00), ("bruno", "player", 10_00), ("bruno", "tie", 2_00)]


BURN = ("2C", "4C", "5C")  # art. 2(1): the first card's face value, two more, burned


def _live_table(server: RunningServer) -> tuple[int, dict[str, dict[str, str]]]:
    """A live table whose new shoe is burned while the first bets are taken (the ruleset burns
    by the first card's face value, art. 2(1)), and three bets on it."""
    table = server.open_table(ruleset=RULESET, live=True, betting_seconds=10, pause_seconds=0)
    for n, card in enumerate(BURN):
        burned = _card(server, table["id"], card)
        assert burned.status_code == 200, burned.text
        assert burned.json()["to"] == "burn"
        assert burned.json()["next"] == ("burn" if n < 2 else None)  # then bets, no card
    players = {}
    for name in ("ana", "bruno"):
        players[name] = server.player(name, DEPOSIT)
        server.sit(table["id"], players[name])
    for name, kind, amount in BETS:
        assert server.bet(table["id"], players[name], kind, amount).status_code == 201
    return table["id"], players


def _card(server: RunningServer, table: int, card: str, to: str | None = None) -> Any:
    body = {"card": card, "to": to, "source": "shoe-1"}
    return server.http.post(f"/tables/{table}/cards", json=body, headers=server.operator)


def _paid_by_the_engine(cards: str) -> dict[str, int]:
    """Each player's balance after the round, as the dealt-shoe engine settles these cards."""
    rnd = BaccaratRound(load_ruleset(RULESET).rules, StackedCards(cards))
    for name, kind, amount in BETS:
        rnd.place_bet(name, kind, amount)
    rnd.close_betting()
    rnd.deal()
    out = {"ana": DEPOSIT, "bruno": DEPOSIT}
    for bet in rnd.settle().bets:
        out[bet.bettor] += bet.payout - bet.stake
    return out


@pytest.mark.cites("macau-baccarat-2004", "art. 7(1)", "art. 9")
def test_a_live_table_settles_the_cards_its_shoe_sends_as_the_engine_does(
    server: RunningServer,
) -> None:
    """The window closes and the round waits for its cards ("cards_due", Player's first); the
    shoe sends P1, B1, P2, B2 and Banker's third (Player 6 stands, Banker 4 draws: art. 9(2),
    9(3)(6)), each told to the table; with the last the round is dealt and settled, and every
    balance is what the dealt-shoe engine pays on the same cards."""
    table, players = _live_table(server)
    with server.watch(table) as ws:
        server.advance(10)
        due = receive_until(ws, "cards_due")[-1]
        assert due["next"] == "player"
        assert server.view(table)["phase"] == "closed"
        for card in ("3S", "2S", "3H", "2H"):
            answer = _card(server, table, card)
            assert answer.status_code == 200, answer.text
            assert "settlement" not in answer.json()
        told = receive_until(ws, "live")[-1]
        assert told["card"] == "3S" and told["to"] == "player" and told["source"] == "shoe-1"
        last = _card(server, table, "5D")
        assert last.status_code == 200, last.text
        assert last.json()["to"] == "banker"
        assert last.json()["settlement"]["result"]["winner"] == "banker"
    paid = _paid_by_the_engine("3S 2S 3H 2H 5D")
    assert {n: server.balance(h) for n, h in players.items()} == paid
    assert server.audit()["balanced"]


@pytest.mark.cites("macau-baccarat-2004", "art. 9(2)", "art. 10")
def test_an_irregular_card_is_refused_with_its_article_then_corrected(
    server: RunningServer,
) -> None:
    """Art. 9(2): Player takes no third card on 6. The dealer puts the fifth card to Player: the
    server refuses it (422) naming art. 9(2), with the remedies of art. 10 and the hand the
    card belongs to, and nothing changes; the dealer's correction puts it to Banker and the
    round settles as the engine settles the corrected cards."""
    table, players = _live_table(server)
    server.advance(10)
    for card in ("3S", "2S", "3H", "2H"):
        assert _card(server, table, card).status_code == 200
    refused = _card(server, table, "5D", "player")
    assert refused.status_code == 422
    detail = refused.json()["detail"]
    assert "art. 9(2)" in detail["rule"] and detail["field"] == "card"
    assert detail["remedies"] == ["correct", "void"] and detail["belongs"] == "banker"
    assert {n: server.balance(h) for n, h in players.items()} == {
        "ana": DEPOSIT - 20_00,
        "bruno": DEPOSIT - 12_00,
    }
    corrected = server.http.post(
        f"/tables/{table}/remedies",
        json={"card": "5D", "to": "player", "remedy": "correct"},
        headers=server.operator,
    )
    assert corrected.status_code == 200, corrected.text
    assert corrected.json()["to"] == "banker" and "art. 9(2)" in corrected.json()["corrected"]
    assert {n: server.balance(h) for n, h in players.items()} == _paid_by_the_engine(
        "3S 2S 3H 2H 5D"
    )


@pytest.mark.cites("macau-baccarat-2004", "art. 10")
def test_a_void_needs_a_supervisor_and_returns_every_stake(server: RunningServer) -> None:
    """Art. 10: the coup is void only if the error cannot be corrected: the void remedy without
    a supervisor is refused (choice D1); with one, the round is void, every stake returned,
    and the next round takes bets again."""
    table, players = _live_table(server)
    server.advance(10)
    for card in ("3S", "2S", "3H", "2H"):
        assert _card(server, table, card).status_code == 200
    remedy = {"card": "5D", "to": "player", "remedy": "void"}
    unsigned = server.http.post(f"/tables/{table}/remedies", json=remedy, headers=server.operator)
    assert unsigned.status_code == 422 and unsigned.json()["detail"]["field"] == "supervisor"
    signed = server.http.post(
        f"/tables/{table}/remedies",
        json={**remedy, "supervisor": "Ana Lee"},
        headers=server.operator,
    )
    assert signed.status_code == 200, signed.text
    assert signed.json()["settlement"]["type"] == "round_void"
    assert {n: server.balance(h) for n, h in players.items()} == {"ana": DEPOSIT, "bruno": DEPOSIT}
    assert server.bet(table, players["ana"], "banker", 5_00).status_code == 201
    assert server.audit()["balanced"]


def test_cards_are_refused_where_no_card_is_due(server: RunningServer) -> None:
    """No card while bets are being taken (once the new shoe is burned), none at a table that
    deals from croupier's own shoe, none from anyone but the operator, and no card that is not
    a card: each refused naming its field, nothing changed (a game with no live dealing is
    refused a live table: tests/games/test_live_registry.py)."""
    table, players = _live_table(server)
    early = _card(server, table, "3S")
    assert early.status_code == 422 and "no card is due" in early.json()["detail"]["message"]
    own = server.open_table(ruleset=RULESET)["id"]
    assert _card(server, own, "3S").json()["detail"]["field"] == "table"
    as_player = server.http.post(
        f"/tables/{table}/cards", json={"card": "3S"}, headers=server.auth(players["ana"])
    )
    assert as_player.status_code in (401, 403)
    bad = server.http.post(f"/tables/{table}/cards", json={"card": "ZZ"}, headers=server.operator)
    assert bad.status_code == 422
    server.advance(10)
    assert server.view(table)["phase"] == "closed"  # the bets wait for their cards


def test_shoe_sim_deals_a_live_round_over_the_device_socket(server: RunningServer) -> None:
    """``croupier shoe-sim`` plays a card-reading shoe at the live table: connected to its
    device WebSocket with an operator's token, it burns the new shoe while bets are taken (the
    view says a burn is due), waits, deals each card the table asks for once betting closes,
    and stops when the round is settled; every balance is what the dealt-shoe engine pays."""
    table = server.open_table(ruleset=RULESET, live=True, betting_seconds=10, pause_seconds=0)
    players = {name: server.player(name, DEPOSIT) for name in ("ana", "bruno")}
    for headers in players.values():
        server.sit(table["id"], headers)
    for name, kind, amount in BETS:
        assert server.bet(table["id"], players[name], kind, amount).status_code == 201
    shoe = " ".join([*BURN, "3S", "2S", "3H", "2H", "5D"])
    command = [sys.executable, "-m", "croupier", "shoe-sim", "--url", server.base]
    command += ["--table", str(table["id"]), "--cards", shoe, "--coups", "1", "--wait", "30"]
    device = subprocess.Popen(
        command,
        env={**os.environ, "CROUPIER_OPERATOR_TOKEN": OPERATOR_TOKEN},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while server.view(table["id"])["live"]["next"] == "burn":  # the device burns
            assert time.monotonic() < deadline and device.poll() is None
            time.sleep(0.05)
        assert server.view(table["id"])["live"]["next"] is None  # betting: no card due
        server.advance(10)
        output, _ = device.communicate(timeout=60)
    finally:
        if device.poll() is None:
            device.kill()
    assert device.returncode == 0, output
    assert "banker" in output
    paid = _paid_by_the_engine("3S 2S 3H 2H 5D")
    assert {n: server.balance(h) for n, h in players.items()} == paid


def test_a_device_socket_takes_an_operators_token_and_never_deals_a_card_twice(
    server: RunningServer,
) -> None:
    """A player's token is refused at the device socket (403 at the handshake). A device's
    card sent again with the sequence number it already had (a reconnection) is refused as
    taken, and a card after a gap in the numbers is refused as lost: neither is dealt."""
    table = server.open_table(ruleset=RULESET, live=True)["id"]
    url = f"ws://127.0.0.1:{server.port}/tables/{table}/device"
    ana = server.player("ana")
    player_token = {"Authorization": ana["Authorization"]}
    with pytest.raises(InvalidStatus) as refused:
        ws_connect(url, additional_headers=player_token, open_timeout=10)
    assert refused.value.response.status_code == 403
    with ws_connect(url, additional_headers=server.operator) as ws:
        view = json.loads(ws.recv(timeout=10))
        assert view["type"] == "table" and view["live"] == {"next": "burn"}
        first = {"type": "card", "card": "2C", "source": "s", "seq": 1}
        ws.send(json.dumps(first))
        taken = _answer(ws, "taken")
        assert taken["seq"] == 1 and taken["to"] == "burn"
        ws.send(json.dumps(first))
        again = _answer(ws, "refused")
        assert again["field"] == "seq" and "taken already" in again["message"]
        ws.send(json.dumps({**first, "card": "4C", "seq": 3}))
        gap = _answer(ws, "refused")
        assert gap["field"] == "seq" and "never arrived" in gap["message"]
    assert server.casino.tables[table].cycle.live.dealing.burned == [parse_card("2C")]  # type: ignore[union-attr,attr-defined]


def _answer(ws: Any, kind: str) -> dict[str, Any]:
    """The next answer of a device (the table's own events are passed over)."""
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] in ("taken", "remedied", "refused", "irregularity"):
            assert message["type"] == kind, message
            return message


@pytest.mark.cites("macau-baccarat-2004", "art. 2(1)")
def test_the_dealer_puts_a_new_shoe_in_between_rounds(server: RunningServer) -> None:
    """Art. 2(1): a shoe begins with its burn. While a round waits for its cards the shoe is
    not changed (refused, naming the field); once the round is settled the dealer puts a new
    shoe in (POST /tables/{id}/shoes): the table says its burn is due and takes it."""
    table, _players = _live_table(server)
    server.advance(10)
    early = server.http.post(f"/tables/{table}/shoes", headers=server.operator)
    assert early.status_code == 422 and early.json()["detail"]["field"] == "shoe"
    for card in ("3S", "2S", "3H", "2H", "5D"):
        assert _card(server, table, card).status_code == 200
    changed = server.http.post(f"/tables/{table}/shoes", headers=server.operator)
    assert changed.status_code == 200, changed.text
    assert changed.json()["event"] == "new_shoe" and changed.json()["next"] == "burn"
    assert server.view(table)["live"] == {"next": "burn"}
    assert _card(server, table, "3C").json()["to"] == "burn"
