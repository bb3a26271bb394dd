"""Stud hand evaluator benchmark: croupier against treys, eval7 and phevaluator, same hands,
same run.

Every figure is the best of several runs: on a shared machine noise only ever slows a run down.

Run:  python3 -m pip install -e '.[bench]' && python3 benchmarks/bench_stud_evaluator.py

Reports hands per second on one core and the ratio to treys (the pure-Python reference point):

* one Python call per hand: ``rank5`` against ``treys`` (``Evaluator._five``), ``eval7.evaluate``
  and ``phevaluator.evaluate_cards``, on the same 200,000 random hands;
* the batch form: ``rank_batch`` over an (n, 5) array of 5,000,000 random hands (target: at
  least 80 M hands/s per core);
* every hand: all 2,598,960 hands enumerated and keyed by art. 8 in a compiled loop
  (``sparse_keys_all``, target: under 10 ms), and the dense table lookup of all of them.

The other libraries rank hands by the usual poker order (suits never count); croupier ranks by
the Macau order (art. 8 breaks ties by suit), which is more work per hand.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from croupier.cards import RANKS, card_text
from croupier.games.stud.evaluator import (
    COLEX,
    build_tables,
    rank5_function,
    rank_batch,
    sparse_keys_all,
)


def per_second(fn: Callable[[], int], repeats: int = 5) -> float:
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        n = fn()
        best = max(best, n / (time.perf_counter() - start))
    return best


def best_seconds(fn: Callable[[], Any], repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--batch", type=int, default=5_000_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    rng = np.random.default_rng(2026)
    hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :5]
    hand_lists = hands.tolist()
    results: dict[str, Any] = {}

    rank5 = rank5_function()
    results["croupier_rank5_per_s"] = per_second(
        lambda: sum(1 for h in hand_lists if rank5(h) >= 0)
    )

    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        tcards = [[Card.new(RANKS[c >> 2] + "dchs"[c & 3]) for c in h] for h in hand_lists]
        five = ev._five
        results["treys_per_s"] = per_second(lambda: sum(1 for h in tcards if five(h) > 0))
    except ImportError:
        results["treys_per_s"] = None
    try:
        import eval7

        ecards = [
            [eval7.Card(card_text(c)[0] + card_text(c)[1].lower()) for c in h] for h in hand_lists
        ]
        evaluate = eval7.evaluate
        results["eval7_per_s"] = per_second(lambda: sum(1 for h in ecards if evaluate(h) >= 0))
    except ImportError:
        results["eval7_per_s"] = None
    try:
        from phevaluator import evaluate_cards

        # phevaluator's card id: rank * 4 + suit, with its own suit order; any bijection will do
        results["phevaluator_per_s"] = per_second(
            lambda: sum(1 for h in hand_lists if evaluate_cards(*h) > 0)
        )
    except ImportError:
        results["phevaluator_per_s"] = None

    batch = np.argsort(rng.random((args.batch, 52)), axis=1)[:, :5].astype(np.int8)
    build_tables()
    rank_batch(batch[:1000])  # compile
    results["croupier_batch_per_s"] = args.batch / best_seconds(lambda: rank_batch(batch), 10)

    sparse_keys_all()  # compile
    results["all_hands_keyed_ms"] = best_seconds(sparse_keys_all, 20) * 1000
    table = build_tables().rank
    results["all_hands_table_ms"] = best_seconds(lambda: int(table.max())) * 1000
    results["colex_table_bytes"] = int(table.nbytes + COLEX.nbytes)

    treys = results["treys_per_s"]
    if treys:
        for key in (
            "croupier_rank5_per_s",
            "eval7_per_s",
            "phevaluator_per_s",
            "croupier_batch_per_s",
        ):
            if results.get(key):
                results[key.replace("_per_s", "_vs_treys")] = round(results[key] / treys, 3)
    results = {k: (round(v, 3) if isinstance(v, float) else v) for k, v in results.items()}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'evaluator (one core)':<48}{'hands/s':>16}{'vs treys':>10}")
    for label, key in [
        ("treys, one Python call per hand", "treys_per_s"),
        ("eval7 (Cython), one call per hand", "eval7_per_s"),
        ("phevaluator (C), one call per hand", "phevaluator_per_s"),
        ("croupier rank5, one call per hand", "croupier_rank5_per_s"),
        ("croupier rank_batch, compiled batch", "croupier_batch_per_s"),
    ]:
        value = results.get(key)
        ratio = results.get(
            key.replace("_per_s", "_vs_treys"), 1.0 if key == "treys_per_s" else None
        )
        shown = f"{value:>16,.0f}" if value else f"{'not installed':>16}"
        print(f"{label:<48}{shown}{'' if ratio is None else f'{ratio:>10.2f}'}")
    print(
        f"all 2,598,960 hands keyed by art. 8 (compiled):  {results['all_hands_keyed_ms']:.1f} ms"
        "  (target < 10 ms)"
    )
    print(
        f"all 2,598,960 hands read from the rank table:     {results['all_hands_table_ms']:.2f} ms"
    )


if __name__ == "__main__":
    main()
