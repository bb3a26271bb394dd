"""``croupier simulate``: Monte Carlo on real shoes, reproducible from a seed."""

from __future__ import annotations

import time
from typing import Any

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from croupier.cli.common import (
    FORMAT_OPTION,
    SET_OPTION,
    Format,
    console,
    finite,
    load,
    print_json,
)

app = typer.Typer(help="Monte Carlo simulation on real shoes.", no_args_is_help=True)
SCHEDULER = typer.Option(
    None,
    "--scheduler",
    help="A Dask scheduler, e.g. tcp://host:8786 (default: local worker processes).",
)


def _progress_run(rounds: int, run: Any) -> Any:
    """Run ``run(advance)`` under a Rich progress bar showing rounds per second."""
    start = time.perf_counter()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:,}/{task.total:,} rounds"),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
    ) as progress:
        task = progress.add_task("simulating", total=rounds, rate="")

        def advance(n: int) -> None:
            done = progress.tasks[0].completed + n
            rate = done / max(time.perf_counter() - start, 1e-9)
            progress.update(task, advance=n, rate=f"{rate / 1e6:.2f} M rounds/s")

        return run(advance)


@app.command("baccarat")
def baccarat(
    ruleset: str = typer.Option("macau-2009", "--ruleset", "-r"),
    rounds: int = typer.Option(1_000_000, "--rounds", "-n", min=1),
    seed: int = typer.Option(1, "--seed", min=0, help="The run is fully determined by its seed."),
    workers: int = typer.Option(
        None, "--workers", "-w", min=1, help="Worker processes (default: all cores)."
    ),
    scheduler: str = SCHEDULER,
    session: int = typer.Option(
        None, "--session", min=1, help="Also simulate sessions of this many rounds."
    ),
    sessions: int = typer.Option(10_000, "--sessions", min=1, help="How many sessions."),
    bet: str = typer.Option("banker", "--bet", help="The bet played in each session."),
    bankroll: float = typer.Option(
        100.0,
        "--bankroll",
        min=0.0,
        callback=finite,
        help="Bankroll in units, for the risk of ruin.",
    ),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """Per bet: rounds, hit frequency, return, house edge with a 95% confidence interval and
    standard deviation, from shoes dealt to the cut card by the ruleset's procedures."""
    from croupier.analysis.simulation import baccarat_report, run_baccarat

    loaded = load(ruleset, settings, "baccarat")
    rules = loaded.baccarat()
    start = time.perf_counter()
    if fmt is Format.json:
        hist = run_baccarat(rules, rounds, seed, workers, None, scheduler)
    else:
        hist = _progress_run(
            rounds, lambda advance: run_baccarat(rules, rounds, seed, workers, advance, scheduler)
        )
    report = {
        "ruleset": loaded.name,
        "seed": seed,
        **baccarat_report(rules, hist),
        "seconds": round(time.perf_counter() - start, 3),
    }
    if rules.jackpot is not None:
        from croupier.analysis.simulation import jackpot_report, run_baccarat_jackpot

        counts = run_baccarat_jackpot(rules, rounds, seed, workers, scheduler)
        report["jackpot"] = jackpot_report(rules, counts)
    if session is not None:
        from croupier.analysis.simulation import run_baccarat_sessions, session_report
        from croupier.cli.common import fail

        try:
            results, ruined = run_baccarat_sessions(
                rules, bet, session, sessions, bankroll, seed, workers, scheduler
            )
        except ValueError as exc:
            fail(str(exc))
        report["session"] = session_report(results, ruined, session, bet, bankroll)
    if fmt is Format.json:
        print_json(report)
        return
    table = Table(title=f"{loaded.name}: {rounds:,} rounds, seed {seed}")
    for col in ("bet", "hit frequency", "return", "house edge", "95% interval", "std dev"):
        table.add_column(col, justify="left" if col == "bet" else "right")
    for b in report["bets"]:
        lo, hi = b["house_edge_ci95"]
        table.add_row(
            b["bet"],
            f"{b['hit_frequency']:.5f}",
            f"{100 * b['return']:.3f}%",
            f"{100 * b['house_edge']:.3f}%",
            f"{100 * lo:.3f}% .. {100 * hi:.3f}%",
            f"{b['std_dev']:.4f}",
        )
    console.print(table)
    if "jackpot" in report:
        for row in report["jackpot"]["combinations"]:
            console.print(
                f"  jackpot {report['jackpot']['modality']} {row['combination']:<27} "
                f"{row['hits']:>9,} hits  {row['hit_frequency']:.3e}"
            )
    if "session" in report:
        sr = report["session"]
        pct = ", ".join(f"{k}%: {v:+.1f}" for k, v in sr["percentiles"].items())
        console.print(
            f"Sessions of {sr['rounds_per_session']} rounds, one unit on {sr['bet']} "
            f"({sr['sessions']:,} sessions): mean {sr['mean']:+.2f} units; {pct}; "
            f"P(loss) {100 * sr['probability_of_loss']:.1f}%; risk of ruin with "
            f"{sr['bankroll']:g} units {100 * sr['risk_of_ruin']:.2f}%"
        )


@app.command("stud")
def stud(
    ruleset: str = typer.Option("macau-stud-2004", "--ruleset", "-r"),
    rounds: int = typer.Option(1_000_000, "--rounds", "-n", min=1),
    seed: int = typer.Option(1, "--seed", min=0),
    strategy: str = typer.Option(
        "own",
        "--strategy",
        help="own (the best play on your five cards), pair or ak; the optimum that also reads "
        "the dealer's up card is analysed exactly: croupier analyze stud",
    ),
    order: str = typer.Option("macau", "--order", help="macau (art. 8) or us (ties push)."),
    workers: int = typer.Option(None, "--workers", "-w", min=1),
    scheduler: str = SCHEDULER,
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """House edge per ante with a 95% interval, element of risk and raise rate."""
    from croupier.analysis.simulation import run_stud, stud_report
    from croupier.cli.common import fail

    loaded = load(ruleset, settings, "stud")
    if strategy not in ("own", "pair", "ak") or order not in ("macau", "us"):
        fail(
            "--strategy: own, pair or ak (the up-card optimum: croupier analyze stud); "
            "--order: macau or us"
        )
    start = time.perf_counter()
    royal = loaded.stud().royal_flush_pays
    if fmt is Format.json:
        totals = run_stud(royal, strategy, order, rounds, seed, workers, None, scheduler)
    else:
        totals = _progress_run(
            rounds,
            lambda advance: run_stud(
                royal, strategy, order, rounds, seed, workers, advance, scheduler
            ),
        )
    report = {
        "ruleset": loaded.name,
        "seed": seed,
        "strategy": strategy,
        "order": order,
        **stud_report(totals),
        "seconds": round(time.perf_counter() - start, 3),
    }
    if fmt is Format.json:
        print_json(report)
        return
    lo, hi = report["house_edge_ante_ci95"]
    console.print(f"[bold]{loaded.name}[/]: {rounds:,} rounds, seed {seed}, strategy {strategy}")
    console.print(
        f"  house edge per ante {100 * report['house_edge_ante']:.3f}% "
        f"(95%: {100 * lo:.3f}% .. {100 * hi:.3f}%), element of risk "
        f"{100 * report['element_of_risk']:.3f}%, raise "
        f"{100 * report['probability_raise']:.2f}%"
    )


@app.command("blackjack")
def blackjack(
    ruleset: str = typer.Option("macau-blackjack-2007", "--ruleset", "-r"),
    rounds: int = typer.Option(1_000_000, "--rounds", "-n", min=1),
    seed: int = typer.Option(1, "--seed", min=0),
    workers: int = typer.Option(None, "--workers", "-w", min=1),
    scheduler: str = SCHEDULER,
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """One box played by the ruleset's basic strategy on real shoes (cut card): house edge
    per initial bet with a 95% interval."""
    from croupier.analysis.simulation import blackjack_report, run_blackjack

    loaded = load(ruleset, settings, "blackjack")
    start = time.perf_counter()
    rules = loaded.blackjack()
    if fmt is Format.json:
        totals = run_blackjack(rules, rounds, seed, workers, None, scheduler)
    else:
        totals = _progress_run(
            rounds, lambda advance: run_blackjack(rules, rounds, seed, workers, advance, scheduler)
        )
    report = {
        "ruleset": loaded.name,
        "seed": seed,
        **blackjack_report(totals),
        "seconds": round(time.perf_counter() - start, 3),
    }
    if fmt is Format.json:
        print_json(report)
        return
    lo, hi = report["house_edge_ci95"]
    console.print(f"[bold]{loaded.name}[/]: {rounds:,} rounds, seed {seed}, basic strategy")
    console.print(
        f"  house edge {100 * report['house_edge']:.3f}% (95%: {100 * lo:.3f}% .. "
        f"{100 * hi:.3f}%), std dev {report['std_dev']:.4f}, "
        f"{report['hands_per_round']:.4f} hands a round"
    )
