"""How fast the command line starts (issue 32(3): "`rules`, `options`, `deal`, `hint` under 0.3 s;
`analyze baccarat` under 1 s with a warm cache").

Run:  python3 benchmarks/bench_cli_start.py [--repeat 7] [--baseline-src OTHER/src] [--json]

Each command runs as a fresh process (``python -m croupier ...``), ``--repeat`` times, the commands
interleaved so that a busy moment of the machine falls on all of them alike; the median wall time
is its figure. Baselines in the same run: the bare interpreter (``python -c pass``) and a Typer
program that only imports Typer and Rich (the floor of any command line built on them). A first
warm-up round fills the disk caches (the modules' bytecode, Numba's ``cache=True``, the stud
tables), as any second run on a machine finds them. ``--baseline-src`` also times every command
from another checkout's ``src`` (an earlier commit: ``git worktree add /tmp/before REV``; a
PYTHONPATH list, so a folder of other library versions may come first), interleaved in the same
run, for a before-and-after ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIMULATE = ["-m", "croupier", "simulate", "baccarat", "--rounds", "200000", "--workers", "1",
            "--format", "json"]  # fmt: skip
SIMULATE_STUD = ["-m", "croupier", "simulate", "stud", "--rounds", "200000", "--workers", "1",
                 "--format", "json"]  # fmt: skip
SIMULATE_BLACKJACK = ["-m", "croupier", "simulate", "blackjack", "--rounds", "200000", "--workers",
                      "1", "--format", "json"]  # fmt: skip
COMMANDS = {
    "rules": (["-m", "croupier", "rules"], 0.3),
    "options baccarat": (["-m", "croupier", "options", "baccarat"], 0.3),
    "baccarat deal": (["-m", "croupier", "baccarat", "deal", "--rounds", "1"], 0.3),
    "baccarat deal --seed": (["-m", "croupier", "baccarat", "deal", "--seed", "7"], 0.3),
    "blackjack hint": (["-m", "croupier", "blackjack", "hint", "AS,7D", "--dealer", "9H"], 0.3),
    "stud deal": (["-m", "croupier", "stud", "deal"], 0.3),
    "analyze baccarat": (["-m", "croupier", "analyze", "baccarat"], 1.0),
    "simulate baccarat": (SIMULATE, 1.0),
    # Numba's disk cache empty at every run, as on a fresh install ("a fresh install's first
    # analyze or simulate is not seconds")
    "simulate baccarat, first run": (SIMULATE, 1.0),
    "simulate stud": (SIMULATE_STUD, 1.0),
    "simulate blackjack": (SIMULATE_BLACKJACK, 1.0),
    "analyze stud --strategy own": (
        ["-m", "croupier", "analyze", "stud", "--strategy", "own"],
        1.0,
    ),
}
FRESH_KERNEL_CACHE = {"simulate baccarat, first run"}
BASELINES = {
    "python -c pass": ["-c", "pass"],
    "import typer, rich": ["-c", "import typer, rich.console"],
}


def wall(args: list[str], src: str | None = None, fresh: bool = False) -> float:
    env = dict(os.environ)
    # a user's machine keeps the modules' bytecode (a wheel's install compiles it, an editable
    # one writes it on the first import): the warm-up writes it, as there, where an environment
    # that forbids it (as this workplace's shell does) would compile every module every run
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if src:
        env["PYTHONPATH"] = src
    with tempfile.TemporaryDirectory() as cache:
        if fresh:
            env["NUMBA_CACHE_DIR"] = cache
        start = time.perf_counter()
        subprocess.run([sys.executable, *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env)  # fmt: skip
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--baseline-src", help="another checkout's src folder, timed alike")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    here = str(Path(__file__).resolve().parent.parent / "src")
    every = {**{k: v for k, v in BASELINES.items()}, **{k: v[0] for k, v in COMMANDS.items()}}
    sources = {"": here} if not options.baseline_src else {"": here, "before": options.baseline_src}
    runs = {(name, tag): (args, src) for name, args in every.items() for tag, src in sources.items()
            if tag == "" or name in COMMANDS}  # fmt: skip
    for args, src in runs.values():  # warm-up: disk caches filled
        wall(args, src)
    times: dict[tuple[str, str], list[float]] = {key: [] for key in runs}
    for _ in range(options.repeat):
        for key, (args, src) in runs.items():
            times[key].append(wall(args, src, fresh=key[0] in FRESH_KERNEL_CACHE))
    medians = {name: statistics.median(times[(name, "")]) for name in every}
    before = {name: statistics.median(times[(name, "before")]) for name in COMMANDS
              if (name, "before") in times}  # fmt: skip
    floor = medians["import typer, rich"]
    rows = []
    for name, seconds in medians.items():
        goal = COMMANDS[name][1] if name in COMMANDS else None
        rows.append({
            "command": name, "median_s": round(seconds, 3), "goal_s": goal,
            "met": None if goal is None else seconds <= goal,
            "ratio_to_typer_floor": round(seconds / floor, 2),
            "before_s": round(before[name], 3) if name in before else None,
        })  # fmt: skip
    if options.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"{'command':<24} {'median':>8} {'goal':>6} {'x floor':>8} {'before':>8}")
    for r in rows:
        goal = "" if r["goal_s"] is None else f"{r['goal_s']:.1f}s"
        mark = "" if r["met"] is None else (" ok" if r["met"] else " MISSED")
        ratio = r["ratio_to_typer_floor"]
        was = "" if r["before_s"] is None else f"{r['before_s']:.3f}s"
        print(f"{r['command']:<24} {r['median_s']:>7.3f}s {goal:>6} {ratio:>7.2f}x {was:>8}{mark}")


if __name__ == "__main__":
    main()
