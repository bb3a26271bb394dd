"""What an attacker and a bad day did to the server (issue 16), each reproduced on a real server
first and kept fixed: a refused command changes nothing, one player's bad input never touches
another's round, and no exception wedges a table or the writer."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import RunningServer

DEPOSIT = 10_000_00


def _funded(server: RunningServer, name: str, currency: str = "EUR") -> dict[str, str]:
    headers = server.player(name)
    done = server.http.post(
        f"/players/{name}/deposits",
        json={"amount": DEPOSIT, "currency": currency},
        headers=server.operator,
    )
    assert done.status_code == 200, done.text
    return headers


def _round_status(server: RunningServer, round_id: int) -> Any:
    response = server.http.get(f"/rounds/{round_id}", headers=server.operator)
    assert response.status_code == 200, response.text
    return response.json()["status"]


def test_a_withdrawal_of_a_bet_kind_blackjack_has_not_is_refused_and_the_table_plays_on(
    server: RunningServer,
) -> None:
    """Finding 3: DELETE /tables/{id}/bets/ante at a blackjack table never answered, and the
    table, its stakes and SIGTERM were stuck for good."""
    table = server.open_table(
        ruleset="macau-blackjack-2007", betting_seconds=10, decision_seconds=20, pause_seconds=0
    )["id"]
    ana = _funded(server, "ana", "MOP")
    server.sit(table, ana)
    assert server.bet(table, ana, "bet", 100_00).status_code == 201
    refused = server.http.delete(f"/tables/{table}/bets/ante", headers=server.auth(ana), timeout=10)
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"]["field"] == "kind"
    # nothing changed, and the table still answers: the real bet can be withdrawn and placed
    assert server.balance(ana, "MOP") == DEPOSIT - 100_00
    back = server.http.delete(f"/tables/{table}/bets/bet", headers=server.auth(ana), timeout=10)
    assert back.status_code == 200, back.text
    assert server.balance(ana, "MOP") == DEPOSIT
    assert server.bet(table, ana, "bet", 100_00).status_code == 201
    assert server.audit()["balanced"]


def test_a_refused_limits_change_leaves_the_round_in_play_alone(server: RunningServer) -> None:
    """Finding 5: an operator's limits change refused with 422 voided the round in play."""
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    ana = _funded(server, "ana")
    server.sit(table, ana)
    assert server.bet(table, ana, "banker", 10_00).status_code == 201
    round_id = server.casino.tables[table].round_id
    bad = server.http.post(
        f"/tables/{table}/limits",
        json={"overrides": {"bets.commission": "nonsense"}},
        headers=server.operator,
    )
    assert bad.status_code == 422, bad.text
    assert bad.json()["detail"]["field"] == "bets.commission"
    view = server.view(table)
    assert view["bets"] == [{"player": "ana", "kind": "banker", "amount": 10_00}]
    assert server.casino.tables[table].round_id == round_id
    server.advance(10)
    assert _round_status(server, round_id) == "settled"
    assert server.audit()["balanced"]
