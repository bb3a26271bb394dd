"""Simulation benchmark: rounds per second per core, the compiled baccarat kernel beside the
pure-Python engine loop, in the same run.

Run:  python3 benchmarks/bench_simulation.py [--json]

Target (issue 6): at least 35 million baccarat rounds per second per core (a plain C loop
reaches about 35 M/s on these machines, a straightforward Numba kernel 11 M/s).
"""

from __future__ import annotations

import argparse
import json
import time

from croupier.analysis.simulate_baccarat import run_chunk
from croupier.games.baccarat.report import iter_coups
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = load_ruleset("macau-2009").baccarat()
    run_chunk(1, 1000, rules.shoe)  # compile
    rounds = 5_000_000
    best = float("inf")
    for seed in range(3):
        start = time.perf_counter()
        run_chunk(seed, rounds, rules.shoe)
        best = min(best, time.perf_counter() - start)
    kernel = rounds / best
    engine_rounds = 20_000
    coups = iter_coups(rules, SeededRandomSource(1))
    start = time.perf_counter()
    for _ in range(engine_rounds):
        next(coups)
    engine = engine_rounds / (time.perf_counter() - start)
    from croupier.analysis.simulate_stud import run_chunk as stud_chunk
    from croupier.analysis.simulate_stud import stud_arrays
    from croupier.games.stud.round import StudRound
    from croupier.shoe import Shoe

    arrays = stud_arrays(100, "own", "macau")
    stud_chunk(1, 1000, arrays)
    start = time.perf_counter()
    stud_chunk(2, 1_000_000, arrays)
    stud_kernel = 1_000_000 / (time.perf_counter() - start)
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
    from croupier.analysis.simulate_blackjack import run_chunk as blackjack_chunk
    from croupier.games.blackjack.report import basic_strategy_player
    from croupier.games.blackjack.report import play_round as blackjack_round

    bj_rules = load_ruleset("macau-blackjack-2007").blackjack()
    blackjack_chunk(1, 1000, bj_rules)
    best_bj = float("inf")
    for seed in range(3):
        start = time.perf_counter()
        blackjack_chunk(seed, 2_000_000, bj_rules)
        best_bj = min(best_bj, time.perf_counter() - start)
    bj_kernel = 2_000_000 / best_bj
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
        "blackjack_engine_rounds_per_s": round(bj_engine),
        "blackjack_target_rounds_per_s": 5_000_000,
        "kernel_rounds_per_s": round(kernel),
        "engine_rounds_per_s": round(engine),
        "kernel_vs_engine": round(kernel / engine, 1),
        "target_rounds_per_s": 35_000_000,
        "stud_kernel_rounds_per_s": round(stud_kernel),
        "stud_engine_rounds_per_s": round(stud_engine),
        "stud_kernel_vs_engine": round(stud_kernel / stud_engine, 1),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"baccarat kernel (real shoes, one core): {kernel / 1e6:6.2f} M rounds/s"
        f"  (target 35 M/s: {'met' if kernel >= 35e6 else 'NOT MET'})"
    )
    print(
        f"pure-Python engine loop (same rules):   {engine / 1e6:6.3f} M rounds/s"
        f"  (kernel {kernel / engine:.0f}x)"
    )
    print(f"stud kernel (one core, own-cards optimum): {stud_kernel / 1e6:6.2f} M rounds/s")
    print(
        f"blackjack kernel (one box, basic strategy): {bj_kernel / 1e6:6.2f} M hands/s"
        f"  (target 5 M/s: {'met' if bj_kernel >= 5e6 else 'NOT MET'}); engine loop "
        f"{bj_engine / 1e3:.1f} k/s ({bj_kernel / bj_engine:.0f}x)"
    )
    print(
        f"stud engine loop (StudRound, one hand):    {stud_engine / 1e6:6.3f} M rounds/s"
        f"  (kernel {stud_kernel / stud_engine:.0f}x)"
    )


if __name__ == "__main__":
    main()
