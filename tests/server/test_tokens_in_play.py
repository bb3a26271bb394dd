"""A player in play is not kept waiting for the database (issue 32(4)).

When several processes share a PostgreSQL database, each process confirms a token it remembers
with the database every ``CONFIRM_SECONDS`` (a token replaced or suspended at another process
must stop working here: issue 20, GLI-19 2.5.4). That confirmation was made at the bet that
found it due: one bet of a player betting every 50 ms in a hundred waited for a transaction of
the database, the tail of the bets' latency. The server now confirms every token in play
together, ahead of time, in one transaction (``Players.confirm_in_use``), and a bet finds its
token confirmed. What a confirmation refuses is tested in tests/store/test_shared_tokens.py."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from croupier.store.players import CONFIRM_SECONDS
from tests.server.conftest import RunningServer

DEPOSIT = 1_000_00


class Clock:
    """The tokens' clock (real time in production), moved by the test."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def _ack(ws: Any, ref: str) -> dict[str, Any]:
    ws.send(json.dumps({"type": "bet", "kind": "player", "amount": 1_00, "ref": ref}))
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message.get("ref") == ref:
            assert message["type"] == "ack", message
            return dict(message)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_bet_finds_its_token_confirmed_ahead_of_time(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = server.casino.players
    clock = Clock()
    players.wall = clock
    table = server.open_table(betting_seconds=30, pause_seconds=0)["id"]
    ana = server.player("ana", DEPOSIT)
    server.sit(table, ana)
    confirmed: list[int] = []
    together = players.confirm_in_use
    monkeypatch.setattr(players, "confirm_in_use", lambda: confirmed.append(together()))
    with server.watch(table, ana["token"]) as ws:
        _ack(ws, "first")  # the token is remembered, confirmed now
        asked: list[str] = []
        one = players.authenticate_digest  # a bet's own confirmation (server/table_socket.py)
        monkeypatch.setattr(players, "authenticate_digest", lambda d: asked.append(d) or one(d))
        clock.now += CONFIRM_SECONDS * 0.75  # in play, half due
        _ack(ws, "second")
        deadline = time.monotonic() + 20
        while not any(confirmed):  # the server's task comes round (every CONFIRM_SECONDS / 4)
            assert time.monotonic() < deadline, f"never confirmed together: {confirmed}"
            time.sleep(0.05)
        clock.now += CONFIRM_SECONDS * 0.5  # due since the first bet, not since the task
        _ack(ws, "third")
        assert asked == []  # no bet asked the database for its token
        clock.now += CONFIRM_SECONDS * 1.5  # left unconfirmed for a whole term (the task is
        monkeypatch.setattr(players, "confirm_in_use", lambda: 0)  # held): asked at the bet
        _ack(ws, "fourth")
        assert len(asked) == 1
    assert server.balance(ana) == DEPOSIT - 4 * 1_00
