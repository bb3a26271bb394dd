"""Several server processes on one PostgreSQL database (issue 20), bounded and on loopback only.

Run:  python3 benchmarks/bench_cluster.py [--seconds 10] [--players 30] [--tables 6]
                                          [--postgres URL] [--bus URL] [--processes 1,2,3]

For 1, 2 and 3 processes (``croupier serve --node-name nK``) on the same database (wiped), each
process opens its share of ``--tables`` Ponto e Banca/Macau tables (so it runs them: a table is
run by the process that claims it, docs/deploy.md) and the ``--players`` players are spread over
the processes, each seated at one table of its process and betting there over HTTP with one bet
in flight (closed loop). Reported per process count: acknowledged bets/s (a bet is acknowledged once
its stake is committed; the tables settle every second), acknowledgement p50/p99, and the CPU
the server processes used per bet.

Every process joins the bus (``--bus``, NATS; docs/deploy.md): with 2 processes or more each
table is also watched over a WebSocket on its own process and on another one, and the delay
between the two receiving the same event is the bus's cost to a watcher (p50, p99).

With 2 processes or more, the same 2-process run again with every player connected to the
process that does not run its table (every bet forwarded, server/forwarding.py): the cost of a
forwarded command against a local one, in the same run; forwarded as a NATS request with the
bus, then over HTTP as processes with no bus forward.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

TOKEN = "bench-operator"
OPERATOR = {"Authorization": f"Bearer {TOKEN}"}
HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wipe(url: str) -> None:
    sys.path.insert(0, str(HERE.parent / "src"))
    from sqlalchemy import text

    from croupier.store.database import connect
    from croupier.store.schema import metadata

    engine = connect(url)
    with engine.begin() as connection:
        metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    engine.dispose()


def serve(url: str, node: str, bus: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "croupier", "serve", "--database", url, "--no-demo"]
    command += ["--port", str(port), "--operator-token", TOKEN, "--node-name", node]
    if bus:
        command += ["--bus", bus]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{base}/health", timeout=1).status_code == 200:
                return process, base
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"{node} did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def bettor(
    base: str, headers: dict[str, str], tables: list[int], until: float, out: list[float]
) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=10) as client:
        n = 0
        while time.monotonic() < until:
            table = tables[n % len(tables)]
            n += 1
            start = time.perf_counter()
            answer = await client.post(
                f"/tables/{table}/bets", json={"kind": "player", "amount": 1_00}, headers=headers
            )
            if answer.status_code == 201:
                out.append(time.perf_counter() - start)


async def watcher(base: str, table: int, until: float, seen: dict[str, float]) -> None:
    """Each message of the table's WebSocket at ``base``, with when it came."""
    import websockets

    url = base.replace("http", "ws") + f"/tables/{table}/ws"
    async with websockets.connect(url, open_timeout=10) as socket:
        while (left := until - time.monotonic()) > 0:
            try:
                text = await asyncio.wait_for(socket.recv(), left)
            except TimeoutError:
                return
            seen.setdefault(str(text), time.perf_counter())


def measure(
    url: str,
    processes: int,
    players: int,
    tables: int,
    seconds: float,
    forward: bool = False,
    bus: str = "",
) -> dict[str, Any]:
    wipe(url)
    if bus:  # each run's own subjects
        bus = f"{bus}/bench{os.getpid()}x{processes}{'f' if forward else ''}"
    servers = [serve(url, f"n{k + 1}", bus) for k in range(processes)]
    try:
        owned: list[list[int]] = [[] for _ in servers]
        for t in range(tables):  # each process opens (and so runs) its share
            k = t % processes
            made = httpx.post(
                f"{servers[k][1]}/tables",
                json={
                    "name": f"t{t}",
                    "ruleset": "pt-ponto-banca-macau-2015",  # no maximum bet (PT rule 40)
                    "betting_seconds": 1,
                    "pause_seconds": 0,
                    "seats": 9,
                },
                headers=OPERATOR,
                timeout=10,
            )
            made.raise_for_status()
            owned[k].append(made.json()["id"])
        seated: list[tuple[str, dict[str, str], list[int]]] = []
        for p in range(players):
            k = p % processes
            base = servers[k][1]
            made = httpx.post(
                f"{base}/players", json={"name": f"p{p}", "born": "1990-01-01"}, headers=OPERATOR
            )
            made.raise_for_status()
            headers = {"Authorization": f"Bearer {made.json()['token']}"}
            httpx.post(
                f"{base}/players/p{p}/deposits",
                json={"amount": 10_000_000_00},
                headers=OPERATOR,
            ).raise_for_status()
            table = owned[k][(p // processes) % len(owned[k])]  # one table each, 9 seats
            sat = httpx.post(f"{base}/tables/{table}/sessions", json={}, headers=headers)
            sat.raise_for_status()
            # forwarded: the player is connected to another process than the table's
            door = servers[(k + 1) % processes][1] if forward else base
            seated.append((door, headers, [table]))
        cpu = [cpu_seconds(process.pid) for process, _ in servers]
        latencies: list[float] = []
        # each table watched on its own process and on the next one (through the bus; with no
        # bus another process's table is refused at the handshake)
        watched = [
            (servers[k][1], servers[(k + 1) % processes][1], t)
            for k in range(processes)
            for t in owned[k]
        ] if processes > 1 and not forward and bus else []  # fmt: skip
        arrivals: list[tuple[dict[str, float], dict[str, float]]] = [({}, {}) for _ in watched]

        async def run() -> None:
            until = time.monotonic() + seconds
            await asyncio.gather(
                *(bettor(b, h, t, until, latencies) for b, h, t in seated),
                *(watcher(own, t, until, arrivals[n][0]) for n, (own, _o, t) in enumerate(watched)),
                *(
                    watcher(other, t, until, arrivals[n][1])
                    for n, (_w, other, t) in enumerate(watched)
                ),
            )

        wall = time.perf_counter()
        asyncio.run(run())
        wall = time.perf_counter() - wall
        used = sum(cpu_seconds(p.pid) for p, _ in servers) - sum(cpu)
    finally:
        for process, _ in servers:
            process.kill()
            process.wait()
    latencies.sort()
    delays = sorted(
        (there[text] - here[text]) * 1000
        for here, there in arrivals
        for text in here.keys() & there.keys()
        if '"type":"table"' not in text  # the views differ by when each was asked
    )
    bus_delay = {}
    if delays:
        bus_delay = {
            "events_compared": len(delays),
            "bus_delay_p50_ms": round(statistics.median(delays), 2),
            "bus_delay_p99_ms": round(delays[int(0.99 * (len(delays) - 1))], 2),
        }
    return {
        "processes": processes,
        "forwarded": forward,
        "acked_bets_per_s": round(len(latencies) / wall),
        "ack_p50_ms": round(statistics.median(latencies) * 1000, 2) if latencies else None,
        "ack_p99_ms": round(latencies[int(0.99 * (len(latencies) - 1))] * 1000, 2)
        if latencies
        else None,
        "server_cpu_us_per_bet": round(used / max(1, len(latencies)) * 1e6),
        **bus_delay,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--processes", default="1,2,3")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--bus", default="nats://127.0.0.1:4222", help="'' for none")
    args = parser.parse_args()
    counts = [int(n) for n in args.processes.split(",")]
    if args.seconds <= 0 or args.players < 1 or args.tables < max(counts) or min(counts) < 1:
        parser.error("--seconds > 0, --players >= 1, --tables >= the most processes")
    results = []
    for n in counts:
        result = measure(args.postgres, n, args.players, args.tables, args.seconds, bus=args.bus)
        print(json.dumps(result), flush=True)
        results.append(result)
    one = results[0]["acked_bets_per_s"] or 1
    for r in results:
        print(f"{r['processes']} process(es): {r['acked_bets_per_s'] / one:.2f} x the first")
    if args.bus:  # the first count again with no bus: what publishing every event costs
        bare = measure(args.postgres, counts[0], args.players, args.tables, args.seconds)
        print(json.dumps(bare), flush=True)
        with_bus = results[0]
        print(
            f"{counts[0]} process(es) without the bus: {bare['acked_bets_per_s']} bets/s, "
            f"{bare['server_cpu_us_per_bet']} us CPU a bet "
            f"(with: {with_bus['acked_bets_per_s']}, {with_bus['server_cpu_us_per_bet']})"
        )
    if max(counts) >= 2:  # every bet sent to the other process, against the local run above
        local = next(r for r in results if r["processes"] == 2)
        forwarded = measure(
            args.postgres, 2, args.players, args.tables, args.seconds, True, args.bus
        )
        print(json.dumps(forwarded), flush=True)
        print(
            "2 processes, every bet forwarded: "
            f"{forwarded['acked_bets_per_s'] / (local['acked_bets_per_s'] or 1):.2f} x local, "
            f"p50 {local['ack_p50_ms']} -> {forwarded['ack_p50_ms']} ms"
        )
        if args.bus:  # forwarded over HTTP instead (the path of processes with no bus)
            over_http = measure(args.postgres, 2, args.players, args.tables, args.seconds, True)
            print(json.dumps(over_http), flush=True)
            print(
                "2 processes, every bet forwarded over HTTP (no bus): "
                f"{over_http['acked_bets_per_s'] / (local['acked_bets_per_s'] or 1):.2f} x local, "
                f"{over_http['server_cpu_us_per_bet']} us CPU a bet "
                f"(over the bus: {forwarded['server_cpu_us_per_bet']})"
            )


if __name__ == "__main__":
    main()
