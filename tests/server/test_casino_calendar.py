"""The casino's calendar through a real server on both databases (choice X3, revised: "calendar
periods of the casino's time zone"; X7: "ages count on the casino's calendar").

A player's day is the casino's day, where the casino is: in Macau (UTC+8) it begins at 16:00
UTC. The tests' wall clock stands on 27 November 2026; each expectation below is read off the
Macau calendar (23:30 there is 15:30 UTC; 00:30 of the 28th there is 16:30 UTC of the 27th),
and the same steps at a casino told no zone (UTC) show the other reading.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from tests.server.conftest import RunningServer, Wall

MACAU = "Asia/Macau"
#: 27 November 2026, 23:30 in Macau; and an hour later, the 28th there, still the 27th in UTC
LATE_ON_THE_27TH = datetime(2026, 11, 27, 15, 30, tzinfo=UTC).timestamp()
EARLY_ON_THE_28TH = datetime(2026, 11, 27, 16, 30, tzinfo=UTC).timestamp()


@pytest.fixture
def macau(database_url: str, wall: Wall) -> Iterator[RunningServer]:
    running = RunningServer(database_url, wall=wall, time_zone=MACAU)
    try:
        yield running
    finally:
        running.stop()


def _deposit(server: RunningServer, name: str, amount: int) -> object:
    return server.http.post(
        f"/players/{name}/deposits", json={"amount": amount}, headers=server.operator
    )


def _limit(server: RunningServer, who: dict[str, str], kind: str, amount: int) -> object:
    return server.http.put(f"/me/limits/{kind}", json={"amount": amount}, headers=server.auth(who))


@pytest.mark.parametrize(
    ("zone", "resets_at", "new_day"),
    [(MACAU, "2026-11-27T16:00:00Z", True), ("UTC", "2026-11-28T00:00:00Z", False)],
)
def test_a_days_deposit_limit_resets_at_the_casinos_midnight(
    database_url: str, wall: Wall, zone: str, resets_at: str, new_day: bool
) -> None:
    """A day's limit of 100.00, reached at 23:30 in Macau: one unit more is refused, the day
    resetting at Macau's midnight (16:00 UTC); at 00:30 there the limit is whole again. At a
    casino on UTC the same deposit at the same moment is still the 27th's: refused."""
    wall.now = LATE_ON_THE_27TH
    casino = RunningServer(database_url, wall=wall, time_zone=zone)
    try:
        ana = casino.player("ana")
        assert _limit(casino, ana, "deposit_day", 100_00).status_code == 200
        assert _deposit(casino, "ana", 100_00).status_code == 200
        over = _deposit(casino, "ana", 1)
        assert over.status_code == 422, over.text
        assert over.json()["detail"]["resets_at"] == resets_at
        wall.now = EARLY_ON_THE_28TH
        again = _deposit(casino, "ana", 100_00)
        assert again.status_code == (200 if new_day else 422), again.text
        assert casino.audit()["balanced"]
    finally:
        casino.stop()


def test_a_days_loss_limit_at_the_table_counts_the_casinos_day(
    macau: RunningServer, wall: Wall
) -> None:
    """A day's loss limit of 50.00, 50.00 staked at 23:30 in Macau: a bet of 1.00 more is
    refused with the reset at 16:00 UTC; at 00:30 there (the round of the 27th still open)
    it is taken: the new day has lost nothing yet."""
    wall.now = LATE_ON_THE_27TH
    ana = macau.player("ana", 1_000_00)
    assert _limit(macau, ana, "loss_day", 50_00).status_code == 200
    table = macau.open_table(betting_seconds=20, pause_seconds=0)["id"]
    macau.sit(table, ana)
    assert macau.bet(table, ana, "banker", 50_00).status_code == 201
    over = macau.bet(table, ana, "player", 1_00)
    assert over.status_code == 422, over.text
    detail = over.json()["detail"]
    assert detail["limit_kind"] == "loss_day" and detail["left"] == 0
    assert detail["resets_at"] == "2026-11-27T16:00:00Z"
    wall.now = EARLY_ON_THE_28TH
    assert macau.bet(table, ana, "player", 1_00).status_code == 201
    assert macau.audit()["balanced"]


@pytest.mark.parametrize(("zone", "status"), [(MACAU, 201), ("UTC", 422)])
def test_a_player_is_18_on_the_casinos_calendar(
    database_url: str, wall: Wall, zone: str, status: int
) -> None:
    """Choice X7: ages count on the casino's calendar. Born on 28 November 2008, a player is
    18 from 00:00 of the 28th in Macau: at 00:30 there (16:30 UTC of the 27th) the Macau casino
    registers them, the casino on UTC refuses them (the 27th: 17 for another 7.5 hours)."""
    wall.now = EARLY_ON_THE_28TH
    casino = RunningServer(database_url, wall=wall, time_zone=zone)
    try:
        body = {"name": "carla", "born": "2008-11-28"}
        answer = casino.http.post("/players", json=body, headers=casino.operator)
        assert answer.status_code == status, answer.text
        if status == 422:
            assert answer.json()["detail"]["field"] == "born"
    finally:
        casino.stop()


def test_statements_and_exclusions_are_in_the_casinos_days(
    macau: RunningServer, wall: Wall
) -> None:
    """At 00:30 of 28 November in Macau, a statement's default period runs to today there (the
    28th); a self-exclusion to 28 February 2027 (three months on that calendar) ends at that
    day's Macau midnight, 16:00 UTC of the 27th."""
    wall.now = EARLY_ON_THE_28TH
    ana = macau.player("ana", 10_00)
    statement = macau.http.get("/me/statement", headers=macau.auth(ana))
    assert statement.status_code == 200, statement.text
    assert (statement.json()["from"], statement.json()["to"]) == ("2026-11-01", "2026-11-28")
    short = macau.http.post(
        "/me/exclusions", json={"kind": "self", "until": "2027-02-27"}, headers=macau.auth(ana)
    )
    assert short.status_code == 422 and short.json()["detail"]["field"] == "until"
    taken = macau.http.post(
        "/me/exclusions", json={"kind": "self", "until": "2027-02-28"}, headers=macau.auth(ana)
    )
    assert taken.status_code == 201, taken.text
    assert taken.json()["ends_at"] == "2027-02-27T16:00:00Z"


def test_the_operators_reports_are_in_the_casinos_days_unless_asked_otherwise(
    macau: RunningServer, wall: Wall
) -> None:
    """The daily report of a Macau casino, asked with no zone, is of Macau's days: today there
    (the 28th at 00:30) and the zone named; asked in UTC, today is still the 27th."""
    wall.now = EARLY_ON_THE_28TH
    assert macau.http.get("/health").json()["time_zone"] == MACAU  # what the operator checks
    own = macau.http.get("/operator/reports/daily", headers=macau.operator)
    assert own.status_code == 200, own.text
    assert (own.json()["timezone"], own.json()["from"]) == (MACAU, "2026-11-28")
    utc = macau.http.get(
        "/operator/reports/daily", params={"timezone": "UTC"}, headers=macau.operator
    )
    assert (utc.json()["timezone"], utc.json()["from"]) == ("UTC", "2026-11-27")
