"""``croupier rng-test``: the RNG battery on final shoe orders from the live shuffle path (issue
28, item 4; GLI-19 3.2): each test's statistic and p-value, and the battery's verdict at the 99%
level, family-wise (Holm); the exit status is 1 when it fails."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from croupier.proof.rng_battery import LEVEL, battery, live_orders
from croupier.rng import source_for


def rng_test_command(
    shoes: int = typer.Option(2_000, "--shoes", min=50, max=1_000_000, help="shoes to test"),
    decks: int = typer.Option(8, "--decks", min=1, max=12, help="decks in each shoe"),
    seed: int | None = typer.Option(
        None, "--seed", help="a seeded source instead of the CSPRNG (a run to repeat)"
    ),
    as_json: bool = typer.Option(False, "--json", help="the results as JSON"),
) -> None:
    """The RNG battery on shoe orders from the live shuffle path: positions, pairs, runs,
    coupon collector, duplicates, first coups; 99% family-wise (Holm)."""
    orders = live_orders(shoes, decks, source_for(seed))
    passed, outcomes = battery(orders)
    if as_json:
        typer.echo(json.dumps({
            "shoes": shoes, "decks": decks, "source": "seeded" if seed is not None else "csprng",
            "level": LEVEL, "passed": passed,
            "tests": [{"name": o.name, "statistic": o.statistic, "p_value": o.p_value,
                       "passed": o.passed} for o in outcomes],
        }, indent=2))  # fmt: skip
    else:
        table = Table(title=f"RNG battery: {shoes} shoes of {decks} deck(s)")
        for column in ("test", "statistic", "p-value", "verdict"):
            table.add_column(column)
        for o in outcomes:
            table.add_row(o.name, f"{o.statistic:.4g}", f"{o.p_value:.4g}",
                          "pass" if o.passed else "FAIL")  # fmt: skip
        console = Console()
        console.print(table)
        console.print(f"battery at {100 * (1 - LEVEL):g}% (Holm): {'PASS' if passed else 'FAIL'}")
    if not passed:
        raise typer.Exit(1)
