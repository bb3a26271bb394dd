"""Deposit limits through a real server on both databases (issue 29, item 6): "a deposit one
unit over the day's limit refused and one under accepted; a raised limit not applied before its
cooling-off and applied after (with a clock the test controls)"; the strictest of the player's
and the operator's limit; and a limit reached through one process holds at another at once
(two servers on one database)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tests.server.conftest import POSTGRES_URL, START, RunningServer, Wall, clean_postgres

DAY = 24 * 3600


def _deposit(server: RunningServer, name: str, amount: int, currency: str | None = None) -> Any:
    """A deposit by the cashier (in euros, the default, unless ``currency`` is given)."""
    body: dict[str, Any] = {"amount": amount}
    if currency is not None:
        body["currency"] = currency
    return server.http.post(f"/players/{name}/deposits", json=body, headers=server.operator)


def _limit(server: RunningServer, who: dict[str, str], kind: str, amount: int | None) -> object:
    return server.http.put(f"/me/limits/{kind}", json={"amount": amount}, headers=server.auth(who))


def test_a_deposit_one_unit_over_the_days_limit_is_refused(
    server: RunningServer, wall: Wall
) -> None:
    """A day's limit of 100.00: 60.00 in, then 40.01 refused with the limit, what is left and
    when the day resets (nothing moved), then 40.00 taken; the next day the limit is whole
    again."""
    ana = server.player("ana")
    assert _limit(server, ana, "deposit_day", 100_00).status_code == 200
    assert _deposit(server, "ana", 60_00).status_code == 200
    over = _deposit(server, "ana", 40_01)
    assert over.status_code == 422, over.text
    detail = over.json()["detail"]
    assert detail["field"] == "amount" and detail["limit"] == 100_00 and detail["left"] == 40_00
    assert detail["resets_at"] == "2026-11-28T00:00:00Z"
    assert server.balance(ana) == 60_00
    assert _deposit(server, "ana", 40_00).status_code == 200
    assert _deposit(server, "ana", 1).status_code == 422
    wall.now = datetime(2026, 11, 28, tzinfo=UTC).timestamp()
    assert _deposit(server, "ana", 100_00).status_code == 200
    assert server.audit()["balanced"]


def test_a_limit_holds_in_each_currency_the_player_holds(server: RunningServer) -> None:
    """Choice X11: a limit is a number of minor units and binds each of the player's currency
    accounts by that number (the casino takes deposits in euros and patacas). A day's limit of
    100.00: 100.00 EUR in, then 0.01 EUR refused; 100.00 MOP in beside it, then 0.01 MOP refused,
    the refusal naming the limit and nothing left of it."""
    ana = server.player("ana")
    assert _limit(server, ana, "deposit_day", 100_00).status_code == 200
    assert _deposit(server, "ana", 100_00).status_code == 200
    assert _deposit(server, "ana", 1).status_code == 422
    assert _deposit(server, "ana", 100_00, "MOP").status_code == 200
    over = _deposit(server, "ana", 1, "MOP")
    assert over.status_code == 422, over.text
    detail = over.json()["detail"]
    assert detail["field"] == "amount" and detail["limit"] == 100_00 and detail["left"] == 0
    assert server.balance(ana) == 100_00  # the euro wallet's, as it was
    assert server.audit()["balanced"]


def test_a_raised_limit_waits_for_its_cooling_off(server: RunningServer, wall: Wall) -> None:
    """A month's limit of 100.00, reached; raised to 300.00: not applied until 24 hours after
    the raise (a second before, a deposit of 1 is refused), then applied. A lowering is at
    once."""
    ana = server.player("ana")
    assert _limit(server, ana, "deposit_month", 100_00).status_code == 200
    assert _deposit(server, "ana", 100_00).status_code == 200
    raised = _limit(server, ana, "deposit_month", 300_00)
    assert raised.status_code == 200, raised.text
    shown = raised.json()
    assert shown["in_force"] == 100_00
    assert shown["pending"] == {"amount": 300_00, "from": "2026-11-28T09:30:00Z"}
    wall.now = START + DAY - 1
    assert _deposit(server, "ana", 1).status_code == 422
    wall.now = START + DAY
    assert _deposit(server, "ana", 200_00).status_code == 200
    lowered = _limit(server, ana, "deposit_month", 250_00)
    assert lowered.json()["in_force"] == 250_00  # at once: 300.00 in, so nothing more
    assert _deposit(server, "ana", 1).status_code == 422


def test_the_strictest_of_the_players_and_the_operators_limit_applies(
    server: RunningServer,
) -> None:
    """The player's week limit is 500.00; the operator sets 200.00 on them, at once: a deposit
    of 200.01 is refused, 200.00 taken. Only an operator sets the operator's limit."""
    ana = server.player("ana")
    assert _limit(server, ana, "deposit_week", 500_00).status_code == 200
    as_player = server.http.put(
        "/operator/players/ana/limits/deposit_week", json={"amount": 1}, headers=server.auth(ana)
    )
    assert as_player.status_code == 403
    house = server.http.put(
        "/operator/players/ana/limits/deposit_week", json={"amount": 200_00},
        headers=server.operator,
    )  # fmt: skip
    assert house.status_code == 200 and house.json()["in_force"] == 200_00
    assert _deposit(server, "ana", 200_01).status_code == 422
    assert _deposit(server, "ana", 200_00).status_code == 200
    mine = server.http.get("/me/limits", headers=server.auth(ana)).json()
    assert mine["deposit_week"]["own"] == 500_00 and mine["deposit_week"]["operator"] == 200_00
    bad = _limit(server, ana, "deposit_year", 1)
    assert bad.status_code == 422 and bad.json()["detail"]["field"] == "kind"


def test_a_limit_reached_through_one_process_holds_at_another(wall: Wall) -> None:
    """Two servers on one PostgreSQL database (several processes share one; SQLite has one):
    the limit set and reached through one refuses the next deposit through the other at
    once."""
    clean_postgres(POSTGRES_URL)
    first = RunningServer(POSTGRES_URL, wall=wall)
    second = RunningServer(POSTGRES_URL, wall=wall)
    try:
        ana = first.player("ana")
        assert _limit(first, ana, "deposit_day", 50_00).status_code == 200
        assert _deposit(first, "ana", 50_00).status_code == 200
        refused = _deposit(second, "ana", 1)
        assert refused.status_code == 422 and refused.json()["detail"]["left"] == 0
    finally:
        second.stop()
        first.stop()
