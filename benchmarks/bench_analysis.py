"""Exact baccarat analysis benchmark: the compiled enumeration against its own plain-Python
form on the same shoes, in the same run.

Run:  python3 benchmarks/bench_analysis.py [--json] [--farmer PATH]

``--farmer PATH`` times an external blackjack analyser beside croupier's on the same shoes: Eric
Farmer's combinatorial analyser (``strategy`` of github.com/possibly-wrong/blackjack, built by
the user with ``g++ -O2 -o strategy strategy.cpp blackjack.cpp blackjack_pdf.cpp indices.cpp
math_Random.cpp``; none of its code is in this repository). It reads its rules from standard
input; it is fed S17, double on any two and after splits, re-splits to four hands except aces,
surrender, 3:2, its standard input closed after that and its output capped, and croupier
analyses the same shoe with the dealer standing on every 17 (``rules.soft17=stands``), the Macau
2007 preset's other options (its game has no hole card: the work is the same, the figures not).
Both are timed as whole processes (CPU seconds, the interpreter's start-up included for
croupier) and croupier's analysis also in-process, best of three.

Targets (issue 5): the exact Macau stud analysis under the optimal strategy in under one minute
on one core; a full 8-deck analysis of the main bets, pairs and Dragon 7 in under 2 ms per
shoe composition, so a shoe can be re-analysed after every round (a compiled rank enumeration
reaches about 2.4 ms on these machines, plain Python about 40 ms). Measured: ``bet_figures`` on
an 8-deck shoe, and on a depleted one, best of many runs; the baseline is the same enumeration
written in plain Python over lists (checked to count what the kernel counts; the kernel run
uncompiled, Numba's ``py_func``, is several times slower still and no fair baseline).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any

from croupier.analysis import baccarat_exact
from croupier.analysis.baccarat_enumeration import enumerate_plain
from croupier.analysis.baccarat_exact import Composition
from croupier.analysis.baccarat_par import bet_figures
from croupier.rulesets import load_ruleset


def best_ms(fn: Any, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


ONE_CORE = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
LIBRARY_RUN = (
    "import sys; from croupier.analysis.blackjack_exact import analyze_blackjack; "
    "from croupier.rulesets import load_ruleset; "
    "r = load_ruleset('macau-blackjack-2007', {'rules.soft17': 'stands'}).blackjack(); "
    "print(analyze_blackjack(r, int(sys.argv[1]))['house_edge'])"
)


def process_cpu(command: list[str], stdin: bytes = b"") -> float:
    """CPU seconds (user + system) of one child process on one core (NumPy's BLAS threads held
    to one, as the compared analyser has one); its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        timeout=300, check=True, env={**os.environ, **ONE_CORE},
    )  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def farmer_input(decks: int, out: str) -> bytes:
    """Answers to the Farmer analyser's prompts, then "0 0", which ends its hand loop."""
    answers = [str(decks), "n", "y", "y", "n", "y", "y", "n", "y", "y", "1.5", out, "0 0"]
    return ("\n".join(answers) + "\n").encode()


def blackjack_figures(farmer: str | None) -> dict[str, float]:
    """Croupier's exact blackjack analysis (basic strategy and composition-dependent optimum,
    re-splits included) in-process and as a process, its reference recursions on one deck,
    and a Farmer analyser's process when given, on 1, 6 and 8 decks."""
    from croupier.analysis.blackjack_exact import analyze_blackjack

    preset = load_ruleset("macau-blackjack-2007", {"rules.soft17": "stands"})
    rules = preset.blackjack()
    out: dict[str, float] = {}
    for decks in (1, 6, 8):
        analyze_blackjack(rules, decks)
        out[f"blackjack_{decks}_decks_s"] = (
            best_ms(lambda d=decks: analyze_blackjack(rules, d), 3) / 1000
        )
        command = [
            sys.executable, "-m", "croupier", "analyze", "blackjack", "--ruleset",
            "macau-blackjack-2007", "--set", "rules.soft17=stands", "--decks", str(decks),
            "--format", "json",
        ]  # fmt: skip
        out[f"blackjack_{decks}_decks_process_s"] = min(process_cpu(command) for _ in range(3))
        library = [sys.executable, "-c", LIBRARY_RUN, str(decks)]
        out[f"blackjack_{decks}_decks_library_process_s"] = min(
            process_cpu(library) for _ in range(3)
        )
        if farmer:
            with tempfile.TemporaryDirectory() as tmp:
                answers = farmer_input(decks, os.path.join(tmp, "out.txt"))
                farmer_s = min(process_cpu([farmer], answers) for _ in range(3))
            out[f"farmer_{decks}_decks_process_s"] = farmer_s
            out[f"blackjack_{decks}_decks_vs_farmer"] = (
                farmer_s / out[f"blackjack_{decks}_decks_process_s"]
            )
            out[f"blackjack_{decks}_decks_library_vs_farmer"] = (
                farmer_s / out[f"blackjack_{decks}_decks_library_process_s"]
            )
            out[f"blackjack_{decks}_decks_in_process_vs_farmer"] = (
                farmer_s / out[f"blackjack_{decks}_decks_s"]
            )
    start = time.perf_counter()
    analyze_blackjack(rules, 1, method="reference")
    out["blackjack_1_deck_reference_s"] = time.perf_counter() - start
    out["blackjack_1_deck_vs_reference"] = (
        out["blackjack_1_deck_reference_s"] / out["blackjack_1_decks_s"]
    )
    return out


def print_blackjack(results: dict[str, Any]) -> None:
    for decks in (1, 6, 8):
        line = (
            f"blackjack, {decks} deck(s), basic and optimal: "
            f"{results[f'blackjack_{decks}_decks_s']:.3f} s in-process, as a process "
            f"{results[f'blackjack_{decks}_decks_library_process_s']:.2f} CPU-s (the library) "
            f"and {results[f'blackjack_{decks}_decks_process_s']:.2f} (the command line)"
        )
        if f"farmer_{decks}_decks_process_s" in results:
            farmer = results[f"farmer_{decks}_decks_process_s"]
            inside = results[f"blackjack_{decks}_decks_in_process_vs_farmer"]
            library = results[f"blackjack_{decks}_decks_library_vs_farmer"]
            command = results[f"blackjack_{decks}_decks_vs_farmer"]
            line += (
                f"; Farmer's analyser {farmer:.2f} CPU-s: croupier {inside:.1f}x its speed "
                f"in-process, {library:.2f}x as a library process, {command:.2f}x as a command"
            )
        print(line)
    print(
        f"blackjack, 1 deck, reference recursions:  {results['blackjack_1_deck_reference_s']:.1f} s"
        f"  (the solver {results['blackjack_1_deck_vs_reference']:.0f}x faster; goal: faster "
        "than Farmer's analyser, process against process)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--farmer", help="a built Farmer analyser to time beside croupier")
    args = parser.parse_args()
    rules = load_ruleset("macau-2009").baccarat()
    full = Composition.full(8)
    depleted = full.remove("AS KD 5C 5H 9S 2D 3C TC JH QS")
    bet_figures(rules, full)  # compile
    results: dict[str, Any] = {
        "full_shoe_ms": best_ms(lambda: bet_figures(rules, full), 30),
        "depleted_shoe_ms": best_ms(lambda: bet_figures(rules, depleted), 30),
    }
    points = full.points()
    results["kernel_ms"] = best_ms(lambda: baccarat_exact.sequence_counts(points), 30)
    lists = (
        points.tolist(),
        baccarat_exact._PLAYER.tolist(),
        baccarat_exact._BANKER.tolist(),
    )
    plain = enumerate_plain(*lists)
    compiled = baccarat_exact.sequence_counts(points).tolist()
    assert plain == compiled, "the plain-Python baseline must count what the kernel counts"
    results["plain_python_kernel_ms"] = best_ms(lambda: enumerate_plain(*lists), 3)
    results["speedup_vs_plain_python"] = results["plain_python_kernel_ms"] / results["kernel_ms"]
    results["target_ms"] = 2.0
    from croupier.analysis.stud_upcard import analyze_upcard

    analyze_upcard(100, "macau")  # compile
    start = time.perf_counter()
    analyze_upcard(100, "macau")
    results["stud_optimal_s"] = time.perf_counter() - start
    results["stud_target_s"] = 60.0
    results.update(blackjack_figures(args.farmer))
    results = {k: round(v, 3) for k, v in results.items()}
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(
        f"8-deck exact analysis (all bets), per shoe: {results['full_shoe_ms']:.3f} ms "
        f"(target < 2 ms)"
    )
    print(f"depleted shoe (10 cards out):             {results['depleted_shoe_ms']:.3f} ms")
    print(f"enumeration kernel, compiled:             {results['kernel_ms']:.3f} ms")
    print(
        f"enumeration kernel, plain Python:         {results['plain_python_kernel_ms']:.1f} ms"
        f"  (ratio {results['speedup_vs_plain_python']:.0f}x)"
    )
    print(
        f"stud, optimal strategy (up card), exact:  {results['stud_optimal_s']:.1f} s"
        "  (target < 60 s; a C brute force over suit-equivalent hands: ~25 CPU-minutes)"
    )
    print_blackjack(results)


if __name__ == "__main__":
    main()
