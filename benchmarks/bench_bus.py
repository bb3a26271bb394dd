"""Which bus carries the tables' events between server processes (issue 20): measured, not guessed.

Run:  python3 -m pip install -e '.[bench]'   # redis, for Redis pub/sub beside the others
      python3 benchmarks/bench_bus.py [--messages 20000] [--rate 2000] [--seconds 3] [--json]
                                      [--postgres URL] [--redis URL] [--nats URL]

For each bus (PostgreSQL LISTEN/NOTIFY, Redis pub/sub, NATS core), on loopback, a subscriber in
another process and a publisher here, messages shaped as the tables' events (a "bets" message of
about 400 bytes of JSON):

* **throughput**: ``--messages`` published one after another as the server does (each publish
  awaited as the server's publisher awaits it), and the time until the subscriber has every one
  (messages/s, end to end);
* **latency**: ``--rate`` messages a second for ``--seconds`` seconds, each stamped when sent; the
  subscriber's receipt time minus the stamp (p50, p99, max; both clocks are this machine's
  monotonic clock);
* **order and loss**: every message carries its sequence number; the subscriber counts those
  lost, duplicated or out of order (on loopback, none should be);
* **the 8,000 byte bound**: whether a 20 kB message (a big table's "bets" message) passes.

The figures are for this 2-core machine, where publisher, subscriber and the bus share the cores.
docs/deploy.md says which bus croupier uses and why.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import statistics
import time
from typing import Any

CHANNEL = "croupier_bench"
EVENT = {
    "type": "bets",
    "round": 123456,
    "bets": [{"player": f"player{i:03d}", "kind": "banker", "amount": 10_000} for i in range(8)],
}


def payload(seq: int, pad: int = 0) -> str:
    body = {**EVENT, "seq": seq, "sent": time.monotonic()}
    if pad:
        body["pad"] = "x" * pad
    return json.dumps(body, separators=(",", ":"))


# -- subscribers (run in a process of their own) -----------------------------------------------
async def _subscribe(bus: str, url: str, expected: int, ready: Any, out: Any) -> None:
    got: list[tuple[int, float]] = []
    done = asyncio.Event()

    def seen(text: str | bytes) -> None:
        body = json.loads(text)
        got.append((body["seq"], time.monotonic() - body["sent"]))
        if len(got) >= expected or body["seq"] < 0:
            done.set()

    closer: Any
    if bus == "postgresql":
        import psycopg

        conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")

        async def pump() -> None:
            async for note in conn.notifies():
                seen(note.payload)
                if done.is_set():
                    return

        task = asyncio.create_task(pump())
        closer = conn.close
    elif bus == "redis":
        import redis.asyncio as redis

        client = redis.from_url(url)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(CHANNEL)

        async def pump() -> None:
            async for message in pubsub.listen():
                seen(message["data"])
                if done.is_set():
                    return

        task = asyncio.create_task(pump())

        async def closer() -> None:
            await pubsub.aclose()
            await client.aclose()
    else:
        import nats

        nc = await nats.connect(url)

        async def handler(message: Any) -> None:
            seen(message.data)

        await nc.subscribe(CHANNEL, cb=handler)
        await nc.flush()
        task = None
        closer = nc.close
    ready.set()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done.wait(), 120)
    if task is not None:
        task.cancel()
    await closer()
    out.put(got)


def subscriber(bus: str, url: str, expected: int, ready: Any, out: Any) -> None:
    asyncio.run(_subscribe(bus, url, expected, ready, out))


# -- publishers ----------------------------------------------------------------------------------
class Publisher:
    async def open(self, bus: str, url: str) -> None:
        self.bus = bus
        if bus == "postgresql":
            import psycopg

            self.conn = await psycopg.AsyncConnection.connect(url, autocommit=True)
        elif bus == "redis":
            import redis.asyncio as redis

            self.client = redis.from_url(url)
        else:
            import nats

            self.nc = await nats.connect(url, max_reconnect_attempts=1)

    async def send(self, text: str) -> None:
        if self.bus == "postgresql":
            await self.conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, text))
        elif self.bus == "redis":
            await self.client.publish(CHANNEL, text)
        else:
            await self.nc.publish(CHANNEL, text.encode())

    async def flush(self) -> None:
        if self.bus == "nats":
            await self.nc.flush()

    async def close(self) -> None:
        if self.bus == "postgresql":
            await self.conn.close()
        elif self.bus == "redis":
            await self.client.aclose()
        else:
            await self.nc.close()


def start_subscriber(bus: str, url: str, expected: int) -> tuple[Any, Any]:
    context = multiprocessing.get_context("spawn")
    ready, out = context.Event(), context.Queue()
    process = context.Process(target=subscriber, args=(bus, url, expected, ready, out))
    process.start()
    if not ready.wait(30):
        raise RuntimeError(f"{bus}: the subscriber did not start")
    return process, out


def checked(got: list[tuple[int, float]], sent: int) -> dict[str, int]:
    seqs = [s for s, _ in got if s >= 0]
    out_of_order = sum(1 for a, b in itertools.pairwise(seqs) if b < a)
    return {
        "lost": sent - len(set(seqs)),
        "duplicated": len(seqs) - len(set(seqs)),
        "out_of_order": out_of_order,
    }


async def throughput(bus: str, url: str, messages: int) -> dict[str, Any]:
    process, out = start_subscriber(bus, url, messages)
    publisher = Publisher()
    await publisher.open(bus, url)
    texts = [payload(i) for i in range(messages)]
    start = time.monotonic()
    for text in texts:
        await publisher.send(text)
    await publisher.flush()
    published = time.monotonic() - start
    got = await asyncio.to_thread(out.get, True, 120)
    elapsed = time.monotonic() - start
    await publisher.close()
    process.join(10)
    return {
        "published_per_s": round(messages / published),
        "delivered_per_s": round(len(got) / elapsed),
        **checked(got, messages),
    }


async def latency(bus: str, url: str, rate: int, seconds: float) -> dict[str, Any]:
    count = int(rate * seconds)
    process, out = start_subscriber(bus, url, count)
    publisher = Publisher()
    await publisher.open(bus, url)
    start = time.monotonic()
    for i in range(count):
        due = start + i / rate
        wait = due - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        await publisher.send(payload(i))
        await publisher.flush()
    got = await asyncio.to_thread(out.get, True, 120)
    await publisher.close()
    process.join(10)
    delays = sorted(d * 1000 for _, d in got)
    return {
        "p50_ms": round(statistics.median(delays), 3),
        "p99_ms": round(delays[int(len(delays) * 0.99) - 1], 3),
        "max_ms": round(delays[-1], 3),
        **checked(got, count),
    }


async def big_message(bus: str, url: str) -> str:
    process, out = start_subscriber(bus, url, 1)
    publisher = Publisher()
    await publisher.open(bus, url)
    try:
        await publisher.send(payload(0, pad=20_000))
        await publisher.flush()
        got = await asyncio.to_thread(out.get, True, 10)
        answer = "passes" if got else "lost"
    except Exception as error:  # PostgreSQL: "payload string too long"
        answer = f"refused: {str(error).splitlines()[0]}"
        await publisher.send(payload(-1))  # let the subscriber end
        await publisher.flush()
        await asyncio.to_thread(out.get, True, 10)
    await publisher.close()
    process.join(10)
    return answer


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=20_000)
    parser.add_argument("--rate", type=int, default=2_000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--nats", default="nats://127.0.0.1:4222")
    parser.add_argument("--only", default="postgresql,redis,nats")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    urls = {"postgresql": args.postgres, "redis": args.redis, "nats": args.nats}
    results: dict[str, Any] = {}
    for bus in args.only.split(","):
        url = urls[bus]
        results[bus] = {
            "throughput": await throughput(bus, url, args.messages),
            "latency": await latency(bus, url, args.rate, args.seconds),
            "20kB message": await big_message(bus, url),
        }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{len(json.dumps(EVENT))}-byte events; latency at {args.rate}/s for {args.seconds} s")
    print(
        f"{'bus':<11} {'published/s':>11} {'delivered/s':>11} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8} {'lost':>5} {'disorder':>8}  20 kB message"
    )
    for bus, r in results.items():
        t, lat = r["throughput"], r["latency"]
        print(
            f"{bus:<11} {t['published_per_s']:>11} {t['delivered_per_s']:>11} "
            f"{lat['p50_ms']:>8} {lat['p99_ms']:>8} {lat['max_ms']:>8} "
            f"{t['lost'] + lat['lost']:>5} {t['out_of_order'] + lat['out_of_order']:>8}  "
            f"{r['20kB message']}"
        )


if __name__ == "__main__":
    asyncio.run(main())
