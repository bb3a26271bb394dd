"""Baccarat engine and shuffle benchmarks, each against a baseline measured in the same run.

Run:  python3 benchmarks/bench_baccarat.py [--rounds N] [--json]

* coup: ``deal_coup`` (the engine's dealing and third-card rules) against a minimal hand-written
  baccarat coup in plain Python, on the same shoe of cards: the ratio is the price of the
  engine's structure (dataclass, shared tables) over the bare rules.
* round: a whole ``BaccaratRound`` (three bets placed and validated, dealt, settled with
  articles, events logged) against ``deal_coup`` alone: the price of the state machine.
* shuffle: an 8-deck ``Shoe.shuffle`` (unbiased Fisher-Yates on seeded draws, SHA-256
  commitment, cut card, burn) against ``random.shuffle`` and NumPy's ``Generator.permutation``.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

import numpy as np

from croupier.games.baccarat.coup import deal_coup
from croupier.games.baccarat.points import POINTS
from croupier.games.baccarat.round import BaccaratRound
from croupier.rng import SeededRandomSource
from croupier.rulesets import load_ruleset
from croupier.shoe import Shoe, StackedCards


def best_of(fn: Callable[[], int], repeats: int = 3) -> float:
    """Best items/second over ``repeats`` runs of ``fn`` (which returns its item count)."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        n = fn()
        best = max(best, n / (time.perf_counter() - start))
    return best


def baseline_coup(cards: list[int], i: int) -> int:
    """A bare-bones coup in plain Python (the baseline): returns the index after the coup."""
    p = (POINTS[cards[i]] + POINTS[cards[i + 2]]) % 10
    b = (POINTS[cards[i + 1]] + POINTS[cards[i + 3]]) % 10
    i += 4
    if p >= 8 or b >= 8:
        return i
    third = -1
    if p <= 5:
        third = POINTS[cards[i]]
        i += 1
    if third < 0:
        draw = b <= 5
    else:
        draw = (
            b <= 2
            or (b == 3 and third != 8)
            or (b == 4 and 2 <= third <= 7)
            or (b == 5 and 4 <= third <= 7)
            or (b == 6 and third in (6, 7))
        )
    if draw:
        i += 1
    return i


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    rng = np.random.Generator(np.random.PCG64(2026))
    cards = rng.integers(0, 52, size=args.rounds * 6 + 6).tolist()
    rules = load_ruleset("macau-2009").rules

    def run_baseline() -> int:
        i = n = 0
        while n < args.rounds:
            i = baseline_coup(cards, i)
            n += 1
        return n

    def run_coup() -> int:
        src = StackedCards(cards)
        for _ in range(args.rounds):
            deal_coup(src.draw)
        return args.rounds

    round_count = args.rounds // 10

    def run_round() -> int:
        src = StackedCards(cards)
        for _ in range(round_count):
            rnd = BaccaratRound(rules, src)
            rnd.place_bet("a", "banker", 10000)
            rnd.place_bet("b", "player", 10000)
            rnd.place_bet("c", "tie", 10000)
            rnd.deal()
            rnd.settle()
        return round_count

    shuffles = 200

    def run_shoe_shuffle() -> int:
        shoe = Shoe(rules.shoe, SeededRandomSource(1))
        for _ in range(shuffles):
            shoe.shuffle()
        return shuffles

    def run_random_shuffle() -> int:
        r = random.Random(1)
        deck = list(range(416))
        for _ in range(shuffles):
            r.shuffle(deck)
        return shuffles

    def run_numpy_permutation() -> int:
        g = np.random.Generator(np.random.PCG64(1))
        for _ in range(shuffles):
            g.permutation(416)
        return shuffles

    base = best_of(run_baseline)
    coup = best_of(run_coup)
    rounds = best_of(run_round)
    shoe = best_of(run_shoe_shuffle)
    rand = best_of(run_random_shuffle)
    perm = best_of(run_numpy_permutation)
    results = {
        "coup_per_s": round(coup),
        "baseline_coup_per_s": round(base),
        "coup_vs_baseline": round(coup / base, 3),
        "round_per_s": round(rounds),
        "round_vs_coup": round(rounds / coup, 3),
        "shoe_shuffle_per_s": round(shoe),
        "random_shuffle_per_s": round(rand),
        "numpy_permutation_per_s": round(perm),
        "shoe_shuffle_vs_random_shuffle": round(shoe / rand, 3),
        "shoe_shuffle_vs_numpy_permutation": round(shoe / perm, 3),
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"{'measure':<44}{'per second':>14}{'ratio':>10}")
    print(f"{'baseline: bare Python coup':<44}{base:>14,.0f}{'1.000':>10}")
    print(f"{'deal_coup (engine)':<44}{coup:>14,.0f}{coup / base:>10.3f}")
    print(
        f"{'BaccaratRound, 3 bets, dealt and settled':<44}{rounds:>14,.0f}{rounds / coup:>10.3f}"
        "  (vs deal_coup)"
    )
    print(f"{'baseline: random.shuffle, 416 cards':<44}{rand:>14,.0f}{'1.000':>10}")
    print(f"{'baseline: numpy permutation, 416 cards':<44}{perm:>14,.0f}{perm / rand:>10.3f}")
    print(f"{'Shoe.shuffle, 8 decks (+commitment, burn)':<44}{shoe:>14,.0f}{shoe / rand:>10.3f}")


if __name__ == "__main__":
    main()
