"""The verifiable shoe through a real server on both databases (issue 28, item 1): "Before the
first card, publish the commitment to the whole shoe (order, burn, cut-card position, and a
digest of the entropy that made it). When the shoe ends, and never before its last round is
settled ..., reveal the order, the nonce and the entropy"; "Done when: The reveal is refused
while the shoe is in play (tests over REST, WebSocket and export, for every role including the
operator); a commitment made before dealing matches the revealed order".

A stud table deals every round from a whole deck freshly shuffled (Macau stud art. 1(1)): each
round is a shoe, which ends when the next round opens."""

from __future__ import annotations

import hashlib
import json

from croupier.cards import parse_cards
from croupier.proof.shoe_protocol import PROTOCOL, ShoeDocument, check
from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 10_000_00


def _mop(server: RunningServer, name: str) -> dict[str, str]:
    headers = server.player(name)
    server.http.post(
        f"/players/{name}/deposits",
        json={"amount": DEPOSIT, "currency": "MOP"},
        headers=server.operator,
    )
    return headers


def test_a_shoe_is_committed_before_its_cards_and_revealed_only_once_it_ended(
    server: RunningServer,
) -> None:
    table = server.open_table(
        ruleset="macau-stud-2004", betting_seconds=10, decision_seconds=20, pause_seconds=5
    )["id"]
    ana = _mop(server, "ana")
    bruno = server.player("bruno")  # sat nowhere
    server.sit(table, ana)
    with server.watch(table, ana["token"]) as socket:
        view = json.loads(socket.recv(timeout=10))
        committed = view["shoe"]  # the commitment, before any card of the round
        assert len(committed) == 64
        assert server.bet(table, ana, "ante", 100_00).status_code == 201
        listed = server.http.get(f"/tables/{table}/shoes").json()
        assert [s["commitment"] for s in listed] == [committed]
        shoe_id = listed[0]["id"]
        server.advance(10)  # dealt: the hand decides
        seen = receive_until(socket, "your_hand")
        # in play: the commitment only, to every role, the operator included
        for headers in ({}, server.auth(ana), server.auth(bruno), server.operator):
            shown = server.http.get(f"/shoes/{shoe_id}", headers=headers).json()
            assert shown["state"] == "in play" and shown["commitment"] == committed
            assert "document" not in shown and "entropy" not in shown
        decided = server.http.post(
            f"/tables/{table}/decisions", json={"decision": "fold"}, headers=server.auth(ana)
        )
        assert decided.status_code == 200, decided.text
        seen += receive_until(socket, "round_settled")
        # the round settled and the next opened on a new deck, in one transaction: the shoe
        # ended with the settlement of its last round, not a moment before
        server.advance(5)  # the result's pause over
        seen += receive_until(socket, "betting_open")
        assert seen[-1]["shoe"] != committed
        assert not any(PROTOCOL in json.dumps(m) or "entropy" in json.dumps(m) for m in seen)

    last = server.http.get(f"/tables/{table}/rounds/last", headers=server.auth(ana)).json()
    assert last["shoe"] == committed  # the round names the shoe it was dealt from
    revealed = server.http.get(f"/shoes/{shoe_id}").json()  # anyone, at a shared table
    assert revealed["state"] == "ended"
    document, entropy = revealed["document"], revealed["entropy"]
    assert hashlib.sha256(document.encode()).hexdigest() == committed  # what sha256sum says
    assert check(document, committed, entropy) == []
    order = ShoeDocument.parse(document).order
    mine = parse_cards(" ".join(last["result"]["hands"][0]["cards"]))
    # Macau stud art. 7(1): one card at a time, five times round, to each hand then the dealer:
    # Ana's hand is the 1st, 3rd, 5th, 7th and 9th card of the order (one hand and the dealer)
    assert mine == [order[0], order[2], order[4], order[6], order[8]]
    tampered = document.replace("order: ", "order: 2C ", 1).replace(" ", "  ", 0)
    assert check(tampered, committed, entropy) != []
