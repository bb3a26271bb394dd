"""``croupier certify --ruleset R``: one self-contained HTML evidence pack for a testing lab
(issue 28, item 5; docs/proof.md): the ruleset and its articles, the compliance matrix with a
test run made for the pack, the exact PAR sheet beside a seeded simulation, the RNG battery, a
verified sample of stored shoes, and the SHA-256 of the build, the presets and the texts. Exit
status 1 when any of its checks fails."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from croupier.cli.compliance import ROOT_OPTION, _checkout


def certify_command(
    ruleset: str = typer.Option(..., "--ruleset", "-r", help="the ruleset to certify"),
    output: str = typer.Option("evidence-pack.html", "--output", "-o", help="the pack's file"),
    rounds: int = typer.Option(
        1_000_000, "--rounds", min=10_000, max=100_000_000, help="simulated rounds"
    ),
    seed: int = typer.Option(1, "--seed", min=0, help="the simulation's and RNG battery's seed"),
    shoes: int = typer.Option(2_000, "--shoes", min=50, max=1_000_000, help="RNG battery shoes"),
    database: str | None = typer.Option(
        None, "--database", help="a casino's database: its stored shoes of this ruleset verified"
    ),
    sample: int = typer.Option(10, "--sample", min=1, max=1_000, help="shoes listed per table"),
    run_tests: bool = typer.Option(
        True, "--run-tests/--no-run-tests", help="run the matrix's tests for the pack"
    ),
    as_json: bool = typer.Option(False, "--json", help="also write the figures as JSON beside"),
    root: Path = ROOT_OPTION,
) -> None:
    """The evidence pack of a ruleset, one HTML file that opens offline."""
    from croupier.errors import RulesetError
    from croupier.proof.certify import gather
    from croupier.proof.certify_html import render

    where = root or _checkout()
    if run_tests and not (where / "tests").is_dir():
        typer.echo(
            f"error: --root: no tests/ under {where}: the pack runs croupier's tests; give a "
            "checkout of croupier, or --no-run-tests",
            err=True,
        )
        raise typer.Exit(2)
    try:
        pack = gather(
            ruleset,
            where,
            database=database,
            rounds=rounds,
            seed=seed,
            shoes=shoes,
            sample=sample,
            run_tests=run_tests,
        )
    except RulesetError as error:
        typer.echo(f"error: --{error.option}: {error.message}", err=True)
        raise typer.Exit(2) from None
    Path(output).write_text(render(pack), encoding="utf-8")
    if as_json:
        Path(output).with_suffix(".json").write_text(json.dumps(pack, indent=2, default=str))
    for check, ok in pack["verdicts"].items():
        typer.echo(f"{'pass' if ok else 'FAIL'}  {check}")
    typer.echo(f"{'PASS' if pack['passed'] else 'FAIL'}: {output}")
    if not pack["passed"]:
        raise typer.Exit(1)
