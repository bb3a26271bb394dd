"""A watcher on one process sees every event of a table another process runs, in order, none
lost; a player there bets over the WebSocket as at the table's own process (issue 20, part 2:
"A watcher on process A sees every event of a table owned by process B, in order, none lost").
Real processes, real PostgreSQL, real NATS on loopback."""

from __future__ import annotations

import json
import threading
import time
import uuid
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from tests.server.conftest import POSTGRES_URL, clean_postgres
from tests.server.test_cluster import _serve
from tests.server.test_crash import OPERATOR
from tests.services import NATS_URL


def _bus() -> str:
    return f"{NATS_URL}/test-{uuid.uuid4().hex[:12]}"  # this test's subjects alone


class Listener:
    """Every message of one WebSocket, kept in the order received, on a thread."""

    def __init__(self, base: str, table: int, token: str | None = None) -> None:
        url = base.replace("http", "ws") + f"/tables/{table}/ws"
        headers = {"Authorization": f"Bearer {token}"} if token else None
        self.socket: ClientConnection = ws_connect(url, open_timeout=10, additional_headers=headers)
        self.messages: list[dict[str, Any]] = []
        self.closed: int | None = None
        self.cursor = 0
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                self.messages.append(json.loads(text))
        except ConnectionClosed as closed:
            self.closed = closed.rcvd.code if closed.rcvd else None
        else:
            rcvd = self.socket.protocol.close_rcvd
            self.closed = rcvd.code if rcvd else None

    def wait_for(self, test: Any, seconds: float = 15) -> dict[str, Any]:
        """The next message, after those a wait already went past, that ``test`` accepts."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for message in self.messages[self.cursor :]:
                self.cursor += 1
                if test(message):
                    return message
            time.sleep(0.02)
        raise AssertionError(f"not seen in {seconds} s; last: {self.messages[-3:]}")

    def close(self) -> None:
        self.socket.close()
        self.thread.join(5)


def _fast_table(base: str) -> int:
    """A table opened at ``base`` (whose process then runs it) with one-second windows."""
    made = httpx.post(
        f"{base}/tables",
        json={"name": "t", "betting_seconds": 1, "pause_seconds": 0},
        headers=OPERATOR,
    )
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


def _contiguous_in(part: list[str], whole: list[str]) -> bool:
    if not part:
        return False
    starts = [i for i, text in enumerate(whole) if text == part[0]]
    return any(whole[i : i + len(part)] == part for i in starts)


def test_a_watcher_on_another_process_sees_every_event_in_order() -> None:
    clean_postgres(POSTGRES_URL)
    bus = _bus()
    a, a_base = _serve(POSTGRES_URL, "a", bus)
    b, b_base = _serve(POSTGRES_URL, "b", bus)
    listeners: list[Listener] = []
    try:
        table = _fast_table(a_base)  # a opened it: a runs it
        made_player = httpx.post(
            f"{a_base}/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
        )
        token = made_player.json()["token"]
        ana = {"Authorization": f"Bearer {token}"}
        httpx.post(f"{a_base}/players/ana/deposits", json={"amount": 1_000_00}, headers=OPERATOR)
        at_a = Listener(a_base, table)  # a watcher where the table runs
        at_b = Listener(b_base, table)  # and one on the other process
        player_at_b = Listener(b_base, table, token)
        listeners += [at_a, at_b, player_at_b]
        for listener in listeners:
            first = listener.wait_for(lambda m: True)
            assert first["type"] == "table" and first["id"] == table  # the view comes first
        assert httpx.post(f"{b_base}/tables/{table}/sessions", json={}, headers=ana).is_success
        # bets over b's WebSocket, answered by a's table as its own WebSocket answers them
        for ref in range(1, 4):
            player_at_b.socket.send(
                json.dumps({"type": "bet", "kind": "banker", "amount": 1_00, "ref": f"r{ref}"})
            )
            ack = player_at_b.wait_for(lambda m, r=f"r{ref}": m.get("ref") == r)
            if ack["type"] == "refused":  # between two windows: try in the next one
                assert ack["field"] in ("bet", "round", "kind"), ack
            player_at_b.wait_for(lambda m: m.get("type") == "round_settled", 15)
        refused = {"type": "bet", "kind": "banker", "amount": 10**12, "ref": "big"}
        player_at_b.socket.send(json.dumps(refused))
        answer_b = player_at_b.wait_for(lambda m: m.get("ref") == "big")
        with ws_connect(
            a_base.replace("http", "ws") + f"/tables/{table}/ws",
            additional_headers=ana,
            open_timeout=10,
        ) as direct:
            json.loads(direct.recv(10))  # the view
            direct.send(json.dumps({**refused, "ref": "big-a"}))
            answer_a = json.loads(direct.recv(10))
            while answer_a.get("ref") != "big-a":
                answer_a = json.loads(direct.recv(10))
        assert answer_b["type"] == "refused" and answer_b["field"] == "amount"  # the same refusal
        assert {**answer_b, "ref": None} == {**answer_a, "ref": None}
        # a private message reaches the player on b: the end of their session, with statement
        assert httpx.get(f"{b_base}/me", headers=ana).json()["sessions"]
        session = httpx.get(f"{b_base}/me", headers=ana).json()["sessions"][0]["session"]
        assert httpx.post(f"{b_base}/sessions/{session}/end", headers=ana).is_success
        player_at_b.wait_for(lambda m: m.get("type") == "session_ended", 15)
        for _ in range(2):  # more rounds for the watchers
            at_a.wait_for(lambda m: m.get("type") == "round_settled", 15)
        time.sleep(0.5)
        events_a = [json.dumps(m, sort_keys=True) for m in at_a.messages[1:]]
        events_b = [json.dumps(m, sort_keys=True) for m in at_b.messages[1:]]
        assert len(events_b) >= 10
        assert not any(m["type"] == "session_ended" for m in at_b.messages)  # ana's alone
        # b's watcher got a's events: the same texts, in the same order, none missing between
        cut = min(len(events_a), len(events_b))
        assert _contiguous_in(events_b[: cut - 2], events_a), (events_a, events_b)
        assert at_b.closed is None and at_a.closed is None
    finally:
        for listener in listeners:
            listener.close()
        for process in (a, b):
            process.kill()
            process.wait()


def test_a_watcher_whose_table_moves_is_sent_to_reconnect_and_resumes_it() -> None:
    """The table's process dies (kill -9): the watcher on another process is closed with 4409
    (reconnect), never left silent, and on reconnecting it gets the table from its new process
    and its events again (the browser does this by itself: web/table.js)."""
    clean_postgres(POSTGRES_URL)
    bus = _bus()
    a, a_base = _serve(POSTGRES_URL, "a", bus)
    b, b_base = _serve(POSTGRES_URL, "b", bus)
    c, _c_base = _serve(POSTGRES_URL, "c", bus)
    listeners: list[Listener] = []
    try:
        table = _fast_table(a_base)
        httpx.post(
            f"{a_base}/players", json={"name": "ana", "born": "1990-01-01"}, headers=OPERATOR
        )
        httpx.post(f"{a_base}/players/ana/deposits", json={"amount": 100_00}, headers=OPERATOR)
        watcher = Listener(b_base, table)
        listeners.append(watcher)
        assert watcher.wait_for(lambda m: True)["type"] == "table"
        a.kill()  # SIGKILL: no goodbye
        a.wait()
        deadline = time.monotonic() + 15
        while watcher.closed is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert watcher.closed == 4409  # the table moved: reconnect
        again: Listener | None = None
        while again is None and time.monotonic() < deadline + 10:
            try:
                again = Listener(b_base, table)  # 1013 while no process has taken it yet
                listeners.append(again)
                first = again.wait_for(lambda m: True, 5)
                if first["type"] != "table":
                    again = None
            except Exception:
                again = None
                time.sleep(0.3)
        assert again is not None
        opened = again.wait_for(lambda m: m.get("type") == "betting_open", 15)
        assert opened["table"] == table  # its events come from the new process
        owners = httpx.get(f"{b_base}/cluster", headers=OPERATOR).json()["nodes"]
        assert any(table in n["tables"] and n["name"] in ("b", "c") for n in owners)
    finally:
        for listener in listeners:
            listener.close()
        for process in (a, b, c):
            process.kill()
            process.wait()
