"""Running simulations: seeds, chunks, workers, and statistics with confidence intervals.

A run is fully determined by its seed: the rounds are cut into fixed chunks, chunk ``i`` gets
the ``i``-th child of ``numpy.random.SeedSequence(seed)``, and the chunks' results are added in
chunk order. How many workers ran the chunks, or where (local processes, or a Dask distributed
cluster given by its scheduler address), therefore changes nothing.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.analysis.baccarat_chunk import run_chunk
from croupier.analysis.baccarat_exact import Outcomes
from croupier.analysis.baccarat_par import figures_from_outcomes
from croupier.games.baccarat.rules import BaccaratRules
from croupier.games.stud.hands import CATEGORIES
from croupier.games.stud.rules import JACKPOT_COMBINATIONS as JACKPOT

CHUNK = 250_000  # rounds per chunk: the unit of reproducibility


def chunk_seeds(seed: int, rounds: int, chunk: int = CHUNK) -> list[tuple[int, int]]:
    """(kernel seed, rounds) for every chunk of a run.

    A kernel seed is 63 random bits (it travels as a signed 64-bit integer): SplitMix64
    streams are stretches of one Weyl sequence, so two chunks overlap only when their seeds lie
    within a chunk's draws of each other on it, about 1e-13 per pair of chunks at this width
    (it would be near certain for long runs with 32-bit seeds)."""
    n = max(1, math.ceil(rounds / chunk))
    children = np.random.SeedSequence(seed).spawn(n)
    out = []
    for i, child in enumerate(children):
        size = min(chunk, rounds - i * chunk)
        out.append((int(child.generate_state(1, np.uint64)[0] >> np.uint64(1)), size))
    return out


def _baccarat_work(args: tuple[int, int, Any]) -> npt.NDArray[np.int64]:
    seed, size, spec = args
    return run_chunk(seed, size, spec)


def _jackpot_work(args: tuple[int, int, Any]) -> npt.NDArray[np.int64]:
    from croupier.analysis.baccarat_chunk import run_jackpot_chunk

    seed, size, (spec, modality, by_points) = args
    return run_jackpot_chunk(seed, size, spec, modality, by_points)


def _stud_work(args: tuple[int, int, Any]) -> npt.NDArray[np.int64]:
    from croupier.analysis.stud_chunk import run_chunk as stud_chunk
    from croupier.analysis.stud_packed import stud_arrays

    seed, size, (royal, strategy, order) = args
    return stud_chunk(seed, size, stud_arrays(royal, strategy, order))


def _blackjack_work(args: tuple[int, int, Any]) -> npt.NDArray[np.float64]:
    from croupier.analysis.blackjack_chunk import run_chunk as blackjack_chunk

    seed, size, rules = args
    return blackjack_chunk(seed, size, rules)


def _session_work(args: tuple[int, int, Any]) -> Any:
    from croupier.analysis.baccarat_chunk import run_session_chunk

    seed, size, (spec, nets, length, bankroll) = args
    return run_session_chunk(seed, size, spec, nets, length, bankroll)


def map_chunks(
    work: Callable[[tuple[int, int, Any]], Any],
    jobs: list[tuple[int, int, Any]],
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> list[Any]:
    """Every chunk's result, in chunk order, from local processes or a Dask cluster."""
    workers = workers or os.cpu_count() or 1
    if scheduler is not None:
        from dask.distributed import Client, as_completed

        with Client(scheduler) as client:
            futures = client.map(work, jobs, pure=False)
            if progress:
                for future in as_completed(futures):
                    progress(jobs[futures.index(future)][1])
            gathered: list[Any] = client.gather(futures)
            return gathered
    results: list[Any] = []
    if workers == 1:
        for job in jobs:
            results.append(work(job))
            if progress:
                progress(job[1])
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for job, result in zip(jobs, pool.map(work, jobs), strict=True):
            results.append(result)
            if progress:
                progress(job[1])
    return results


def run_chunks(
    work: Callable[[tuple[int, int, Any]], npt.NDArray[Any]],
    seed: int,
    rounds: int,
    payload: Any,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> npt.NDArray[Any]:
    """Run every chunk of a seeded run with ``work`` and add the results in chunk order:
    the result does not depend on ``workers`` or on ``scheduler`` (a Dask scheduler address,
    e.g. ``tcp://host:8786``: the chunks then run on that cluster)."""
    jobs = [(s, n, payload) for s, n in chunk_seeds(seed, rounds)]
    results = map_chunks(work, jobs, workers, progress, scheduler)
    return sum(results[1:], results[0].copy())  # type: ignore[no-any-return]


def run_baccarat(
    rules: BaccaratRules,
    rounds: int,
    seed: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> npt.NDArray[np.int64]:
    """The outcome histogram of ``rounds`` rounds, identical for any number of workers."""
    hist: npt.NDArray[np.int64] = run_chunks(
        _baccarat_work, seed, rounds, rules.shoe, workers, progress, scheduler
    )
    return hist


def run_stud(
    royal: int,
    strategy: str,
    order: str,
    rounds: int,
    seed: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> npt.NDArray[np.int64]:
    """[rounds, raises, sum of nets, sum of squares], identical for any number of workers."""
    totals: npt.NDArray[np.int64] = run_chunks(
        _stud_work, seed, rounds, (royal, strategy, order), workers, progress, scheduler
    )
    return totals


def run_blackjack(
    rules: Any,
    rounds: int,
    seed: int,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> npt.NDArray[np.float64]:
    """[rounds, sum of nets, sum of squares, hands], identical for any number of workers."""
    totals: npt.NDArray[np.float64] = run_chunks(
        _blackjack_work, seed, rounds, rules, workers, progress, scheduler
    )
    return totals


def blackjack_report(totals: npt.NDArray[np.float64]) -> dict[str, Any]:
    """House edge per initial bet with its 95% interval, standard deviation, hands per round."""
    n, net, squares, hands = (float(x) for x in totals)
    mean = net / n
    sd = math.sqrt(max(squares / n - mean * mean, 0.0))
    half = 1.96 * sd / math.sqrt(n)
    return {
        "game": "blackjack",
        "rounds": int(n),
        "house_edge": -mean,
        "house_edge_ci95": [-mean - half, -mean + half],
        "std_dev": sd,
        "hands_per_round": hands / n,
    }


def run_baccarat_jackpot(
    rules: BaccaratRules,
    rounds: int,
    seed: int,
    workers: int | None = None,
    scheduler: str | None = None,
) -> npt.NDArray[np.int64]:
    """Rounds counted by their highest jackpot combination of the ruleset's modality (index 0:
    none, then the modality's list, highest first), on the same shoes as ``run_baccarat``."""
    spec = rules.jackpot
    if spec is None:
        raise ValueError("this ruleset offers no jackpot")
    counts: npt.NDArray[np.int64] = run_chunks(
        _jackpot_work,
        seed,
        rounds,
        (rules.shoe, spec.modality, spec.double_pairs_by == "points"),
        workers,
        None,
        scheduler,
    )
    return counts


def jackpot_report(rules: BaccaratRules, counts: npt.NDArray[np.int64]) -> dict[str, Any]:
    """Hit frequency of every combination with its 95% interval."""
    from croupier.games.baccarat.jackpot import COMBINATIONS

    spec = rules.jackpot
    assert spec is not None
    n = int(counts.sum())
    rows = []
    for i, (name, _, _) in enumerate(COMBINATIONS[spec.modality], start=1):
        p = int(counts[i]) / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        rows.append(
            {
                "combination": name,
                "hits": int(counts[i]),
                "hit_frequency": p,
                "hit_frequency_ci95": [p - half, p + half],
            }
        )
    return {"modality": spec.modality, "rounds": n, "combinations": rows}


def net_by_cell(rules: BaccaratRules, bet: str) -> npt.NDArray[np.float64]:
    """What one unit on ``bet`` nets in each outcome cell of the kernel's histogram, by the same
    terms as the exact analysis (``net_per_unit``)."""
    from types import SimpleNamespace

    from croupier.analysis.baccarat_par import net_per_unit

    nets = np.zeros(3 * 10 * 2 * 2 * 2)  # one per cell of HIST_SHAPE
    for winner in range(3):
        for bt in range(10):
            for three in range(2):
                for pp in range(2):
                    for bp in range(2):
                        name = ("player", "banker", "tie")[winner]
                        coup = SimpleNamespace(
                            winner=name,
                            banker_total=bt,
                            banker=(0,) * (2 + three),
                            player_pair=bool(pp),
                            banker_pair=bool(bp),
                            dragon7=name == "banker" and three == 1 and bt == 7,
                        )
                        cell = (((winner * 10 + bt) * 2 + three) * 2 + pp) * 2 + bp
                        nets[cell] = float(net_per_unit(bet, rules, coup))
    return nets


def run_baccarat_sessions(
    rules: BaccaratRules,
    bet: str,
    length: int,
    sessions: int,
    bankroll: float,
    seed: int,
    workers: int | None = None,
    scheduler: str | None = None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """``sessions`` sessions of ``length`` rounds betting one unit on ``bet``: each session's
    result and whether it ever lost ``bankroll`` units (ruin); identical for any workers."""
    if bet not in rules.offered_bets or bet == "jackpot":
        raise ValueError(f"--bet: {bet!r} is not a bet of this ruleset ({rules.offered_bets})")
    chunk = max(1, CHUNK // length) * length
    payload = (rules.shoe, net_by_cell(rules, bet), length, bankroll)
    jobs = [(s, n, payload) for s, n in chunk_seeds(seed, length * sessions, chunk)]
    parts = map_chunks(_session_work, jobs, workers, None, scheduler)
    return (np.concatenate([p[1] for p in parts]), np.concatenate([p[2] for p in parts]))


def session_report(
    results: npt.NDArray[np.float64],
    ruined: npt.NDArray[np.bool_],
    length: int,
    bet: str,
    bankroll: float,
) -> dict[str, Any]:
    """The distribution of a player's session result: percentiles and risk of ruin."""
    pct = np.percentile(results, [1, 5, 25, 50, 75, 95, 99])
    return {
        "bet": bet,
        "rounds_per_session": length,
        "sessions": int(results.size),
        "bankroll": bankroll,
        "mean": float(results.mean()),
        "std_dev": float(results.std()),
        "percentiles": {
            str(p): float(v) for p, v in zip((1, 5, 25, 50, 75, 95, 99), pct, strict=True)
        },
        "probability_of_loss": float((results < 0).mean()),
        "risk_of_ruin": float(ruined.mean()),
    }


def stud_report(totals: npt.NDArray[np.int64]) -> dict[str, Any]:
    """House edge per ante with its 95% interval, element of risk and raise rate."""
    n, raises, net, squares = (int(x) for x in totals[:4])
    mean = net / n
    sd = math.sqrt(max(squares / n - mean * mean, 0.0))
    half = 1.96 * sd / math.sqrt(n)
    rate = raises / n
    return {
        "game": "stud",
        "rounds": n,
        "house_edge_ante": -mean,
        "house_edge_ante_ci95": [-mean - half, -mean + half],
        "element_of_risk": -mean / (1 + 2 * rate),
        "probability_raise": rate,
        "std_dev": sd,
        # raised hands of each jackpot category (art. 10(2)); a folded hand wins none
        "jackpot_hits": {name: int(totals[4 + CATEGORIES.index(name)]) for name in JACKPOT},
    }


def _outcomes(hist: npt.NDArray[np.int64]) -> tuple[Outcomes, Fraction, Fraction]:
    total = int(hist.sum())
    player = int(hist[0].sum())
    ties = int(hist[2].sum())
    two = tuple(int(hist[1, t, 0].sum()) for t in range(10))
    three = tuple(int(hist[1, t, 1].sum()) for t in range(10))
    pp = Fraction(int(hist[:, :, :, 1, :].sum()), total)
    bp = Fraction(int(hist[:, :, :, :, 1].sum()), total)
    o = Outcomes(total, (player,) + (0,) * 9, (ties,) + (0,) * 9, two, three, pp)
    return o, pp, bp


def baccarat_report(rules: BaccaratRules, hist: npt.NDArray[np.int64]) -> dict[str, Any]:
    """Per bet: rounds, hit frequency, return, house edge with its 95% confidence interval,
    standard deviation."""
    o, pp, bp = _outcomes(hist)
    n = o.total
    bets = []
    for b in figures_from_outcomes(rules, o, pp, bp):
        edge = float(b.house_edge)
        sd = b.std_dev
        half = 1.96 * sd / math.sqrt(n)
        bets.append(
            {
                "bet": b.bet,
                "rounds": n,
                "hit_frequency": float(b.probability_win),
                "return": 1 - edge,
                "house_edge": edge,
                "house_edge_ci95": [edge - half, edge + half],
                "std_dev": sd,
            }
        )
    return {
        "game": "baccarat",
        "rounds": n,
        "outcomes": {"player": float(o.player), "banker": float(o.banker), "tie": float(o.tie)},
        "bets": bets,
    }
