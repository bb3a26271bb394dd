"""Issue 30 on real servers, both databases: the staff's sessions expire; every action goes to
an append-only audit trail (who, when, what, why, before and after), written with the change
itself; a table disabled lets the round in play finish and begins no other (GLI-19 4.15), stays
disabled across a restart, and is closed for good; an account is suspended with a reason; the
reports are the ledger's."""

from __future__ import annotations

import csv
import io
import time
from datetime import UTC, datetime

import pytest
from sqlalchemy import delete, select, text, update

from croupier.store.schema import rounds, staff_actions
from tests.server.conftest import RunningServer

TODAY = datetime.now(UTC).date().isoformat()  # rounds are closed on the real calendar


def _trail(server: RunningServer, **query: str) -> list[dict]:
    answer = server.http.get("/operator/audit", params=query, headers=server.operator)
    assert answer.status_code == 200, answer.text
    return list(answer.json()["actions"])


def test_staff_sessions_expire_and_end_at_sign_out(database_url: str) -> None:
    """GLI-19 2.5.4's re-authentication holds for the staff too (here 1 s idle, to be seen);
    the server's own console credential does not expire."""
    server = RunningServer(database_url, idle_seconds=1.0)
    try:
        cashier = server.staff("cleo", "cashier")
        me = server.http.get("/operator/me", headers=cashier)
        assert me.json() == {"name": "cleo", "role": "cashier", "duties": ["cash", "read"]}
        time.sleep(1.5)
        assert server.http.get("/operator/me", headers=cashier).status_code == 401
        assert server.http.get("/operator/me", headers=server.operator).status_code == 200
        again = server.staff("carla", "auditor")
        assert server.http.post("/operator/logout", headers=again).json() == {"signed_out": True}
        assert server.http.get("/operator/me", headers=again).status_code == 401
    finally:
        server.stop()


def test_a_deposit_and_its_audit_row_commit_together(server: RunningServer) -> None:
    cashier = server.staff("cleo", "cashier")
    server.player("ana")
    done = server.http.post(
        "/players/ana/deposits", json={"amount": 50_00, "currency": "EUR"}, headers=cashier
    )
    assert done.status_code == 200, done.text
    [row] = _trail(server, target="player:ana", actor="cleo")
    assert row["action"] == "deposit" and row["role"] == "cashier"
    assert row["after"] == {"amount": 50_00, "currency": "EUR"}
    # a refused withdrawal (past the balance) moves nothing and writes no row
    refused = server.http.post(
        "/players/ana/withdrawals", json={"amount": 60_00, "currency": "EUR"}, headers=cashier
    )
    assert refused.status_code == 422
    assert [r["action"] for r in _trail(server, target="player:ana")] == ["deposit", "register"]
    assert server.audit()["balanced"]


def test_the_audit_trail_is_append_only_in_the_database(server: RunningServer) -> None:
    """The database itself refuses to change or delete a row (migration 0013's triggers)."""
    server.staff("cleo", "cashier")
    server.player("ana", 10_00)
    assert _trail(server)
    engine = server.casino.engine
    for statement in (update(staff_actions).values(reason="rewritten"), delete(staff_actions)):
        with pytest.raises(Exception, match="append-only"), engine.begin() as connection:
            connection.execute(statement)
    with pytest.raises(Exception, match="append-only"), engine.begin() as connection:
        connection.execute(text("DELETE FROM staff_actions WHERE id > 0"))
    assert all(r["reason"] != "rewritten" for r in _trail(server))


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_void_with_its_reason_before_and_after(server: RunningServer) -> None:
    """Rule 29: "a jogada é anulada e as apostas devolvidas" (the round is void and the bets
    returned) on a fault; the supervisor's reason is in the trail, with who did it."""
    supervisor = server.staff("sam", "supervisor")
    table = server.open_table(betting_seconds=30)["id"]
    ana = server.player("ana", 100_00)
    server.sit(table, ana)
    assert server.bet(table, ana, "banker", 10_00).status_code == 201
    void = server.http.post(
        f"/tables/{table}/fault", json={"reason": "card reader fault"}, headers=supervisor
    )
    assert void.status_code == 200, void.text
    assert server.balance(ana) == 100_00
    [row] = _trail(server, target=f"table:{table}", actor="sam")
    assert (row["action"], row["reason"]) == ("void", "card reader fault")
    limits = server.http.post(
        f"/tables/{table}/limits", json={"overrides": {"table.minimum_bet": 200}},
        headers=supervisor,
    )  # fmt: skip
    assert limits.status_code == 200
    [changed, _void, opened] = _trail(server, target=f"table:{table}")
    assert opened["action"] == "open" and opened["actor"] == "operator"
    assert changed["before"] == {"overrides": {}}
    assert changed["after"] == {
        "overrides": {"table.minimum_bet": 200},
        "from_round": limits.json()["from_round"],
    }


def test_disabled_with_no_bet_no_round_begins_and_a_restart_keeps_it(database_url: str) -> None:
    """PT rule 2: a round «se inicia com a realização das apostas» (begins with the bets): a
    window with none closes at once when the table is disabled, bets are refused, and the
    table stays disabled when its process starts again, until enabled."""
    server = RunningServer(database_url)
    try:
        table = server.open_table(betting_seconds=10)["id"]
        ana = server.player("ana", 100_00)
        server.sit(table, ana)
        with server.watch(table) as ws:
            off = server.http.post(
                f"/tables/{table}/disable", json={"reason": "maintenance"}, headers=server.operator
            )
            assert off.json()["round_finishes"] is False
            from tests.server.conftest import receive_until

            told = receive_until(ws, "table_disabled")[-1]
            assert told["reason"] == "maintenance"
        refused = server.bet(table, ana, "banker", 10_00)
        assert refused.status_code == 422 and "maintenance" in refused.text
        assert server.view(table)["seconds_left"] is None
    finally:
        server.stop()
    again = RunningServer(database_url)
    try:
        assert again.view(table)["disabled"] == "maintenance"
        ana = again.auth(ana)
        assert again.bet(table, ana, "banker", 10_00).status_code == 422
        on = again.http.post(f"/tables/{table}/enable", json={"reason": "done"},
                             headers=again.operator)  # fmt: skip
        assert on.status_code == 200, on.text
        assert again.view(table)["seconds_left"] == 10
        assert again.bet(table, ana, "banker", 10_00).status_code == 201
    finally:
        again.stop()


@pytest.mark.cites("pt-812-2015", "rule 29")
def test_a_table_closed_for_good(server: RunningServer) -> None:
    """The operator closes a table. Rule 29: a round cut short «é anulada» (is void) and its
    stakes returned: an undealt round's stakes come back, every session ends, the table leaves
    the lobby and no process runs it again. A round whose cards are out finishes first."""
    table = server.open_table(ruleset="macau-stud-2004", betting_seconds=10)["id"]
    ana = server.player("ana", 1_000_00, currency="MOP")
    server.sit(table, ana)
    assert server.bet(table, ana, "ante", 100_00).status_code == 201
    server.advance(10)  # dealt: Ana's decision is awaited
    close = {"json": {"reason": "end of shift"}, "headers": server.operator}
    dealt = server.http.post(f"/tables/{table}/close", **close)
    assert dealt.status_code == 422 and "finishes first" in dealt.text
    assert server.view(table)["bets"]  # nothing was changed by the refusal
    server.advance(60)  # the decision's time runs out: the round settles
    server.advance(10)  # the result's pause: the next round's window opens
    assert server.bet(table, ana, "ante", 100_00).status_code == 201  # the next round
    held = server.balance(ana, "MOP")
    staked = sum(b["amount"] for b in server.view(table)["bets"])
    closed = server.http.post(f"/tables/{table}/close", **close)
    assert closed.status_code == 200, closed.text
    assert closed.json() == {"table": table, "closed": "end of shift"}
    assert server.balance(ana, "MOP") == held + staked
    assert table not in [t["id"] for t in server.http.get("/tables").json()]
    statuses = {t: s for t, _n, _c, s in server.casino.records.tables.all()}
    assert statuses[table] == "closed"
    assert server.audit()["balanced"]


def test_a_suspended_account_is_refused_until_reinstated(server: RunningServer) -> None:
    compliance = server.staff("cora", "compliance")
    made = server.http.post(
        "/players", json={"name": "ana", "password": "correct horse", "born": "1990-01-01"},
        headers=server.operator,
    )  # fmt: skip
    ana = {"Authorization": f"Bearer {made.json()['token']}"}
    off = server.http.post(
        "/operator/players/ana/suspend", json={"reason": "fraud check"}, headers=compliance
    )
    assert off.status_code == 200, off.text
    assert server.http.get("/me", headers=ana).status_code == 401
    login = server.http.post("/login", json={"name": "ana", "password": "correct horse"})
    assert login.status_code == 422
    states = server.http.get("/operator/reports/accounts", headers=server.operator).json()
    [row] = [r for r in states["accounts"] if r["player"] == "ana"]
    assert (row["state"], row["reason"], row["responsible"]) == ("suspended", "fraud check", "cora")
    on = server.http.post(
        "/operator/players/ana/reinstate", json={"reason": "cleared"}, headers=compliance
    )
    assert on.status_code == 200
    login = server.http.post("/login", json={"name": "ana", "password": "correct horse"})
    assert login.status_code == 200
    found = server.http.get("/operator/players", params={"q": "an"}, headers=compliance).json()
    assert [(p["name"], p["suspended"]) for p in found] == [("ana", None)]


def test_the_daily_report_is_the_ledgers(server: RunningServer) -> None:
    """Turnover, payouts and GGR by table and day, and the total: GGR is what the players
    deposited less what they hold once every round has settled (nothing else moved)."""
    table = server.open_table(ruleset="macau-2009", betting_seconds=10, pause_seconds=0)["id"]
    names = ("ana", "bea", "caio")
    players = {n: server.player(n, 10_000_00, currency="MOP") for n in names}
    for headers in players.values():
        server.sit(table, headers)
    for n in range(12):
        for i, headers in enumerate(players.values()):
            kind = ("banker", "player", "tie")[(n + i) % 3]
            assert server.bet(table, headers, kind, 100_00 * (i + 1)).status_code == 201
        server.advance(10)
    held = sum(server.balance(h, "MOP") for h in players.values())
    ggr = 3 * 10_000_00 - held
    report = server.http.get(
        "/operator/reports/daily", params={"from": TODAY, "to": TODAY}, headers=server.operator
    ).json()
    [row] = [r for r in report["rows"] if r["table"] == table]
    assert row["ggr"] == ggr and row["rounds"] == 12
    assert row["turnover"] == 12 * 600_00 - _carried(server, table)
    assert row["ggr"] == row["house"] + row["jackpot"]
    assert row["hold_low_95"] < row["theoretical_hold"] < row["hold_high_95"]
    as_csv = server.http.get(
        "/operator/reports/daily", params={"from": TODAY, "to": TODAY, "format": "csv"},
        headers=server.operator,
    )  # fmt: skip
    assert as_csv.headers["content-type"].startswith("text/csv")
    [line] = [r for r in csv.DictReader(io.StringIO(as_csv.text)) if r["table"] == str(table)]
    assert int(line["ggr"]) == ggr


def _carried(server: RunningServer, table: int) -> int:
    """Stakes a tie left on the felt for a round not settled yet (Macau art. 12)."""
    return sum(b["amount"] for b in server.view(table)["bets"])


def test_a_reports_days_are_those_of_its_time_zone(server: RunningServer) -> None:
    """A casino's day is its own (issue 30: the operator's daily figures): a round counts on
    the calendar day it closed in the report's time zone. Two rounds closed at 23:30 UTC on 28
    and 29 March 2026: in UTC they fall on the 28th and the 29th; in Macau (UTC+8 all year) at
    07:30 on the 29th and the 30th; in Lisbon, whose summer time began at 01:00 UTC on 29 March
    (the last Sunday of March), the first at 23:30 on the 28th and the second at 00:30 on the
    30th."""
    table = server.open_table(ruleset="macau-2009", betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana", 10_000_00, currency="MOP")
    server.sit(table, ana)
    for _ in range(2):
        assert server.bet(table, ana, "banker", 100_00).status_code == 201
        server.advance(10)
    closing = [datetime(2026, 3, 28, 23, 30, tzinfo=UTC), datetime(2026, 3, 29, 23, 30, tzinfo=UTC)]
    with server.casino.engine.begin() as connection:
        played = connection.execute(
            select(rounds.c.id)
            .where(rounds.c.table_id == table, rounds.c.status == "settled")
            .order_by(rounds.c.id)
        ).all()
        assert len(played) == 2
        for (round_id,), at in zip(played, closing, strict=True):
            connection.execute(update(rounds).where(rounds.c.id == round_id).values(closed_at=at))

    def days(zone: str | None) -> dict[str, int]:
        asked = {"from": "2026-03-27", "to": "2026-03-31"} | ({"timezone": zone} if zone else {})
        answer = server.http.get("/operator/reports/daily", params=asked, headers=server.operator)
        assert answer.status_code == 200, answer.text
        assert answer.json()["timezone"] == (zone or "UTC")
        return {r["day"]: r["rounds"] for r in answer.json()["rows"] if r["table"] == table}

    assert days(None) == days("UTC") == {"2026-03-28": 1, "2026-03-29": 1}
    assert days("Asia/Macau") == {"2026-03-29": 1, "2026-03-30": 1}
    assert days("Europe/Lisbon") == {"2026-03-28": 1, "2026-03-30": 1}


@pytest.mark.parametrize(
    "zone", ["Mars/Olympus", "Asia", "../../etc/passwd", "/etc/localtime", "", "x" * 65]
)
def test_a_report_in_no_time_zone_is_refused_naming_the_field(
    server: RunningServer, zone: str
) -> None:
    answer = server.http.get(
        "/operator/reports/daily", params={"timezone": zone}, headers=server.operator
    )
    assert answer.status_code == 422
    assert "timezone" in answer.text
