"""A table's bet path alone, in process (issue 19): bets through one table's actor and the store
port to the database, without the WebSocket door, the HTTP server or the clients.

Run:  python3 benchmarks/bench_table.py [--database URL] [--players 9] [--bets 500] [--runs 5]
                                        [--ruleset NAME] [--baseline-src PATH]

``--players`` demo players sit at one table of ``--ruleset`` whose betting window stays open:
Ponto e Banca/Macau (no maximum bet; the default), ``macau-stud-2004`` (antes) or
``macau-blackjack-2007`` (box bets), the Macau tables with a 1.00 minimum and no maximum so that
a bettor's bet grows 1.00 at a time, seven players at most. Each player has one bet in flight
(closed loop: a bet is placed when the last is acknowledged, its stake committed). Reported: bets
per second, the process's CPU per bet (the actor's loop and the writer's thread together) and the
event loop's thread's part of it (the rest is the writer's).
``--baseline-src`` runs the same measurement with another checkout's ``src`` (e.g. a ``git
worktree`` of the commit before a change), alternating with this one run by run, and prints the
ratio of the medians: the change's cost measured in the same run on the same machine. A
PostgreSQL database given is wiped.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"


#: each ruleset the bench runs: the bet placed again and again, and the house options that let it
#: grow 1.00 at a time
RULESETS: dict[str, tuple[str, dict[str, int]]] = {
    "pt-ponto-banca-macau-2015": ("player", {}),
    "macau-stud-2004": ("ante", {"table.minimum_ante": 100, "table.maximum_ante": 0}),
    "macau-blackjack-2007": ("bet", {"table.minimum_bet": 100, "table.maximum_bet": 0}),
}


async def measure(url: str, players: int, bets: int, ruleset: str) -> dict[str, float]:
    from croupier.server.collector import freeze_startup_objects
    from croupier.server.service import Casino
    from croupier.table.clock import ManualClock
    from croupier.table.config import TableConfig

    if url.startswith("postgresql"):
        from sqlalchemy import MetaData

        from croupier.store.database import connect

        engine = connect(url)
        with engine.begin() as connection:  # a clean database: every table it holds, read from
            found = MetaData()  # it (a newer side's tables reference the older side's)
            found.reflect(connection)
            found.drop_all(connection)
        engine.dispose()
    casino = Casino(url, clock=ManualClock(), defaults=False)
    await casino.start()
    # as `croupier serve` does once started: the start-up heap (what was imported) is kept out
    # of the collections during play, and the collector set as the checkout being run sets it
    freeze_startup_objects()
    try:
        kind, overrides = RULESETS[ruleset]
        config = TableConfig(
            "bench",
            ruleset=ruleset,
            overrides=overrides,
            seats=9 if kind == "player" else 7,
            betting_seconds=600,
            demo=True,
        )
        table = await casino.open_table(config)
        seated = []
        for n in range(players):
            player, _token = await casino.new_demo_player(f"p{n}")
            await table.command("join", player=player)
            seated.append(player.name)

        async def bettor(name: str, count: int) -> None:
            for _ in range(count):
                await table.command("bet", player=name, kind=kind, amount=100)

        await bettor(seated[0], 50)  # warm up
        wall, cpu, loop = time.perf_counter(), time.process_time(), time.thread_time()
        await asyncio.gather(*(bettor(name, bets) for name in seated))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        loop = time.thread_time() - loop  # the event loop's thread (the writer's is the rest)
    finally:
        await casino.stop()
    total = players * bets
    return {
        "bets_per_s": round(total / wall),
        "cpu_us_per_bet": round(cpu / total * 1e6, 1),
        "loop_cpu_us_per_bet": round(loop / total * 1e6, 1),
    }


def run_once(src: Path, url: str, players: int, bets: int, ruleset: str) -> dict[str, float]:
    """One measurement in a fresh process importing croupier from ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, __file__, "--one", "--database", url]
    command += ["--players", str(players), "--bets", str(bets), "--ruleset", ruleset]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True, timeout=600)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", default=None, help="default: a temporary SQLite file")
    parser.add_argument("--players", type=int, default=9, choices=range(1, 10))
    parser.add_argument("--bets", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ruleset", default="pt-ponto-banca-macau-2015", choices=sorted(RULESETS))
    parser.add_argument("--baseline-src", type=Path, default=None)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.bets < 1 or args.runs < 1:
        parser.error("--bets and --runs: at least 1")
    if args.ruleset != "pt-ponto-banca-macau-2015" and args.players > 7:
        parser.error("--players: a Macau stud or blackjack table seats seven at most")
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database or f"sqlite:///{tmp}/bench.db"
        if args.one:
            print(json.dumps(asyncio.run(measure(url, args.players, args.bets, args.ruleset))))
            return
        sides = {"this": SRC}
        if args.baseline_src is not None:
            sides = {"baseline": args.baseline_src, "this": SRC}
        results: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
        for run in range(args.runs):
            for side, src in sides.items():
                if url.startswith("sqlite"):
                    for leftover in Path(tmp).glob("bench.db*"):
                        leftover.unlink()
                result = run_once(src, url, args.players, args.bets, args.ruleset)
                results[side].append(result)
                print(f"run {run + 1} {side}: {result}", flush=True)
    medians = {
        side: {
            k: statistics.median(r[k] for r in rs)
            for k in ("bets_per_s", "cpu_us_per_bet", "loop_cpu_us_per_bet")
        }
        for side, rs in results.items()
    }
    print("medians:", json.dumps(medians))
    if "baseline" in medians:
        ratio = medians["this"]["bets_per_s"] / medians["baseline"]["bets_per_s"]
        print(f"this / baseline, bets/s: {ratio:.3f}")


if __name__ == "__main__":
    main()
