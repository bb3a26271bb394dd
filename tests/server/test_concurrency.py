"""Many clients at once: no money lost or duplicated, and one balance cannot be spent twice,
even by bets racing on two tables (the database refuses the second debit)."""

from __future__ import annotations

import threading

import httpx

from tests.server.conftest import RunningServer


def _parallel(jobs: list) -> list:
    results: list = [None] * len(jobs)

    def run(i: int) -> None:
        results[i] = jobs[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_one_balance_cannot_be_spent_twice_on_two_tables(server: RunningServer) -> None:
    tables = [server.open_table(betting_seconds=60)["id"] for _ in range(2)]
    ana = server.player("ana", 10_00)
    for table in tables:
        server.sit(table, ana)
    clients = [httpx.Client(base_url=server.base, timeout=30) for _ in range(20)]
    jobs = [
        (
            lambda c=c, t=tables[i % 2]: (
                c.post(
                    f"/tables/{t}/bets",
                    json={"kind": "player", "amount": 1_00},
                    headers=server.auth(ana),
                ).status_code
            )
        )
        for i, c in enumerate(clients)
    ]
    codes = _parallel(jobs)
    assert codes.count(201) == 10 and codes.count(422) == 10  # 10.00 buys ten 1.00 bets
    assert server.balance(ana) == 0
    totals = [server.view(t)["totals"].get("player", 0) for t in tables]
    assert sum(totals) == 10_00
    assert server.audit()["balanced"]
    for c in clients:
        c.close()


def test_many_players_on_many_tables_conserve_money(server: RunningServer) -> None:
    tables = [
        server.open_table(seats=9, betting_seconds=5, pause_seconds=0)["id"] for _ in range(3)
    ]
    players = [server.player(f"p{i}", 200_00) for i in range(12)]
    for i, headers in enumerate(players):
        server.sit(tables[i % 3], headers)
        server.sit(tables[(i + 1) % 3], headers)
    accepted: list[int] = []
    lock = threading.Lock()

    def bettor(i: int) -> None:
        with httpx.Client(base_url=server.base, timeout=30) as client:
            for n in range(15):
                table = tables[(i + n) % 3]
                if table not in (tables[i % 3], tables[(i + 1) % 3]):
                    continue
                kind = ("player", "banker", "tie")[n % 3]
                response = client.post(
                    f"/tables/{table}/bets",
                    json={"kind": kind, "amount": 1_00},
                    headers=server.auth(players[i]),
                )
                assert response.status_code in (201, 422), response.text
                if response.status_code == 201:
                    with lock:
                        accepted.append(1_00)

    for _round in range(3):
        _parallel([(lambda i=i: bettor(i)) for i in range(12)])
        server.advance(5)  # every table deals and settles
    staked = sum(
        t["totals"].get(k, 0) for t in map(server.view, tables) for k in ("player", "banker", "tie")
    )
    assert staked == 0 and len(accepted) > 100
    total = sum(server.balance(h) for h in players)
    assert server.audit()["balanced"]
    # every settled bet is accounted for: the players' money plus the house's equals the deposits
    rounds = []
    for table in tables:
        rounds += server.http.get(f"/tables/{table}/rounds", params={"limit": 200}).json()
    paid = sum(
        (b["payout"] or 0) - b["amount"]
        for r in rounds
        for b in r["bets"]
        if b["outcome"] != "carried"
    )
    assert sum(b["amount"] for r in rounds for b in r["bets"]) == sum(accepted)
    assert total == 12 * 200_00 + paid
