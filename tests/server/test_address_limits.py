"""What an anonymous client can make or send is bounded per address (issue 26, finding 6: 2,309
anonymous demo players were created in 15 s, each a fresh identity with limits of its own; and
anonymous messages to a table had no limit at all)."""

from __future__ import annotations

import json

from tests.server.conftest import RunningServer


def test_a_few_demo_players_a_minute_from_one_address(server: RunningServer) -> None:
    limit = int(server.casino.rates.limits.demo_players_per_minute)
    made = [server.http.post("/demo/players", json={"name": f"d{n}"}) for n in range(limit)]
    assert [m.status_code for m in made] == [201] * limit
    refused = server.http.post("/demo/players", json={"name": "one-too-many"})
    assert refused.status_code == 429 and refused.json()["detail"]["field"] == "rate"
    assert refused.headers["Retry-After"] == "60"
    players = server.http.get("/ledger/audit", headers=server.operator)
    assert players.status_code == 200  # the server is fine
    again = server.http.post("/demo/players", json={"name": "one-too-many"})
    assert again.status_code == 429  # and the refused one was never made


def test_messages_with_no_token_are_bounded_per_address(server: RunningServer) -> None:
    table = server.open_table(betting_seconds=10, pause_seconds=0)["id"]
    text = json.dumps({"type": "bet", "kind": "player", "amount": 100})
    answers = [
        server.http.post(f"/tables/{table}/messages", json={"text": text}).status_code
        for _ in range(80)
    ]
    assert answers[0] == 200  # refused by the table: no token (the WebSocket's answer)
    assert 429 in answers  # and past the burst, refused at the door
    burst = 2 * int(server.casino.rates.limits.anonymous_per_second)
    assert answers.count(200) <= burst + 20  # the burst, and what refilled meanwhile
