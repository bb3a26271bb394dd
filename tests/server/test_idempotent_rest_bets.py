"""A REST bet with an ``Idempotency-Key`` is placed once (issue 26, finding 8: the WebSocket
honoured its ``ref``, REST bets had nothing of the kind, so a client retrying after a timeout
staked twice)."""

from __future__ import annotations

from tests.server.conftest import RunningServer

DEPOSIT = 1_000_00


def _bet(server: RunningServer, table: int, who: dict[str, str], amount: int, key: str | None):
    headers = server.auth(who) | ({"Idempotency-Key": key} if key is not None else {})
    return server.http.post(
        f"/tables/{table}/bets", json={"kind": "player", "amount": amount}, headers=headers
    )


def test_the_same_key_stakes_once_and_answers_the_same(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=30, pause_seconds=0)["id"]
    ana, bo = server.player("ana", DEPOSIT), server.player("bo", DEPOSIT)
    server.sit(table, ana)
    server.sit(table, bo)
    first = _bet(server, table, ana, 10_00, "retry-1")
    again = _bet(server, table, ana, 10_00, "retry-1")
    assert first.status_code == again.status_code == 201, (first.text, again.text)
    assert again.json()["repeated"] is True and "repeated" not in first.json()
    assert server.balance(ana) == DEPOSIT - 10_00  # staked once
    assert _bet(server, table, ana, 10_00, "retry-2").status_code == 201  # a new key: a new bet
    assert server.balance(ana) == DEPOSIT - 20_00
    # the same key from another player is that player's own
    assert _bet(server, table, bo, 10_00, "retry-1").status_code == 201
    assert server.balance(bo) == DEPOSIT - 10_00
    # a refusal is an answer too: repeated, it is refused again and changes nothing
    refused = _bet(server, table, ana, 10**12, "too-much")
    assert refused.status_code == 422
    repeat = _bet(server, table, ana, 10_00, "too-much")
    assert repeat.status_code == 422 and repeat.json() == refused.json()
    assert server.balance(ana) == DEPOSIT - 20_00
    # no key: every request is its own bet, as before
    assert _bet(server, table, ana, 1_00, None).status_code == 201
    assert _bet(server, table, ana, 1_00, None).status_code == 201
    assert server.balance(ana) == DEPOSIT - 22_00
    assert _bet(server, table, ana, 1_00, "k" * 65).status_code == 422  # 64 characters at most
    assert server.balance(ana) == DEPOSIT - 22_00
