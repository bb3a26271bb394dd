"""Simulation benchmark: rounds per second per core, the compiled baccarat kernel beside the
pure-Python engine loop, in the same run.

The baccarat kernel timed is the one ``croupier simulate`` runs: the C kernel built at install
(``_baccarat_simulate.c``, issue 32(3)), beside the Numba kernel it replaced (the fallback
where no C compiler built it), on the same seed and histogram.

Run:  python3 benchmarks/bench_simulation.py [--json] [--baseline-src OTHER/src]

Targets (issue 32(2)): the baccarat kernel at least as fast per core as a plain C simulator
doing the same work, measured in the same run: ``benchmarks/baccarat_sim.c``, compiled here
with the machine's C compiler (``cc -O2``) when there is one, run on the same seeds; its
histogram's checksum must equal the kernel's, or the figures are not of the same work. The
stud kernel at 4x the speed it had before the change: ``--baseline-src`` times the kernels of
another checkout's ``src`` (an earlier commit's worktree) in a subprocess of the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

import numpy as np

from croupier.analysis import simulate_baccarat
from croupier.analysis.baccarat_chunk import run_chunk
from croupier.games.baccarat.report import iter_coups
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset

C_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "baccarat_sim.c")
KERNEL_TIMING = """
import sys, time
from croupier.analysis.simulate_baccarat import run_chunk
from croupier.analysis.simulate_stud import run_chunk as stud_chunk
try:
    from croupier.analysis.stud_packed import stud_arrays
except ImportError:  # a checkout from before stud_packed.py
    from croupier.analysis.simulate_stud import stud_arrays
from croupier.rulesets import load_ruleset
spec = load_ruleset("macau-2009").baccarat().shoe
arrays = stud_arrays(100, "own", "macau")
run_chunk(1, 1000, spec); stud_chunk(1, 1000, arrays)
best = [9e9, 9e9]
for _ in range(3):
    t = time.perf_counter()
    run_chunk(7, ROUNDS, spec)
    best[0] = min(best[0], time.perf_counter() - t)
    t = time.perf_counter()
    stud_chunk(2, 1_000_000, arrays)
    best[1] = min(best[1], time.perf_counter() - t)
print(ROUNDS / best[0], 1_000_000 / best[1])
"""


def c_reference(seed: int, rounds: int) -> tuple[float, int] | None:
    """(rounds per second, histogram checksum) of the plain C simulator, or None without a
    C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        binary = os.path.join(tmp, "baccarat_sim")
        subprocess.run([compiler, "-O2", "-o", binary, C_SOURCE], check=True, timeout=120)
        best = float("inf")
        checksum = 0
        for _ in range(3):
            done = subprocess.run(
                [binary, str(seed), str(rounds)], capture_output=True, text=True, check=True,
                timeout=300, stdin=subprocess.DEVNULL,
            )  # fmt: skip
            count, seconds, checksum_text = done.stdout.split()
            best = min(best, float(seconds))
            checksum = int(checksum_text)
        return int(count) / best, checksum


def baseline_kernels(src: str, rounds: int) -> tuple[float, float]:
    """Baccarat and stud kernel speeds (rounds/s) of another checkout's ``src``."""
    env = {**os.environ, "PYTHONPATH": src, "CROUPIER_CACHE": tempfile.mkdtemp()}
    done = subprocess.run(
        [sys.executable, "-c", KERNEL_TIMING.replace("ROUNDS", str(rounds))],
        capture_output=True, text=True, check=True, timeout=900, env=env,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    baccarat, stud = done.stdout.split()
    return float(baccarat), float(stud)


def best_rate(chunk: Any, rounds: int, spec: Any) -> tuple[float, Any]:
    """Rounds per second, the best of three runs on seed 7 (after a first call that compiles
    or loads the kernel), and the histogram or totals; ``spec``: what the kernel reads."""
    chunk(1, 1000, spec)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        hist = chunk(7, rounds, spec).ravel()
        best = min(best, time.perf_counter() - start)
    return rounds / best, hist


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline-src", help="another checkout's src folder to time beside")
    args = parser.parse_args()
    rules = load_ruleset("macau-2009").baccarat()
    rounds = 20_000_000
    kernel, hist = best_rate(run_chunk, rounds, rules.shoe)
    numba_kernel, numba_hist = best_rate(simulate_baccarat.run_chunk, rounds, rules.shoe)
    checksum = int((hist * np.arange(1, hist.size + 1)).sum())
    assert np.array_equal(hist, numba_hist), "the C and Numba kernels dealt different rounds"
    peer = c_reference(7, rounds)
    engine_rounds = 20_000
    coups = iter_coups(rules, SeededRandomSource(1))
    start = time.perf_counter()
    for _ in range(engine_rounds):
        next(coups)
    engine = engine_rounds / (time.perf_counter() - start)
    from croupier.analysis import simulate_stud
    from croupier.analysis.stud_chunk import run_chunk as stud_chunk
    from croupier.analysis.stud_packed import stud_arrays
    from croupier.games.stud.round import StudRound
    from croupier.shoe import Shoe

    arrays = stud_arrays(100, "own", "macau")
    stud_kernel, stud_totals = best_rate(stud_chunk, 1_000_000, arrays)
    numba_stud, numba_totals = best_rate(simulate_stud.run_chunk, 1_000_000, arrays)
    assert np.array_equal(stud_totals, numba_totals), "the C and Numba stud kernels differ"
    stud_rules = load_ruleset("macau-stud-2004").stud()
    shoe = Shoe(stud_rules.shoe, SeededRandomSource(3))
    start = time.perf_counter()
    for number in range(2000):
        shoe.begin_round()
        rnd = StudRound(stud_rules, shoe, number=number + 1)
        rnd.place_bet("p", "ante", stud_rules.minimum_ante, box=1)
        rnd.deal()
        rnd.raise_bet(1)
        rnd.settle()
        shoe.end_round()
    stud_engine = 2000 / (time.perf_counter() - start)
    from croupier.analysis import simulate_blackjack
    from croupier.analysis.blackjack_chunk import run_chunk as blackjack_chunk
    from croupier.games.blackjack.report import basic_strategy_player
    from croupier.games.blackjack.report import play_round as blackjack_round

    bj_rules = load_ruleset("macau-blackjack-2007").blackjack()
    bj_kernel, bj_totals = best_rate(blackjack_chunk, 2_000_000, bj_rules)
    numba_bj, numba_bj_totals = best_rate(simulate_blackjack.run_chunk, 2_000_000, bj_rules)
    assert np.array_equal(bj_totals, numba_bj_totals), "the C and Numba blackjack kernels differ"
    bj_shoe = Shoe(bj_rules.shoe, SeededRandomSource(5))
    policy = basic_strategy_player(bj_rules)
    start = time.perf_counter()
    for number in range(1000):
        bj_shoe.begin_round()
        blackjack_round(bj_rules, bj_shoe, 1, bj_rules.minimum_bet, policy, number + 1)
        bj_shoe.end_round()
    bj_engine = 1000 / (time.perf_counter() - start)
    results = {
        "blackjack_kernel_rounds_per_s": round(bj_kernel),
        "blackjack_numba_kernel_rounds_per_s": round(numba_bj),
        "blackjack_engine_rounds_per_s": round(bj_engine),
        "blackjack_target_rounds_per_s": 5_000_000,
        "kernel_rounds_per_s": round(kernel),
        "numba_kernel_rounds_per_s": round(numba_kernel),
        "kernel_vs_numba_kernel": round(kernel / numba_kernel, 2),
        "engine_rounds_per_s": round(engine),
        "kernel_vs_engine": round(kernel / engine, 1),
        "c_reference_rounds_per_s": round(peer[0]) if peer else None,
        "kernel_vs_c_reference": round(kernel / peer[0], 2) if peer else None,
        "same_histogram_as_c_reference": (peer[1] == checksum) if peer else None,
        "stud_kernel_rounds_per_s": round(stud_kernel),
        "stud_numba_kernel_rounds_per_s": round(numba_stud),
        "stud_engine_rounds_per_s": round(stud_engine),
        "stud_kernel_vs_engine": round(stud_kernel / stud_engine, 1),
    }
    if args.baseline_src:
        old_baccarat, old_stud = baseline_kernels(args.baseline_src, rounds)
        results["baseline_kernel_rounds_per_s"] = round(old_baccarat)
        results["baseline_stud_kernel_rounds_per_s"] = round(old_stud)
        results["stud_kernel_vs_baseline"] = round(stud_kernel / old_stud, 2)
        results["kernel_vs_baseline"] = round(kernel / old_baccarat, 2)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"baccarat kernel (real shoes, one core): {kernel / 1e6:6.2f} M rounds/s")
    print(
        f"the Numba kernel (the fallback), same seed: {numba_kernel / 1e6:6.2f} M rounds/s"
        f"  (C kernel {kernel / numba_kernel:.2f}x; same histogram)"
    )
    if peer:
        print(
            f"plain C simulator, same work (cc -O2):  {peer[0] / 1e6:6.2f} M rounds/s"
            f"  (kernel {kernel / peer[0]:.2f}x; goal >= 1: "
            f"{'met' if kernel >= peer[0] else 'NOT MET'}; same histogram: {peer[1] == checksum})"
        )
    else:
        print("plain C simulator: no C compiler here, not measured")
    if args.baseline_src:
        print(
            "baseline checkout's kernels: baccarat "
            f"{results['baseline_kernel_rounds_per_s'] / 1e6:.2f} M/s"
            f" (now {results['kernel_vs_baseline']:.2f}x), stud "
            f"{results['baseline_stud_kernel_rounds_per_s'] / 1e6:.2f} M/s (now "
            f"{results['stud_kernel_vs_baseline']:.2f}x; goal 4x)"
        )
    print(
        f"pure-Python engine loop (same rules):   {engine / 1e6:6.3f} M rounds/s"
        f"  (kernel {kernel / engine:.0f}x)"
    )
    print(
        f"stud kernel (one core, own-cards optimum): {stud_kernel / 1e6:6.2f} M rounds/s"
        f"  (the Numba kernel, the fallback: {numba_stud / 1e6:.2f} M/s, the same totals)"
    )
    print(
        f"blackjack kernel (one box, basic strategy): {bj_kernel / 1e6:6.2f} M hands/s"
        f"  (target 5 M/s: {'met' if bj_kernel >= 5e6 else 'NOT MET'}); engine loop "
        f"{bj_engine / 1e3:.1f} k/s ({bj_kernel / bj_engine:.0f}x); the Numba kernel (the "
        f"fallback) {numba_bj / 1e6:.2f} M/s, the same totals"
    )
    print(
        f"stud engine loop (StudRound, one hand):    {stud_engine / 1e6:6.3f} M rounds/s"
        f"  (kernel {stud_kernel / stud_engine:.0f}x)"
    )


if __name__ == "__main__":
    main()
