"""The player account's own rules (issue 29, item 8): registration refuses minors (a real-money
player's date of birth, 18 or older on the day); withdrawals to the player's own payment
account, recorded in the ledger like deposits and never taking the balance below zero; play
money needs no date of birth."""

from __future__ import annotations

from tests.server.conftest import RunningServer


def _register(server: RunningServer, name: str, **body: object) -> object:
    return server.http.post("/players", json={"name": name, **body}, headers=server.operator)


def test_registration_refuses_minors(server: RunningServer) -> None:
    """On 27 November 2026 a player born on 28 November 2008 is a day short of 18: refused,
    naming ``born``; one born on 27 November 2008 is registered; a real-money player with no
    date of birth, or one in the future, is refused; a demo player needs none."""
    missing = _register(server, "ana")
    assert missing.status_code == 422 and missing.json()["detail"]["field"] == "born"
    minor = _register(server, "ana", born="2008-11-28")
    assert minor.status_code == 422 and "2026-11-28" in minor.json()["detail"]["message"]
    future = _register(server, "ana", born="2027-01-01")
    assert future.status_code == 422
    adult = _register(server, "ana", born="2008-11-27")
    assert adult.status_code == 201, adult.text
    demo = _register(server, "bea", demo=True)
    assert demo.status_code == 201


def test_a_withdrawal_is_booked_like_a_deposit_and_never_overdraws(server: RunningServer) -> None:
    """100.00 in, 30.00 out: 70.00 left and the books balance; 70.01 out is refused with nothing
    moved; a stake in play is not the balance; a withdrawal is no deposit (a deposit limit
    does not count it); a demo player withdraws nothing."""
    ana = server.player("ana", 100_00)
    out = server.http.post(
        "/players/ana/withdrawals", json={"amount": 30_00}, headers=server.operator
    )
    assert out.status_code == 200 and out.json()["balance"] == 70_00
    over = server.http.post(
        "/players/ana/withdrawals", json={"amount": 70_01}, headers=server.operator
    )
    assert over.status_code == 422 and server.balance(ana) == 70_00
    table = server.open_table(betting_seconds=60)["id"]
    server.sit(table, ana)
    assert server.bet(table, ana, "banker", 50_00).status_code == 201
    staked = server.http.post(
        "/players/ana/withdrawals", json={"amount": 20_01}, headers=server.operator
    )
    assert staked.status_code == 422  # 50.00 is on the table: 20.00 is the balance
    assert (
        server.http.put(
            "/me/limits/deposit_day", json={"amount": 100_00}, headers=server.auth(ana)
        ).status_code
        == 200
    )
    again = server.http.post("/players/ana/deposits", json={"amount": 1}, headers=server.operator)
    assert again.status_code == 422  # 100.00 deposited today: the withdrawal gave none back
    assert server.audit()["balanced"]
    server.player("bea", demo=True)
    demo = server.http.post(
        "/players/bea/withdrawals", json={"amount": 1, "currency": "DEMO"}, headers=server.operator
    )
    assert demo.status_code == 422
