"""A Macau stud table online: antes, the deal, each hand's raise or fold (art. 6(5)-(7)) asked
by the table with a time limit (a hand that does not decide folds, choice O15), the raise as a
new stake, settlement by the paytable, and the books."""

from __future__ import annotations

import pytest

from tests.server.conftest import RunningServer, receive_until

DEPOSIT = 10_000_00


def _mop(server: RunningServer, name: str) -> dict[str, str]:
    headers = server.player(name)
    done = server.http.post(
        f"/players/{name}/deposits",
        json={"amount": DEPOSIT, "currency": "MOP"},
        headers=server.operator,
    )
    assert done.status_code == 200, done.text
    return headers


@pytest.mark.cites("macau-stud-2004", "art. 5", "art. 7", "art. 6(6)", "art. 6(5)")
def test_a_stud_round_with_a_raise_a_fold_and_a_timeout(server: RunningServer) -> None:
    table = server.open_table(
        ruleset="macau-stud-2004", betting_seconds=10, decision_seconds=20, pause_seconds=0
    )["id"]
    info = server.http.get(f"/tables/{table}/information").json()
    assert info["game"] == "stud" and info["paytable"]["royal_flush"] == "100:1"
    ana, bruno, carla = (_mop(server, n) for n in ("ana", "bruno", "carla"))
    for headers in (ana, bruno, carla):
        server.sit(table, headers)
    private = server.watch(table, ana["token"])
    assert server.bet(table, ana, "ante", 100_00).status_code == 201
    assert server.bet(table, bruno, "ante", 200_00).status_code == 201
    assert server.bet(table, carla, "ante", 100_00).status_code == 201
    low = server.bet(table, carla, "ante", 50)
    assert low.status_code == 422  # the table's minimum ante (art. 5)
    early = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
    )
    assert early.status_code == 422 and early.json()["detail"]["field"] == "phase"

    server.advance(10)  # the window closes, the cards are dealt, decisions are asked
    hand = receive_until(private, "your_hand")[-1]
    assert len(hand["cards"]) == 5 and len(hand["dealer_up"]) == 1  # own cards only (art. 7, 12)
    view = server.view(table)
    assert view["phase"] == "deciding"
    assert server.bet(table, ana, "ante", 100_00).status_code == 422  # no bets after the deal

    raised = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
    )
    assert raised.status_code == 200, raised.text
    assert raised.json()["stake"] == 200_00  # exactly twice the ante (art. 6(6))
    assert server.balance(ana, "MOP") == DEPOSIT - 300_00
    folded = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "fold"}, headers=server.auth(bruno)
    )
    assert folded.status_code == 200
    again = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(bruno)
    )
    assert again.status_code == 422  # one decision per hand (art. 6(5))
    bad = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "check"}, headers=server.auth(carla)
    )
    assert bad.status_code == 422 and "raise or fold" in bad.text

    server.advance(20)  # carla never decides: her hand folds
    last = server.http.get(f"/tables/{table}/rounds/last").json()
    assert last["status"] == "settled" and len(last["result"]["dealer_cards"]) == 5
    lines = {(b["player"], b["kind"]): b for b in last["bets"]}
    assert lines[("bruno", "ante")]["outcome"] == "lose" and lines[("bruno", "ante")]["payout"] == 0
    assert lines[("carla", "ante")]["outcome"] == "lose"  # folded by the clock
    assert lines[("ana", "raise")]["amount"] == 200_00
    folded_hands = {h["player"]: h["folded"] for h in last["result"]["hands"]}
    assert folded_hands == {"ana": False, "bruno": True, "carla": True}
    for name, headers in (("ana", ana), ("bruno", bruno), ("carla", carla)):
        net = sum((b["payout"] or 0) - b["amount"] for b in last["bets"] if b["player"] == name)
        assert server.balance(headers, "MOP") == DEPOSIT + net
    assert server.audit()["balanced"]
    private.close()


def test_a_raise_the_balance_cannot_cover_is_refused_and_the_hand_may_still_fold(
    server: RunningServer,
) -> None:
    table = server.open_table(ruleset="macau-stud-2004", betting_seconds=10, pause_seconds=0)["id"]
    ana = server.player("ana")
    server.http.post(
        "/players/ana/deposits", json={"amount": 250_00, "currency": "MOP"}, headers=server.operator
    )
    server.sit(table, ana)
    assert server.bet(table, ana, "ante", 100_00).status_code == 201
    server.advance(10)
    short = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
    )
    assert short.status_code == 422 and "balance" in short.text
    assert server.balance(ana, "MOP") == 150_00  # nothing moved
    fold = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "fold"}, headers=server.auth(ana)
    )
    assert fold.status_code == 200
    assert server.balance(ana, "MOP") == 150_00 and server.audit()["balanced"]


def test_an_operator_fault_while_hands_decide_refunds_antes_and_raises(
    server: RunningServer,
) -> None:
    table = server.open_table(ruleset="macau-stud-2004", betting_seconds=10)["id"]
    ana = _mop(server, "ana")
    bruno = _mop(server, "bruno")
    server.sit(table, ana)
    server.sit(table, bruno)
    server.bet(table, ana, "ante", 100_00)
    server.bet(table, bruno, "ante", 100_00)
    server.advance(10)
    server.http.post(
        f"/tables/{table}/decisions", json={"decision": "raise"}, headers=server.auth(ana)
    )
    fault = server.http.post(
        f"/tables/{table}/fault", json={"reason": "shuffler fault"}, headers=server.operator
    )
    assert fault.status_code == 200, fault.text
    assert server.balance(ana, "MOP") == DEPOSIT and server.balance(bruno, "MOP") == DEPOSIT
    assert server.audit()["balanced"]


@pytest.mark.cites("macau-stud-2004", "art. 6(2)")
def test_the_close_of_bets_is_in_a_stud_rounds_journal(server: RunningServer) -> None:
    """Art. 6(2): the antes are placed before the first card; online, "No more bets" closes the
    window (PT 812/2015 rule 27). Issue 19: it was journaled at baccarat tables only."""
    table = server.open_table(
        ruleset="macau-stud-2004", betting_seconds=10, decision_seconds=20, pause_seconds=0
    )["id"]
    ana = _mop(server, "ana")
    server.sit(table, ana)
    assert server.bet(table, ana, "ante", 100_00).status_code == 201
    server.advance(10)
    folded = server.http.post(
        f"/tables/{table}/decisions", json={"decision": "fold"}, headers=server.auth(ana)
    )
    assert folded.status_code == 200
    journal = server.http.get(f"/tables/{table}/rounds/last", headers=server.operator).json()
    commands = [e["command"] for e in journal["journal"]]
    assert commands == ["place_bet", "close_betting", "deal", "fold", "settle"]
