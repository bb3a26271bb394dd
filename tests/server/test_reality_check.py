"""The reality check through a real server on both databases (issue 29, item 6): chosen by the
player, shown after that many minutes of play with the time played and the session's net
result, and acknowledged before the next bet; a second before it is due a bet is taken."""

from __future__ import annotations

import pytest

from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 1_000_00


def test_the_reality_check_comes_after_the_chosen_minutes_and_waits_for_the_player(
    server: RunningServer,
) -> None:
    ana = server.player("ana", DEPOSIT)
    by_operator = server.http.put(
        "/me/reality-check", json={"minutes": 30}, headers=server.operator
    )
    assert by_operator.status_code == 422  # nobody plays for an operator (found by the fuzz test)
    assert by_operator.json()["detail"]["field"] == "player"
    bad = server.http.put("/me/reality-check", json={"minutes": 4}, headers=server.auth(ana))
    assert bad.status_code == 422 and bad.json()["detail"]["field"] == "minutes"
    chosen = server.http.put("/me/reality-check", json={"minutes": 15}, headers=server.auth(ana))
    assert chosen.status_code == 200 and chosen.json()["minutes"] == 15
    table = server.open_table(betting_seconds=60, pause_seconds=0)["id"]
    session = server.sit(table, ana)
    assert server.bet(table, ana, "banker", 10_00).status_code == 201
    server.advance(60)  # the round is dealt and settled
    last = server.http.get(f"/tables/{table}/rounds/last", headers=server.operator).json()
    net = sum(b["payout"] - b["amount"] for b in last["bets"] if b["player"] == "ana")
    with server.watch(table, ana["token"]) as socket:
        server.advance(15 * 60 - 61)  # a second before the check is due
        assert server.bet(table, ana, "player", 5_00).status_code == 201
        server.advance(1)
        shown = receive_until(socket, "reality_check")[-1]
        assert shown["minutes_played"] == 15 and shown["net"] == net
        assert shown["session"] == session
    refused = server.bet(table, ana, "player", 5_00)
    assert refused.status_code == 422 and refused.json()["detail"]["field"] == "reality_check"
    seen = server.http.post(f"/sessions/{session}/reality-check", headers=server.auth(ana))
    assert seen.status_code == 200, seen.text
    assert seen.json()["next_in_seconds"] == pytest.approx(15 * 60)
    assert server.bet(table, ana, "player", 5_00).status_code == 201
    again = server.http.post(f"/sessions/{session}/reality-check", headers=server.auth(ana))
    assert again.status_code == 422  # nothing is due now


def test_without_a_reality_check_nothing_waits(server: RunningServer) -> None:
    ana = server.player("ana", DEPOSIT)
    table = server.open_table(betting_seconds=600, pause_seconds=0)["id"]
    session = server.sit(table, ana)
    server.advance(3000)
    assert server.bet(table, ana, "banker", 10_00).status_code == 201
    none = server.http.post(f"/sessions/{session}/reality-check", headers=server.auth(ana))
    assert none.status_code == 422
