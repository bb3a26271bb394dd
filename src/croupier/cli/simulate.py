"""``croupier simulate``: Monte Carlo on real shoes, reproducible from a seed."""

from __future__ import annotations

import time

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from croupier.analysis.simulation import baccarat_report, run_baccarat
from croupier.cli.common import FORMAT_OPTION, SET_OPTION, Format, console, load, print_json

app = typer.Typer(help="Monte Carlo simulation on real shoes.", no_args_is_help=True)


@app.command("baccarat")
def baccarat(
    ruleset: str = typer.Option("macau-2009", "--ruleset", "-r"),
    rounds: int = typer.Option(1_000_000, "--rounds", "-n", min=1),
    seed: int = typer.Option(1, "--seed", help="The run is fully determined by its seed."),
    workers: int = typer.Option(
        None, "--workers", "-w", min=1, help="Worker processes (default: all cores)."
    ),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """Per bet: rounds, hit frequency, return, house edge with a 95% confidence interval and
    standard deviation, from shoes dealt to the cut card by the ruleset's procedures."""
    loaded = load(ruleset, settings, "baccarat")
    rules = loaded.baccarat()
    start = time.perf_counter()
    if fmt is Format.json:
        hist = run_baccarat(rules, rounds, seed, workers)
    else:
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

            hist = run_baccarat(rules, rounds, seed, workers, advance)
    report = {
        "ruleset": loaded.name,
        "seed": seed,
        **baccarat_report(rules, hist),
        "seconds": round(time.perf_counter() - start, 3),
    }
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
