"""An honest player's latency while anonymous clients flood ``POST /login`` (issue 26, finding 3).

Run:  python3 benchmarks/bench_login_flood.py [--seconds 5] [--flooders 40] [--json]

One ``croupier serve`` on SQLite (a temporary file), on loopback, pinned to a core of its own
where the machine has two (the clients on the others). An honest player, seated at a
table, alternates ``GET /me`` and a REST bet, one request at a time, for ``--seconds`` with no
flood (quiet), then again while ``--flooders`` clients each send logins as fast as answered:
wrong passwords for existing names and for unknown ones, each flooder claiming addresses of its
own through ``X-Forwarded-For`` (the server trusts its loopback proxy, so this stands for a
flood from many addresses). Reported, in the same run: the honest requests' p50 and p99 in
both phases, their ratio (the target: p99 under the flood within 2x of the quiet p99), and
what the flood got (answers by status).

Before the login door (server/logins.py) every login ran scrypt (~33 ms) in the thread pool
that token look-ups and ``/me`` share: 40 flooders moved ``/me`` from 6 ms to 2.5 s.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import OPERATOR, PIN, free_port, percentile, start_server

NAMES = 200  # existing players the flood guesses at


def _setup(base: str) -> dict[str, str]:
    client = httpx.Client(base_url=base, timeout=30)
    table = client.post(
        "/tables",
        json={"name": "honest", "betting_seconds": 2, "pause_seconds": 0},
        headers=OPERATOR,
    ).json()["id"]
    made = client.post(
        "/players",
        json={"name": "honest", "password": "a long secret", "born": "1990-01-01"},
        headers=OPERATOR,
    ).json()
    me = {"Authorization": f"Bearer {made['token']}"}
    client.post("/players/honest/deposits", json={"amount": 10**9}, headers=OPERATOR)
    client.post(f"/tables/{table}/sessions", json={}, headers=me).raise_for_status()
    for n in range(NAMES):
        client.post(
            "/players",
            json={"name": f"victim{n}", "password": "another secret", "born": "1990-01-01"},
            headers=OPERATOR,
        ).raise_for_status()
    client.close()
    return {"table": str(table), **me}


def _honest(base: str, me: dict[str, str], seconds: float) -> list[float]:
    table = me["table"]
    headers = {"Authorization": me["Authorization"]}
    latencies: list[float] = []
    with httpx.Client(base_url=base, timeout=30) as client:
        end = time.monotonic() + seconds
        turn = 0
        while time.monotonic() < end:
            started = time.perf_counter()
            if turn % 2:
                client.post(
                    f"/tables/{table}/bets", json={"kind": "player", "amount": 100}, headers=headers
                )
            else:
                client.get("/me", headers=headers)
            latencies.append((time.perf_counter() - started) * 1000)
            turn += 1
            time.sleep(0.01)
    return latencies


async def _flood(base: str, flooders: int, seconds: float) -> dict[int, int]:
    """``flooders`` clients, each logging in as fast as it is answered, for ``seconds``."""
    import asyncio

    answers: Counter[int] = Counter()
    end = time.monotonic() + seconds

    async def one(seed: int) -> None:
        rng = random.Random(seed)
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            while time.monotonic() < end:
                name = f"victim{rng.randrange(NAMES)}" if rng.random() < 0.7 else f"ghost{seed}"
                address = f"10.{seed % 250}.{rng.randrange(250)}.{rng.randrange(250)}"
                try:
                    status = (
                        await client.post(
                            "/login",
                            json={"name": name, "password": f"guess{rng.random()}"},
                            headers={"X-Forwarded-For": address},
                        )
                    ).status_code
                except httpx.HTTPError:
                    status = 0
                answers[status] += 1

    await asyncio.gather(*(one(n) for n in range(flooders)))
    return dict(answers)


def _flood_process(base: str, flooders: int, seconds: float, out: Any) -> None:
    import asyncio

    out.put(asyncio.run(_flood(base, flooders, seconds)))


def run(seconds: float, flooders: int) -> dict[str, Any]:
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) >= 2:  # the server on a core of its own, the clients on the others
        PIN["server"] = {cores[0]}
        os.sched_setaffinity(0, set(cores[1:]))
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(f"sqlite:///{Path(folder) / 'flood.db'}", port)
        try:
            me = _setup(base)
            quiet = _honest(base, me, seconds)
            # the flood from a process of its own: its clients never hold the honest one's GIL
            results: Any = multiprocessing.Queue()
            flood = multiprocessing.Process(
                target=_flood_process, args=(base, flooders, seconds + 1.0, results)
            )
            flood.start()
            time.sleep(0.5)  # the flood under way
            flooded = _honest(base, me, seconds)
            answers = results.get(timeout=60)
            flood.join()
        finally:
            server.kill()
            server.wait()
    quiet_p99, flood_p99 = percentile(quiet, 0.99), percentile(flooded, 0.99)
    return {
        "seconds": seconds,
        "flooders": flooders,
        "quiet": {"requests": len(quiet), "p50_ms": percentile(quiet, 0.5), "p99_ms": quiet_p99},
        "flood": {
            "requests": len(flooded),
            "p50_ms": percentile(flooded, 0.5),
            "p99_ms": flood_p99,
        },
        "p99_ratio": flood_p99 / quiet_p99 if quiet_p99 else None,
        "server_cores": sorted(PIN.get("server", [])),
        "logins": {str(k): v for k, v in sorted(answers.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--flooders", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.seconds, args.flooders)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    q, f = result["quiet"], result["flood"]
    print(f"honest player, quiet:   p50 {q['p50_ms']:.1f} ms  p99 {q['p99_ms']:.1f} ms "
          f"({q['requests']} requests)")  # fmt: skip
    print(f"honest player, flooded: p50 {f['p50_ms']:.1f} ms  p99 {f['p99_ms']:.1f} ms "
          f"({f['requests']} requests; {result['flooders']} flooders)")  # fmt: skip
    print(f"p99 under the flood / quiet p99: {result['p99_ratio']:.2f}x (target: at most 2x)")
    print(f"the flood's logins by answer: {result['logins']}")


if __name__ == "__main__":
    main()
