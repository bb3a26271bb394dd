"""The limits a table applies to a player's seat, through a real server on both databases (issue
29, item 6): the largest single bet (a bet's total on one kind in a round, choice X6) and the
length of a session. Lowered while the player sits, a limit applies at once at the table; a
raise waits for its cooling-off and a session started after it; a session that has run its
allowed length ends, its bets in play settling first."""

from __future__ import annotations

from tests.server.conftest import START, RunningServer, Wall, receive_until

DEPOSIT = 1_000_00


def _limit(server: RunningServer, who: dict[str, str], kind: str, amount: int | None) -> object:
    return server.http.put(f"/me/limits/{kind}", json={"amount": amount}, headers=server.auth(who))


def test_the_largest_single_bet(server: RunningServer, wall: Wall) -> None:
    """A limit of 20.00 on a single bet: 20.00 on Banker is taken, one unit more on it refused
    (the bet's total would be 20.01), 5.00 on Tie taken. Lowered to 10.00 while Ana sits, at
    once: 10.01 on Player refused, 10.00 taken. Raised to 50.00: not applied at this session,
    nor at one started before the cooling-off; at one started after it, 50.00 is taken."""
    ana = server.player("ana", DEPOSIT)
    assert _limit(server, ana, "bet", 20_00).status_code == 200
    table = server.open_table(betting_seconds=600)["id"]
    session = server.sit(table, ana)
    assert server.bet(table, ana, "banker", 20_00).status_code == 201
    over = server.bet(table, ana, "banker", 1)
    assert over.status_code == 422 and over.json()["detail"]["field"] == "amount"
    assert "limit on a single bet, 2000: 0 more" in over.json()["detail"]["message"]
    assert server.bet(table, ana, "tie", 5_00).status_code == 201
    assert _limit(server, ana, "bet", 10_00).status_code == 200  # lowered: at once
    lowered = server.bet(table, ana, "player", 10_01)
    assert lowered.status_code == 422 and "single bet, 1000" in lowered.text
    assert server.bet(table, ana, "player", 10_00).status_code == 201
    raised = _limit(server, ana, "bet", 50_00)
    assert raised.json()["in_force"] == 10_00 and raised.json()["pending"]["amount"] == 50_00
    ended = server.http.post(f"/sessions/{session}/end", headers=server.auth(ana))
    assert ended.status_code == 200
    wall.now = START + 24 * 3600 - 1
    server.sit(table, ana)
    assert server.bet(table, ana, "banker", 10_01).status_code == 422  # not yet
    mine = server.http.get("/me", headers=server.auth(ana)).json()["sessions"][0]["session"]
    assert server.http.post(f"/sessions/{mine}/end", headers=server.auth(ana)).status_code == 200
    wall.now = START + 24 * 3600
    server.sit(table, ana)
    assert server.bet(table, ana, "banker", 50_00).status_code == 201


def test_a_session_ends_when_it_has_run_its_allowed_length(server: RunningServer) -> None:
    """A session limit of 30 minutes: a second before, Ana still sits; at 30 minutes her session
    ends (told to her, reason ``time_limit``), and she may start another."""
    ana = server.player("ana", DEPOSIT)
    assert _limit(server, ana, "session_minutes", 4).status_code == 422  # 5 at least
    assert _limit(server, ana, "session_minutes", 30).status_code == 200
    table = server.open_table(betting_seconds=600, pause_seconds=0)["id"]
    session = server.sit(table, ana)
    with server.watch(table, ana["token"]) as socket:
        server.advance(30 * 60 - 1)
        assert server.http.get("/me", headers=server.auth(ana)).json()["sessions"]
        server.advance(1)
        told = receive_until(socket, "session_limit")[-1]
        assert told["session"] == session
    statement = server.http.get(f"/sessions/{session}", headers=server.auth(ana)).json()
    assert statement["ended_at"] is not None and statement["end_reason"] == "time_limit"
    assert server.sit(table, ana) > session
