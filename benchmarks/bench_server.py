"""Online table server load benchmark (issue 7), bounded and on loopback only.

Run:  python3 benchmarks/bench_server.py [--seconds 5] [--postgres URL] [--json] [--no-door]
                                         [--baseline-src OTHER/src [--pairs 3]] [--calls]

For 1, 10 and 100 concurrent players on SQLite (and on PostgreSQL when reachable; default
``postgresql://postgres@127.0.0.1:5432/test``, which is wiped): each player holds a WebSocket to
its table and bets in a loop, one bet in flight at a time (closed loop: the throughput a server
reaches, with latency = players / throughput); ``100-paced``: 100 players each betting 21 times a
second (2,100 bets/s offered: the latency at the target's load), each player starting at its own
random moment within the first interval (fixed seed), as independent players do; ``100-burst``:
100 players betting 20 times a second all at the same moment (100 bets in the same millisecond
every 50 ms: the time to clear a burst; the only paced scenario of earlier runs). A bet counts
when its acknowledgement arrives (the stake is committed in the database by then). Reported:
acknowledged bets/s, settled bets/s (bets placed in the run, from the round journal, whose rounds
the tables settled, read from the database afterwards) and acknowledgement latency p50/p99.
Baselines in the same run: bare ledger postings (one ``Ledger.transfer`` per transaction, no
server) on the same database; and the transport alone: the paced scenario's bettors against a
bare uvicorn WebSocket app that acknowledges each bet at once (``bare_echo``), and below it the
floor of any Python server here: an asyncio protocol answering each bet in its socket's callback,
no ASGI server or WebSocket library (``raw_echo``, ``raw_ws_echo.py``). Each scenario also
reports the server process's CPU per acknowledged bet. Bettors use ``benchmarks/lean_ws.py``
(``--library-client``: the websockets library's client).

Fan-out: 1,000 WebSocket watchers of one table receive the operator's announcements, sent at
200 a second by another process (200,000 messages/s asked: more than either server delivers);
messages per second = events x watchers / (time from the first event to the last message
received), against a bare Starlette broadcast paced by the same rule to the same clients in the
same run.

``--baseline-src OTHER/src`` runs each database's bet scenarios on a server importing croupier
from another checkout too (``git worktree add /tmp/before REV``), the two servers alternated
``--pairs`` times, and reports the medians and their ratios. The paced scenario is printed
against issue 32(4)'s goals: under 200 us of server CPU per bet, p99 under 20 ms, with its ratio
to the bare echo's CPU in the same run, itself judged against the goal's (200 us was 2.1-2.6x the
echo of the issue's machine, 78-95 us); and split by a third server of the same run,
croupier's door alone (``door_server.py``: ``croupier serve`` whose tables answer each bet at
once, ``door`` in the report; ``--no-door`` skips it): the transport (the bare echo), croupier's
door (the door's server less the echo) and the table with its writing (the server less the
door's).

``--calls`` runs the bet servers under ``counted_serve.py`` and adds to each scenario the event
loop's Python calls per acknowledged bet (``calls``: in all, by where the called code lives, and
the functions called most; ``call_counts.py``): a count of the work that the machine's speed
does not move, for a change too small for the CPU's noise to show. The profiler slows the loop
it counts: the CPU figures of such a run are not the server's.

Targets (issue 7, per server process): at least 2,000 settled bets/s with p99 acknowledgement
under 20 ms at 100 players; at least 30,000 delivered WebSocket messages/s.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import lean_ws
import websockets
from call_counts import per_bet

from croupier.server.transport import WS_IMPLEMENTATION

TOKEN = "bench-operator"
OPERATOR = {"Authorization": f"Bearer {TOKEN}"}
SEATS = 9
#: (label, players, bets per second per player (0: closed loop, as fast as acknowledged),
#: every player's bet at the same moment)
SCENARIOS = [
    ("1", 1, 0, False),
    ("10", 10, 0, False),
    ("100", 100, 0, False),
    ("100-paced", 100, 21, False),
    ("100-burst", 100, 20, True),
]
FANOUT_RATE = 200  # events per second in the fan-out test, for croupier and the bare baseline
OVERRIDES = {"table.max_payout_per_round": 10**12}  # rule 40: no individual maximum


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PIN: dict[str, set[int]] = {}
#: the ``src`` the server imports croupier from (``--baseline-src``: another checkout's); None:
#: the installed croupier, this checkout
SERVER_SRC: list[Path | None] = [None]
#: ``croupier serve --group-commit-ms`` for the bet servers (``--group-commit-ms``); None: its
#: default
GROUP_COMMIT_MS: list[float | None] = [None]
#: ``--calls``: the bet servers run under counted_serve.py, their event loop's Python calls
#: counted over each scenario's measured seconds (written to this directory)
CALLS_DIR: list[Path | None] = [None]
#: issue 32(4): the server's CPU per acknowledged bet and the p99 at 100 paced players
GOAL_CPU_US, GOAL_P99_MS = 200, 20
#: the same goal relative to the transport: the issue's machine ran the bare echo at 78-95 us,
#: so its 200 us was 2.1-2.6x the echo (this shared machine's speed moves up to 3x within a day,
#: and the echo more than croupier: the absolute goal alone is met or not by the hour)
ISSUE_ECHO_US = (78, 95)
GOAL_ECHO_RATIO = (GOAL_CPU_US / ISSUE_ECHO_US[1], GOAL_CPU_US / ISSUE_ECHO_US[0])
PACED = "100-paced"  # the scenario the goals are for
REFS = itertools.count(1)  # bet references, unique in the process
#: the bare baselines' WebSocket transport: croupier's (server/transport.py), so that they
#: measure the floor under the server as it runs
BARE_WS = ["--ws", WS_IMPLEMENTATION, "--ws-per-message-deflate", "false"]


def launch(
    command: list[str], port: int, ready: str, cwd: str | None = None, env: Any = None
) -> subprocess.Popen[bytes]:
    """``command`` started on the server's CPU (``--pin``), returned once ``GET ready`` on
    ``port`` answers 200; killed, and an error raised, when it does not within 60 s."""
    pinned = ["taskset", "-c", ",".join(map(str, sorted(PIN["server"])))] if PIN else []
    process = subprocess.Popen(
        pinned + command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}{ready}", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    process.kill()
    process.wait()
    raise RuntimeError(f"{' '.join(command[:4])} did not start")


def start_server(url: str, port: int, door: bool = False) -> subprocess.Popen[bytes]:
    """``croupier serve`` on ``url``; ``door``: its tables answering each bet at once
    (``door_server.py``: croupier's door alone)."""
    program = [str(Path(__file__).with_name("door_server.py"))] if door else ["-m", "croupier"]
    counts = calls_file(port, door)
    if counts is not None:
        program = [str(Path(__file__).with_name("counted_serve.py"))]
    command = [
        sys.executable,
        *program,
        "serve",
        "--port",
        str(port),
        "--database",
        url,
        "--no-demo",
        "--operator-token",
        TOKEN,
        # the closed-loop players bet as fast as acknowledged (~90 a second each): above
        # the default per-player limit, which the paced players (~21 a second) stay under
        "--messages-per-second",
        "1000",
    ]
    if GROUP_COMMIT_MS[0] is not None:
        command += ["--group-commit-ms", str(GROUP_COMMIT_MS[0])]
    src = SERVER_SRC[0]
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    if counts is not None:
        env["CROUPIER_CALLS_FILE"] = str(counts)
    return launch(command, port, "/health", env=env)


def wipe_postgres(url: str) -> bool:
    from sqlalchemy import text

    from croupier.store.database import connect
    from croupier.store.schema import metadata

    try:
        engine = connect(url)
        with engine.begin() as connection:
            metadata.drop_all(connection)
            connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
        engine.dispose()
        return True
    except Exception:  # no PostgreSQL here: skip it, and say so in the report
        return False


def setup(base: str, players: int, label: str = "") -> list[tuple[int, str]]:
    """Tables of nine seats, enough for ``players``; returns (table, token) per player."""
    client = httpx.Client(base_url=base, timeout=30)
    tables = []
    for t in range((players + SEATS - 1) // SEATS):
        made = client.post(
            "/tables",
            json={
                "name": f"bench{label}-{players}-{t}",
                "ruleset": "pt-ponto-banca-macau-2015",
                "seats": SEATS,
                "betting_seconds": 1,
                "pause_seconds": 0,
                "overrides": OVERRIDES,
            },
            headers=OPERATOR,
        )
        assert made.status_code == 201, made.text
        tables.append(made.json()["id"])
    out = []
    for p in range(players):
        name = f"bench{label}-{players}-p{p}"
        made = client.post("/players", json={"name": name, "born": "1990-01-01"}, headers=OPERATOR)
        made.raise_for_status()
        token = made.json()["token"]
        client.post(
            f"/players/{name}/deposits", json={"amount": 10**11}, headers=OPERATOR
        ).raise_for_status()
        table = tables[p // SEATS]
        client.post(
            f"/tables/{table}/sessions", json={}, headers={"Authorization": f"Bearer {token}"}
        ).raise_for_status()
        out.append((table, token))
    client.close()
    return out


def leave(base: str, seats: list[tuple[int, str]]) -> None:
    """The players end their sessions, so that the next scenario is not measured while the
    tables end theirs for inactivity (PT rule 36) and write their statements."""
    with httpx.Client(base_url=base, timeout=30) as client:
        for _table, token in seats:
            me = {"Authorization": f"Bearer {token}"}
            for session in client.get("/me", headers=me).json().get("sessions", []):
                client.post(f"/sessions/{session['session']}/end", headers=me)


LEAN_CLIENT = [True]  # --library-client: the websockets library's client instead


async def bettor(
    port: int,
    table: int,
    token: str,
    until: float,
    latencies: list[float],
    rate: float = 0,
    phase: float = 0,
    refused: list[str] | None = None,
) -> None:
    """Bet in a loop, one bet in flight; ``rate`` > 0 paces the bets (bets per second), the
    first ``phase`` seconds after the start; the reasons of refused bets go to ``refused``."""
    path = f"/tables/{table}/ws"  # the token in the Authorization header, never the URL
    if LEAN_CLIENT[0]:
        ws = await lean_ws.connect("127.0.0.1", port, path, token)
        ask = ws.request_reply
    else:
        library = await websockets.connect(
            f"ws://127.0.0.1:{port}{path}",
            max_queue=None,
            compression=None,
            additional_headers={"Authorization": f"Bearer {token}"},
        )

        async def ask(bet: dict[str, Any]) -> dict[str, Any]:
            await library.send(json.dumps(bet))
            while True:
                message: dict[str, Any] = json.loads(await library.recv())
                if message.get("ref") == bet["ref"]:
                    return message

    try:
        n = 0
        start = time.perf_counter()
        while time.perf_counter() < until:
            n += 1
            if rate:
                await asyncio.sleep(max(0.0, start + phase + n / rate - time.perf_counter()))
            sent = time.perf_counter()
            # a reference never used before by this player: the server answers a repeated one
            # with its first answer and stakes nothing (server/idempotency.py)
            ref = next(REFS)
            message = await ask({"type": "bet", "kind": "player", "amount": 100, "ref": ref})
            if message["type"] == "ack":
                latencies.append(time.perf_counter() - sent)
            elif refused is not None:
                refused.append(str(message.get("message")))
    finally:
        if LEAN_CLIENT[0]:
            ws.close()
        else:
            await library.close()


async def crowd(
    port: int,
    seats: list[tuple[int, str]],
    until: float,
    latencies: list[float],
    rate: float,
    burst: bool = False,
    refused: list[str] | None = None,
) -> None:
    """Every player bets ``rate`` times a second. Each starts at its own random moment within
    the first interval (fixed seed), as independent players do; ``burst``: all at the same
    moment, so the table receives every player's bet in the same millisecond."""
    draw = random.Random(20261122)
    phases = [0.0 if burst or not rate else draw.uniform(0, 1 / rate) for _ in seats]
    await asyncio.gather(
        *(
            bettor(port, t, tok, until, latencies, rate, phase, refused)
            for (t, tok), phase in zip(seats, phases, strict=True)
        )
    )


def settled_count(url: str, since: int) -> tuple[int, int]:
    """Bets placed after journal entry ``since`` (each accepted bet command) whose rounds are
    settled, and the highest journal entry so far."""
    from sqlalchemy import func, select

    from croupier.store.database import connect
    from croupier.store.schema import journal, rounds

    engine = connect(url)
    with engine.connect() as c:
        settled = c.execute(
            select(func.count())
            .select_from(journal.join(rounds, rounds.c.id == journal.c.round_id))
            .where(
                journal.c.id > since,
                rounds.c.status == "settled",
                journal.c.command == "place_bet",
            )
        ).scalar_one()
        high = c.execute(select(func.coalesce(func.max(journal.c.id), 0))).scalar_one()
    engine.dispose()
    return int(settled), int(high)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def ledger_baseline(url: str, seconds: float) -> float:
    from croupier.store.database import connect, migrate
    from croupier.store.ledger import Ledger

    engine = connect(url)
    migrate(engine)
    ledger = Ledger(engine)
    stamp = time.monotonic_ns()
    a = ledger.open_account(f"base-a-{stamp}", "cashier", "EUR", may_go_negative=True)
    b = ledger.open_account(f"base-b-{stamp}", "player", "EUR")
    n, end = 0, time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < end:
        ledger.transfer(a, b, 1, "bench", "baseline")
        n += 1
    engine.dispose()
    return n / (time.perf_counter() - start)


def bets_scenario(url: str, seconds: float, door: bool = False) -> dict[str, Any]:
    """Each scenario's bets on ``url``; ``door``: the paced one alone, on the door's server
    (``door_server.py``), without the ledger's baseline."""
    port = free_port()
    server = start_server(url, port, door)
    results: dict[str, Any] = {}
    scenarios = [s for s in SCENARIOS if s[0] == PACED] if door else SCENARIOS
    try:
        high = 0
        for label, players, rate, burst in scenarios:
            seats = setup(f"http://127.0.0.1:{port}", players, label)
            # one second of the same load first: compiled statements, shoes, connections warm
            asyncio.run(crowd(port, seats, time.perf_counter() + 1, [], rate, burst))
            _, high = settled_count(url, 0)
            latencies: list[float] = []
            refused: list[str] = []
            start = time.perf_counter()
            until = start + seconds

            cpu, loop = process_cpu(server.pid), thread_cpu(server.pid)
            sent = messages_sent(port)
            counts = calls_file(port, door)
            if counts is not None:
                os.kill(server.pid, signal.SIGUSR1)  # counted_serve.py: count from here
            asyncio.run(crowd(port, seats, until, latencies, rate, burst, refused))
            elapsed = time.perf_counter() - start
            if counts is not None:
                os.kill(server.pid, signal.SIGUSR2)  # ... to here, and written
            cpu, loop = process_cpu(server.pid) - cpu, thread_cpu(server.pid) - loop
            sent = messages_sent(port) - sent
            acked = max(1, len(latencies))
            time.sleep(2.5)  # the last windows close and settle
            settled, _ = settled_count(url, high)
            leave(f"http://127.0.0.1:{port}", seats)
            results[label] = {
                "players": players,
                "offered_bets_per_s": players * rate if rate else "as fast as acknowledged",
                "acked_bets_per_s": round(len(latencies) / elapsed),
                "refused_bets": len(refused),
                **({"refused_for": dict(Counter(refused).most_common(3))} if refused else {}),
                "settled_bets_per_s": round(settled / elapsed),
                "ack_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
                "ack_p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
                "server_cpu_us_per_ack": round(cpu / acked * 1e6),
                # the event loop's thread, and the rest (the writer's, the worker threads)
                "loop_thread_cpu_us_per_ack": round(loop / acked * 1e6),
                "other_threads_cpu_us_per_ack": round((cpu - loop) / acked * 1e6),
                # what the server sent its clients per bet: the ack and the table's events
                "messages_sent_per_ack": round(sent / acked, 2),
            }
            if counts is not None:
                results[label]["calls"] = counted_calls(server.pid, counts, acked)
            print(f"  {label}: {results[label]}", flush=True)
    finally:
        server.kill()
        server.wait()
    if not door:
        results["baseline_ledger_postings_per_s"] = round(ledger_baseline(url, seconds))
    return results


def calls_file(port: int, door: bool) -> Path | None:
    """Where the bet server on ``port`` writes its call counts (``--calls``; the door's server
    is not counted); None: not counted."""
    if CALLS_DIR[0] is None or door:
        return None
    return CALLS_DIR[0] / f"calls-{port}.prof"


def counted_calls(pid: int, written: Path, acked: int) -> dict[str, Any]:
    """The event loop's Python calls per acknowledged bet, once the server has written them
    (counted_serve.py renames the file into place whole)."""
    deadline = time.monotonic() + 30
    while not written.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"the server (pid {pid}) wrote no call counts")
        time.sleep(0.1)
    counts = per_bet(str(written), acked)
    written.unlink()
    return counts


def messages_sent(port: int) -> int:
    """The WebSocket messages the server has sent its clients so far (``/health``)."""
    health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=30).json()
    return int(health["messages_delivered"])


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux ``/proc``)."""
    return _cpu(Path(f"/proc/{pid}/stat"))


def thread_cpu(pid: int) -> float:
    """CPU seconds the process's first thread has used so far: the event loop's in a server
    (uvicorn runs it on the main thread; the writer and the worker threads are others)."""
    return _cpu(Path(f"/proc/{pid}/task/{pid}/stat"))


def _cpu(stat: Path) -> float:
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the WebSocket transport alone: what a server answering each bet at once costs
ECHO_APP = """
import json
async def app(scope, receive, send):
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            else:
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})
        return
    await receive()
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] != "websocket.receive":
            return
        bet = json.loads(message["text"])
        ack = {"type": "ack", "ref": bet["ref"], "round": 1, "player": "p", "seat": 1,
               "kind": bet["kind"], "amount": bet["amount"], "balance": 0}
        await send({"type": "websocket.send", "text": json.dumps(ack, separators=(",", ":"))})
"""


def bare_echo(seconds: float, players: int = 100, rate: float = 21) -> dict[str, Any]:
    """The paced scenario's bettors against a bare uvicorn WebSocket app (raw ASGI, the same
    server options as ``croupier serve``) that acknowledges each bet at once: no table, no
    database. Its CPU per message is the floor under croupier's event loop as it runs."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "echo_app.py").write_text(ECHO_APP)
        return echo_scenario(bare_uvicorn("echo_app:app", "{port}"), tmp, seconds, players, rate)


def bare_uvicorn(app: str, port: str) -> list[str]:
    """The command of a bare baseline's uvicorn serving ``app``: croupier's transport, quiet."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        app,
        "--port",
        port,
        "--log-level",
        "warning",
        *BARE_WS,
    ]


def raw_echo(seconds: float, players: int = 100, rate: float = 21) -> dict[str, Any]:
    """The same bettors against ``raw_ws_echo.py``: an asyncio protocol answering each bet in
    its socket's callback, no ASGI server, no WebSocket library, no task. Its CPU per message
    is the floor under any Python WebSocket server on this machine (the loop's wake-up, the
    kernel's read and write): what a server of its own transport could at best come down to."""
    command = [sys.executable, str(Path(__file__).with_name("raw_ws_echo.py")), "{port}"]
    return echo_scenario(command, None, seconds, players, rate)


def echo_scenario(
    command: list[str], cwd: str | None, seconds: float, players: int, rate: float
) -> dict[str, Any]:
    """The paced bettors against an echo server started by ``command`` (``{port}`` its port):
    acknowledgements per second, their latency and the server's CPU per message."""
    port = free_port()
    echo = launch([part.replace("{port}", str(port)) for part in command], port, "/", cwd)
    try:
        seats = [(0, "-")] * players
        asyncio.run(crowd(port, seats, time.perf_counter() + 1, [], rate))
        latencies: list[float] = []
        cpu, start = process_cpu(echo.pid), time.perf_counter()
        asyncio.run(crowd(port, seats, start + seconds, latencies, rate))
        elapsed, cpu = time.perf_counter() - start, process_cpu(echo.pid) - cpu
    finally:
        echo.kill()
        echo.wait()
    return {
        "players": players,
        "offered_per_s": players * rate,
        "acked_per_s": round(len(latencies) / elapsed),
        "ack_p50_ms": round(percentile(latencies, 0.5) * 1000, 2),
        "ack_p99_ms": round(percentile(latencies, 0.99) * 1000, 2),
        "server_cpu_us_per_ack": round(cpu / max(1, len(latencies)) * 1e6),
    }


# -- fan-out: messages/s = events x watchers / (last message received - first event sent)
BARE_APP = """
import asyncio, sys
from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.responses import PlainTextResponse
clients = set()
async def ws(websocket):
    await websocket.accept()
    queue = asyncio.Queue(); clients.add(queue)
    try:
        while True:
            await websocket.send_text(await queue.get())
    finally:
        clients.discard(queue)
async def fire(request):
    n = int(request.query_params["n"])
    rate = float(request.query_params["rate"])
    start = float(request.query_params["t0"])  # time.monotonic() of the first event
    loop = asyncio.get_running_loop()
    for i in range(n):
        await asyncio.sleep(max(0.0, start + i / rate - loop.time()))
        text = '{"type":"bet","n":%d}' % i
        for q in list(clients):
            q.put_nowait(text)
    return PlainTextResponse("ok")
async def count(request):
    return PlainTextResponse(str(len(clients)))
app = Starlette(routes=[WebSocketRoute("/ws", ws), Route("/fire", fire), Route("/count", count)])
"""


async def watch_all(
    urls: list[str], expected: int, last: list[float], ready: asyncio.Event, marker: str
) -> None:
    """Each watcher reads until it has seen ``expected`` messages containing ``marker`` (or 60 s
    of silence), and records when its last one arrived."""
    connected = 0

    async def one(url: str, index: int) -> None:
        nonlocal connected
        async with websockets.connect(url, max_queue=None, open_timeout=60, compression=None) as ws:
            connected += 1
            if connected == len(urls):
                ready.set()
            seen = 0
            while seen < expected:
                try:
                    message = await asyncio.wait_for(ws.recv(), 60)
                except TimeoutError:
                    return
                if marker in message:
                    seen += 1
                    last[index] = time.monotonic()

    await asyncio.gather(*(one(u, i) for i, u in enumerate(urls)))


def announce(base: str, table: int, rate: float, seconds: float, t0: float) -> None:
    """The operator's announcements at ``rate`` a second from ``t0`` (``time.monotonic()``),
    run in its own process."""
    with httpx.Client(base_url=base, timeout=30) as client:
        for n in range(int(rate * seconds)):
            time.sleep(max(0.0, t0 + n / rate - time.monotonic()))
            client.post(
                f"/tables/{table}/announcements",
                json={"message": f"announcement {n}"},
                headers=OPERATOR,
            )


def fanout(url: str, seconds: float, watchers: int = 1000) -> dict[str, Any]:
    results: dict[str, Any] = {}
    # croupier: one table, 1,000 watchers, the operator's announcements at FANOUT_RATE a second
    # (bets are told at most ten times a second per table, so they cannot drive this test)
    port = free_port()
    server = start_server(url, port)
    try:
        base = f"http://127.0.0.1:{port}"
        ((table, _token),) = setup(base, 1)
        events = int(FANOUT_RATE * seconds)
        last = [0.0] * watchers

        async def run() -> float:
            ready = asyncio.Event()
            watch = asyncio.create_task(
                watch_all(
                    [f"ws://127.0.0.1:{port}/tables/{table}/ws"] * watchers,
                    events,
                    last,
                    ready,
                    '"announcement"',
                )
            )
            await ready.wait()
            # the announcements come from another process, so that the 1,000 watchers here do
            # not slow the driver down (the bare baseline paces itself inside its server)
            t0 = time.monotonic() + 3.0  # the driver process is started by then
            driver = multiprocessing.get_context("spawn").Process(
                target=announce, args=(base, table, FANOUT_RATE, seconds, t0)
            )
            driver.start()
            await watch
            await asyncio.to_thread(driver.join)
            return events * watchers / (max(last) - t0)

        results["croupier_msgs_per_s"] = round(asyncio.run(run()))
    finally:
        server.kill()
        server.wait()
    # baseline: a bare Starlette broadcast, same clients
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "bare_app.py").write_text(BARE_APP)
        port = free_port()
        bare = launch(
            bare_uvicorn("bare_app:app", str(port)),
            port,
            "/count",
            tmp,
        )
        try:
            last = [0.0] * watchers

            async def run_bare() -> float:
                ready = asyncio.Event()
                watch = asyncio.create_task(
                    watch_all(
                        [f"ws://127.0.0.1:{port}/ws"] * watchers, events, last, ready, '"bet"'
                    )
                )
                await ready.wait()
                t0 = time.monotonic() + 0.5
                async with httpx.AsyncClient(timeout=120) as client:
                    await client.get(
                        f"http://127.0.0.1:{port}/fire",
                        params={"n": events, "rate": FANOUT_RATE, "t0": t0},
                    )
                await watch
                return events * watchers / (max(last) - t0)

            results["bare_starlette_msgs_per_s"] = round(asyncio.run(run_bare()))
            results["demand_msgs_per_s"] = FANOUT_RATE * watchers
        finally:
            bare.kill()
            bare.wait()
    results["ratio_vs_bare"] = round(
        results["croupier_msgs_per_s"] / max(1, results["bare_starlette_msgs_per_s"]), 2
    )
    return results


def against_baseline(
    name: str, database: Callable[[], str], baseline: Path, pairs: int, seconds: float
) -> dict[str, Any]:
    """The bet scenarios on ``name``, the baseline's server and this one's alternated ``pairs``
    times (a busy moment of the machine falls on both alike); medians and their ratios."""
    runs: dict[str, list[dict[str, Any]]] = {"baseline": [], "this": []}
    for pair in range(pairs):
        for side, src in (("baseline", baseline), ("this", None)):
            SERVER_SRC[0] = src
            print(f"bets on {name}, {side} (pair {pair + 1} of {pairs})", flush=True)
            runs[side].append(bets_scenario(database(), seconds))
    SERVER_SRC[0] = None
    out: dict[str, Any] = {}
    for label, *_ in SCENARIOS:
        medians = {
            side: {
                key: statistics.median(run[label][key] for run in found)
                for key in ("acked_bets_per_s", "ack_p50_ms", "ack_p99_ms", *CPU_KEYS)
            }
            for side, found in runs.items()
        }
        ratio = {
            key: round(medians["this"][key] / max(1e-9, medians["baseline"][key]), 2)
            for key in ("server_cpu_us_per_ack", "ack_p99_ms")
        }
        if all("calls" in run[label] for found in runs.values() for run in found):  # --calls
            for side, found in runs.items():
                counts = [run[label]["calls"]["python_calls_per_ack"] for run in found]
                medians[side]["calls"] = {"python_calls_per_ack": statistics.median(counts)}
            this, base = (medians[s]["calls"]["python_calls_per_ack"] for s in ("this", "baseline"))
            ratio["python_calls_per_ack"] = round(this / max(1e-9, base), 3)
        out[label] = {**medians["this"], "baseline": medians["baseline"], "this/baseline": ratio}
        print(f"  {label} medians: {out[label]}", flush=True)
    return out


#: a bet's server CPU in all, then the event loop's thread's part and the other threads'
CPU_KEYS = (
    "server_cpu_us_per_ack",
    "loop_thread_cpu_us_per_ack",
    "other_threads_cpu_us_per_ack",
)


def echo_verdict(ratio: float) -> str:
    """The goal as the issue meant it: croupier's CPU per bet as a multiple of the bare echo's
    in the same run, against the multiple its 200 us was of its machine's echo."""
    low, high = GOAL_ECHO_RATIO
    verdict = (
        "met" if ratio < low else "met only against its fastest echo" if ratio < high else "not met"
    )
    return (
        f"goal under {low:.1f}-{high:.1f}x as its 200 us was of the issue's echo "
        f"({ISSUE_ECHO_US[0]}-{ISSUE_ECHO_US[1]} us): {verdict}"
    )


def print_goals(
    database: str,
    results: dict[str, Any],
    echo: dict[str, Any],
    raw: dict[str, Any],
    door: dict[str, Any] | None = None,
) -> None:
    """The paced scenario against issue 32(4)'s goals and the echoes of the same run; given
    the ``door``'s run, the bet's CPU split into the transport, croupier's door and the table
    with its writing."""
    paced = results.get(PACED)
    if not isinstance(paced, dict):
        return
    cpu, p99 = paced["server_cpu_us_per_ack"], paced["ack_p99_ms"]
    ratio = cpu / max(1, echo["server_cpu_us_per_ack"])
    calls = paced.get("calls")
    if calls is not None:  # the servers ran under the profiler: their CPU is not theirs
        print(
            f"{database} {PACED}: {calls['python_calls_per_ack']} Python calls of the event "
            f"loop per bet (under the profiler: the CPU and latency below are the profiler's)",
            flush=True,
        )
    print(
        f"{database} {PACED}: server CPU {cpu} us per bet (goal under {GOAL_CPU_US}: "
        f"{'met' if cpu < GOAL_CPU_US else 'not met'}; the event loop's thread "
        f"{paced['loop_thread_cpu_us_per_ack']}, the others "
        f"{paced['other_threads_cpu_us_per_ack']}), "
        f"{ratio:.1f}x the bare echo's "
        f"{echo['server_cpu_us_per_ack']} us (the raw echo's {raw['server_cpu_us_per_ack']}), "
        f"{echo_verdict(ratio)}; "
        f"p99 {p99} ms (goal under {GOAL_P99_MS}: "
        f"{'met' if p99 < GOAL_P99_MS else 'not met'})",
        flush=True,
    )
    door_cpu = door.get(PACED, {}).get("server_cpu_us_per_ack") if door else None
    if door_cpu is not None:
        bare = echo["server_cpu_us_per_ack"]
        print(
            f"{database} {PACED} split: the transport (bare echo) {bare} us, croupier's door "
            f"{door_cpu - bare} us (its server with tables answering at once: {door_cpu}), the "
            f"table and its writing {cpu - door_cpu} us",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument(
        "--postgres",
        default=os.environ.get(
            "CROUPIER_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"
        ),
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--pin",
        action="store_true",
        help="run the server on CPU 0 and this process's clients on the other CPUs (Linux)",
    )
    parser.add_argument(
        "--only",
        help="comma-separated scenario labels (1, 10, 100, 100-paced, 100-burst); default: all",
    )
    parser.add_argument("--no-fanout", action="store_true", help="skip the fan-out measurement")
    parser.add_argument(
        "--no-door",
        action="store_true",
        help="skip the door's run (door_server.py: the server, its tables answering at once)",
    )
    parser.add_argument("--no-postgres", action="store_true", help="skip PostgreSQL")
    parser.add_argument("--no-sqlite", action="store_true", help="skip SQLite's bet scenarios")
    parser.add_argument(
        "--baseline-src",
        type=Path,
        default=None,
        help="also run each database's bet scenarios on a server importing croupier from this "
        "src (another checkout: git worktree add /tmp/before REV), alternated with this one "
        "--pairs times, and print the ratio of the medians",
    )
    parser.add_argument("--pairs", type=int, default=3, help="with --baseline-src (default 3)")
    parser.add_argument(
        "--library-client",
        action="store_true",
        help="bettors use the websockets library's client rather than benchmarks/lean_ws.py",
    )
    parser.add_argument(
        "--group-commit-ms",
        type=float,
        default=None,
        help="the servers' group commit gathering (croupier serve --group-commit-ms; default: "
        "serve's own)",
    )
    parser.add_argument(
        "--calls",
        action="store_true",
        help="count the bet servers' event loop's Python calls per bet (counted_serve.py; "
        "their CPU figures are then the profiler's)",
    )
    args = parser.parse_args()
    GROUP_COMMIT_MS[0] = args.group_commit_ms
    if args.pairs < 1:
        parser.error(f"--pairs: {args.pairs} must be at least 1")
    if args.seconds <= 0:
        parser.error(f"--seconds: {args.seconds} must be more than 0")
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {s[0] for s in SCENARIOS}
        if unknown:
            parser.error(f"--only: unknown scenarios {sorted(unknown)}")
        SCENARIOS[:] = [s for s in SCENARIOS if s[0] in wanted]
    LEAN_CLIENT[0] = not args.library_client
    if args.pin:
        cpus = sorted(os.sched_getaffinity(0))
        PIN["server"], PIN["clients"] = {cpus[0]}, set(cpus[1:]) or {cpus[0]}
        os.sched_setaffinity(0, PIN["clients"])
    report: dict[str, Any] = {}
    if args.calls:  # each count is read and removed once its scenario ends
        CALLS_DIR[0] = Path(tempfile.mkdtemp(prefix="croupier-calls-"))
        print("--calls: the servers' CPU is measured under the profiler", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = f"sqlite:///{tmp}/bench.db"
        if args.no_sqlite:
            report["sqlite"] = "skipped (--no-sqlite)"
        elif args.baseline_src is not None:
            runs = itertools.count()  # a fresh file for each server
            report["sqlite"] = against_baseline(
                "SQLite",
                lambda: f"sqlite:///{tmp}/bench-{next(runs)}.db",
                args.baseline_src,
                args.pairs,
                args.seconds,
            )
        else:
            print("bets on SQLite", flush=True)
            report["sqlite"] = bets_scenario(sqlite, args.seconds)
        print("bare WebSocket echo, 100 x 21 bets/s", flush=True)
        report["bare_echo"] = bare_echo(args.seconds)
        print(f"  {report['bare_echo']}", flush=True)
        print("raw asyncio WebSocket echo (the floor of a Python server), 100 x 21 bets/s")
        report["raw_echo"] = raw_echo(args.seconds)
        print(f"  {report['raw_echo']}", flush=True)
        door = None
        if not args.no_door and PACED in {s[0] for s in SCENARIOS}:
            print("croupier's door alone: the server, its tables answering at once", flush=True)
            door = report["door"] = bets_scenario(f"sqlite:///{tmp}/door.db", args.seconds, True)
        if isinstance(report.get("sqlite"), dict):
            print_goals("sqlite", report["sqlite"], report["bare_echo"], report["raw_echo"], door)
        if not args.no_fanout:
            print("fan-out to 1,000 watchers (SQLite)", flush=True)
            report["fanout"] = fanout(f"sqlite:///{tmp}/fanout.db", args.seconds)
            print(f"  {report['fanout']}", flush=True)
    if args.no_postgres:
        report["postgresql"] = "skipped (--no-postgres)"
    elif args.baseline_src is not None and wipe_postgres(args.postgres):

        def wiped() -> str:
            wipe_postgres(args.postgres)
            return str(args.postgres)

        report["postgresql"] = against_baseline(
            "PostgreSQL", wiped, args.baseline_src, args.pairs, args.seconds
        )
        wipe_postgres(args.postgres)
    elif wipe_postgres(args.postgres):
        print("bets on PostgreSQL", flush=True)
        report["postgresql"] = bets_scenario(args.postgres, args.seconds)
        wipe_postgres(args.postgres)
    else:
        report["postgresql"] = "not reachable: skipped"
    if isinstance(report.get("postgresql"), dict):
        print_goals(
            "postgresql", report["postgresql"], report["bare_echo"], report["raw_echo"], door
        )
    if CALLS_DIR[0] is not None:
        shutil.rmtree(CALLS_DIR[0], ignore_errors=True)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
