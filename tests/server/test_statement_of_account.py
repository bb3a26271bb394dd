"""The player's statement of account and the operator's export of the protection records, through
a real server on both databases (issue 29, item 9: "Everything kept with its history in the
database (who set what, when, when it takes effect) ... shown in the player's statement, and
exported for the operator"; item 8, RJO art. 40: the account "moved only on the player's
initiative", its deposits and withdrawals "recorded in the ledger").

Every expectation is what the test itself did, in its order: the postings are the deposit and
the withdrawal it made (their sum is the balance), the history is the changes it asked for,
each with who asked, when, and when it took effect."""

from __future__ import annotations

import json

from tests.server.conftest import START, RunningServer, Wall

HOUR = 3600


def test_the_statement_shows_the_postings_and_every_protection_change(
    server: RunningServer, wall: Wall
) -> None:
    ana = server.player("ana", 100_00)
    mine = server.auth(ana)
    taken = server.http.post(
        "/players/ana/withdrawals", json={"amount": 20_00}, headers=server.operator
    )
    assert taken.status_code == 200, taken.text
    wall.now = START + HOUR
    assert server.http.put("/me/limits/deposit_day", json={"amount": 50_00}, headers=mine)
    wall.now = START + 2 * HOUR
    raised = server.http.put("/me/limits/deposit_day", json={"amount": 80_00}, headers=mine)
    assert raised.status_code == 200
    house = server.http.put(
        "/operator/players/ana/limits/loss_week", json={"amount": 10_00}, headers=server.operator
    )
    assert house.status_code == 200
    wall.now = START + 3 * HOUR
    out = server.http.post("/me/exclusions", json={"kind": "timeout", "hours": 24}, headers=mine)
    assert out.status_code == 201, out.text

    statement = server.http.get("/me/statement", headers=mine)
    assert statement.status_code == 200, statement.text
    body = statement.json()
    assert (body["from"], body["to"]) == ("2026-11-01", "2026-11-27")  # this month to today
    assert body["balances"] == {"EUR": 80_00}
    moved = [(p["kind"], p["amount"], p["currency"]) for p in body["postings"]]
    assert moved == [("deposit", 100_00, "EUR"), ("withdrawal", -20_00, "EUR")]
    assert sum(p["amount"] for p in body["postings"]) == 80_00 and body["more"] is False

    events = [
        (e["event"], e.get("kind"), e.get("amount"), e.get("by"), e["at"], e.get("effective_at"))
        for e in body["protection"]
    ]
    assert events == [
        ("limit", "deposit_day", 50_00, "player", "2026-11-27T10:30:00Z", "2026-11-27T10:30:00Z"),
        # a raise: in force 24 hours after it was asked (the cooling-off)
        ("limit", "deposit_day", 80_00, "player", "2026-11-27T11:30:00Z", "2026-11-28T11:30:00Z"),
        ("limit", "loss_week", 10_00, "operator", "2026-11-27T11:30:00Z", "2026-11-27T11:30:00Z"),
        ("exclusion", "timeout", None, None, "2026-11-27T12:30:00Z", None),
    ]
    assert body["protection"][-1]["ends_at"] == "2026-11-28T12:30:00Z"
    assert body["limits"]["deposit_day"]["pending"]["amount"] == 80_00

    later = server.http.get("/me/statement?from=2026-11-28&to=2026-11-30", headers=mine)
    assert later.status_code == 200 and later.json()["postings"] == []
    assert len(later.json()["protection"]) == 4  # the history is whole whatever the period


def test_a_statement_is_the_players_own_and_its_period_is_bounded(server: RunningServer) -> None:
    """A player reads only their own statement; an operator reads anyone's. A period that ends
    before it begins, or longer than a year, is refused naming the field."""
    ana = server.player("ana", 10_00)
    bruno = server.player("bruno")
    theirs = server.http.get("/operator/players/ana/statement", headers=server.auth(bruno))
    assert theirs.status_code == 403
    read = server.http.get("/operator/players/ana/statement", headers=server.operator)
    assert read.status_code == 200 and read.json()["balances"] == {"EUR": 10_00}
    assert (
        server.http.get("/operator/players/nobody/statement", headers=server.operator).status_code
        == 404
    )
    backwards = server.http.get(
        "/me/statement?from=2026-11-20&to=2026-11-01", headers=server.auth(ana)
    )
    assert backwards.status_code == 422 and backwards.json()["detail"]["field"] == "to"
    too_long = server.http.get(
        "/me/statement?from=2025-01-01&to=2026-11-27", headers=server.auth(ana)
    )
    assert too_long.status_code == 422 and too_long.json()["detail"]["field"] == "to"
    bad = server.http.get("/me/statement?from=yesterday", headers=server.auth(ana))
    assert bad.status_code == 422 and "from" in bad.text


def test_the_operator_exports_every_players_protection_history(server: RunningServer) -> None:
    """JSON Lines, one event a line, each naming the player; a player with no protection
    record has no line; only an operator may export."""
    ana = server.player("ana")
    carla = server.player("carla")
    server.player("bruno")
    server.http.put("/me/limits/bet", json={"amount": 5_00}, headers=server.auth(ana))
    server.http.put("/me/reality-check", json={"minutes": 30}, headers=server.auth(carla))
    server.http.post(
        "/operator/exclusions", json={"players": ["carla"], "reason": "the regulator's list"},
        headers=server.operator,
    )  # fmt: skip
    refused = server.http.get("/operator/protection/export", headers=server.auth(ana))
    assert refused.status_code == 403
    export = server.http.get("/operator/protection/export", headers=server.operator)
    assert export.status_code == 200
    assert export.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in export.text.splitlines()]
    assert [(r["player"], r["event"], r.get("kind")) for r in lines] == [
        ("ana", "limit", "bet"),
        ("carla", "reality_check", "reality_check"),
        ("carla", "exclusion", "operator"),
    ]
    assert lines[2]["reason"] == "the regulator's list" and lines[2]["set_by"]
