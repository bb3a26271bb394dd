"""Self-exclusion, time-out and the operator's exclusion list through a real server on both
databases (issue 29, items 5 and 7; RJO art. 39): in force at once, the player taken out of
every table (bets of a round in play stand and settle; nothing is lost), their connection
closed with the reason, refused a seat while it lasts, their account still open; the early end
a month after it is asked, with a wall clock the test moves."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import RunningServer, Wall, receive_until

DEPOSIT = 10_000_00
ANTE = 100_00


def _exclude(server: RunningServer, who: dict[str, str], **body: object) -> object:
    return server.http.post("/me/exclusions", json=body, headers=server.auth(who))


def _sit(server: RunningServer, table: int, who: dict[str, str]) -> object:
    return server.http.post(f"/tables/{table}/sessions", json={}, headers=server.auth(who))


def test_three_months_minus_a_day_is_refused_and_three_months_taken(
    server: RunningServer,
) -> None:
    """RJO art. 39: at least three months. On 27 November 2026 the first day of play again may
    be 27 February 2027, not the 26th; a time-out is 24 hours at least. Each refusal names its
    field and changes nothing: the player still sits down."""
    ana = server.player("ana", DEPOSIT)
    short = _exclude(server, ana, kind="self", until="2027-02-26")
    assert short.status_code == 422 and short.json()["detail"]["field"] == "until"
    brief = _exclude(server, ana, kind="timeout", hours=23)
    assert brief.status_code == 422 and brief.json()["detail"]["field"] == "hours"
    table = server.open_table(betting_seconds=10)["id"]
    assert _sit(server, table, ana).status_code == 201
    taken = _exclude(server, ana, kind="self", until="2027-02-27")
    assert taken.status_code == 201, taken.text
    assert taken.json()["ends_at"] == "2027-02-27T00:00:00Z"


def test_an_excluded_players_bets_in_play_settle_and_their_connection_closes(
    server: RunningServer, wall: Wall
) -> None:
    """Ana and Bruno ante at a stud table; after the deal Ana raises (a raise is twice the ante,
    art. 6(6)) and takes a time-out while Bruno has not decided. Her socket is closed (4451,
    with the reason); her bets stand: when Bruno decides the round settles and pays her as it
    pays any hand; her session ends with the round ("excluded"). While the time-out lasts she
    is refused a seat, naming when it ends; she still reads her balance. After it, she sits."""
    table = server.open_table(ruleset="macau-stud-2004", betting_seconds=10, pause_seconds=0)
    table_id = table["id"]
    ana = server.player("ana", DEPOSIT, currency="MOP")
    bruno = server.player("bruno", DEPOSIT, currency="MOP")
    for who in (ana, bruno):
        assert _sit(server, table_id, who).status_code == 201
        assert server.bet(table_id, who, "ante", ANTE).status_code == 201
    with server.watch(table_id, ana["token"]) as socket:
        server.advance(10)
        receive_until(socket, "decisions_open")
        raised = server.http.post(
            f"/tables/{table_id}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
        )
        assert raised.status_code == 200, raised.text
        timeout = _exclude(server, ana, kind="timeout", hours=24)
        assert timeout.status_code == 201, timeout.text
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4451
        assert "excluded" in closed.value.rcvd.reason
    folded = server.http.post(
        f"/tables/{table_id}/decisions", json={"decision": "fold"}, headers=server.auth(bruno)
    )
    assert folded.status_code == 200, folded.text
    last = server.http.get(f"/tables/{table_id}/rounds/last", headers=server.operator).json()
    paid = sum(b["payout"] - b["amount"] for b in last["bets"] if b["player"] == "ana")
    assert {b["kind"] for b in last["bets"] if b["player"] == "ana"} == {"ante", "raise"}
    assert server.balance(ana, "MOP") == DEPOSIT + paid  # her bets settled as any
    me = server.http.get("/me", headers=server.auth(ana)).json()
    assert me["sessions"] == [] and me["exclusion"]["kind"] == "timeout"
    refused = _sit(server, table_id, ana)
    assert refused.status_code == 422 and refused.json()["detail"]["field"] == "player"
    assert "2026-11-28T09:30:00Z" in refused.json()["detail"]["message"]
    wall.now += 24 * 3600 - 1
    assert _sit(server, table_id, ana).status_code == 422
    wall.now += 1
    assert _sit(server, table_id, ana).status_code == 201
    assert server.audit()["balanced"]


def test_a_bet_not_yet_dealt_is_returned_when_the_player_is_excluded(
    server: RunningServer,
) -> None:
    """Excluded while bets are still taken, the player's bet is taken off the table and its
    stake returned (nothing is lost) and the session ends at once."""
    table = server.open_table(betting_seconds=10)["id"]
    ana = server.player("ana", DEPOSIT)
    assert _sit(server, table, ana).status_code == 201
    assert server.bet(table, ana, "banker", 50_00).status_code == 201
    assert _exclude(server, ana, kind="self").status_code == 201  # indefinitely
    assert server.balance(ana) == DEPOSIT
    assert server.view(table)["bets"] == []
    statements = server.http.get("/me", headers=server.auth(ana)).json()
    assert statements["sessions"] == []


def test_an_early_end_takes_effect_a_month_later(server: RunningServer, wall: Wall) -> None:
    """RJO art. 39: asked on 27 November at 09:30, an indefinite self-exclusion ends on 27
    December at 09:30: a second before, the seat is refused; then it is taken. A time-out and
    a second request cannot end early."""
    ana = server.player("ana", DEPOSIT)
    made = _exclude(server, ana, kind="self", reason="a break")
    assert made.status_code == 201 and made.json()["ends_at"] is None
    exclusion = made.json()["id"]
    ended = server.http.post(f"/me/exclusions/{exclusion}/end", headers=server.auth(ana))
    assert ended.status_code == 200, ended.text
    assert ended.json()["ends_at"] == "2026-12-27T09:30:00Z"
    again = server.http.post(f"/me/exclusions/{exclusion}/end", headers=server.auth(ana))
    assert again.status_code == 422
    table = server.open_table(betting_seconds=10)["id"]
    month = datetime(2026, 12, 27, 9, 30, tzinfo=UTC).timestamp()
    wall.now = month - 1
    assert _sit(server, table, ana).status_code == 422
    wall.now = month
    assert _sit(server, table, ana).status_code == 201
    mine = server.http.get("/me/exclusions", headers=server.auth(ana)).json()
    assert mine["active"] is None and len(mine["history"]) == 1


def test_the_operators_list_excludes_players_at_once(server: RunningServer) -> None:
    """The operator's exclusion list (the regulator's imported): each named player is excluded
    at once, a name with no account here is listed back, and only an operator may do it."""
    bruno = server.player("bruno", DEPOSIT)
    table = server.open_table(betting_seconds=10)["id"]
    assert _sit(server, table, bruno).status_code == 201
    body = {"players": ["bruno", "nobody"], "reason": "the regulator's list", "until": None}
    as_player = server.http.post("/operator/exclusions", json=body, headers=server.auth(bruno))
    assert as_player.status_code == 403
    done = server.http.post("/operator/exclusions", json=body, headers=server.operator)
    assert done.status_code == 201, done.text
    assert [e["player"] for e in done.json()["excluded"]] == ["bruno"]
    assert done.json()["unknown"] == ["nobody"]
    assert done.json()["excluded"][0]["kind"] == "operator"
    assert server.http.get("/me", headers=server.auth(bruno)).json()["sessions"] == []
    assert _sit(server, table, bruno).status_code == 422
    cannot = server.http.post("/me/exclusions/1/end", headers=server.auth(bruno))
    assert cannot.status_code in (404, 422)  # an operator's exclusion runs its course
    late = date(2026, 11, 1).isoformat()
    past = server.http.post(
        "/operator/exclusions",
        json={"players": ["bruno"], "reason": "x", "until": late},
        headers=server.operator,
    )
    assert past.status_code == 422 and past.json()["detail"]["field"] == "until"
