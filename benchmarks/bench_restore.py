"""What a round's checkpoint and restore cost (issue 19: restoring is replaying the round's log,
not copying the state each game declared), per game, as the round's log grows.

Run:  python3 benchmarks/bench_restore.py [--bets 10,100,1000] [--repeat 200]
                                          [--baseline-src PATH]

A table's round (through the table protocol, as the runtime drives it) is given ``N`` bets by
``N`` bettors in turn (at stud and blackjack seven boxes, so bettors bet again on their boxes);
then ``checkpoint()`` is timed (what every batch of bets pays), and ``checkpoint(); place_bet();
restore()`` (what a batch the ledger refuses pays). ``--baseline-src`` runs the same with another
checkout's ``src`` in a fresh process, printed beside this one: the cost of the change measured in
the same run on the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"

GAMES = {  # ruleset: (bet kind, amount, house options letting a bet grow 1.00 at a time)
    "pt-ponto-banca-macau-2015": ("player", 100, {}),
    "macau-stud-2004": ("ante", 100, {"table.minimum_ante": 100, "table.maximum_ante": 0}),
    "macau-blackjack-2007": ("bet", 100, {"table.minimum_bet": 100, "table.maximum_bet": 0}),
}


def measure(sizes: list[int], repeat: int) -> dict[str, dict[str, dict[str, float]]]:
    from croupier.games.registry import table_game
    from croupier.rng import SeededRandomSource
    from croupier.rulesets import load_ruleset

    out: dict[str, dict[str, dict[str, float]]] = {}
    for ruleset, (kind, amount, overrides) in GAMES.items():
        rules = load_ruleset(ruleset, overrides).rules
        out[ruleset] = {}
        for n in sizes:
            rnd = table_game(rules, SeededRandomSource(1)).start_round()
            for i in range(n):
                rnd.place_bet(f"p{i % 7}", kind, amount)
            start = time.perf_counter()
            for _ in range(repeat):
                rnd.checkpoint()
            checkpoint = (time.perf_counter() - start) / repeat
            start = time.perf_counter()
            for _ in range(repeat):
                point = rnd.checkpoint()
                rnd.place_bet("p0", kind, amount)
                rnd.restore(point)
            undo = (time.perf_counter() - start) / repeat
            assert len(rnd.log) == n
            out[ruleset][str(n)] = {
                "checkpoint_us": round(checkpoint * 1e6, 1),
                "bet_and_restore_us": round(undo * 1e6, 1),
            }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bets", default="10,100,1000")
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--baseline-src", type=Path, default=None)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    sizes = [int(n) for n in args.bets.split(",")]
    if any(n < 1 for n in sizes) or args.repeat < 1:
        parser.error("--bets and --repeat: at least 1")
    if args.one:
        print(json.dumps(measure(sizes, args.repeat)))
        return
    sides = (
        {"this": SRC} if args.baseline_src is None else {"baseline": args.baseline_src, "this": SRC}
    )
    results = {}
    for side, src in sides.items():
        env = {**os.environ, "PYTHONPATH": str(src)}
        command = [sys.executable, __file__, "--one", "--bets", args.bets]
        command += ["--repeat", str(args.repeat)]
        run = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        results[side] = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"{'ruleset':28} {'bets':>5} " + " ".join(f"{s + ' ckpt/undo us':>24}" for s in sides))
    for ruleset in GAMES:
        for n in sizes:
            cells = []
            for side in sides:
                r = results[side][ruleset][str(n)]
                cells.append(f"{r['checkpoint_us']:>11} / {r['bet_and_restore_us']:>10}")
            print(f"{ruleset:28} {n:>5} " + " ".join(f"{c:>24}" for c in cells))


if __name__ == "__main__":
    main()
