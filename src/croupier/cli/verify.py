"""``croupier verify EXPORT``: re-deal every round of a croupier-export/1 file from its revealed
shoes and check its cards, decisions, settlement, postings and jackpot (issue 28, item 3;
docs/proof.md). Exit status 1 when anything differs, each difference with its round and
article."""

from __future__ import annotations

import json
import sys
import time

import typer


def verify_command(
    export: str = typer.Argument(..., help="a croupier export file ('-': standard input)"),
    as_json: bool = typer.Option(False, "--json", help="the report as JSON"),
    most: int = typer.Option(50, "--most", min=1, help="differences to list at most"),
) -> None:
    """Re-deal every round of an export from its revealed shoes; check cards, decisions,
    payouts, postings and jackpot pools. Exit 1 on any difference."""
    from croupier.proof.verify.run import verify_lines

    started = time.process_time()
    try:
        handle = sys.stdin if export == "-" else open(export, encoding="utf-8")  # noqa: SIM115
    except OSError as error:
        typer.echo(f"error: EXPORT: cannot read {export}: {error.strerror}", err=True)
        raise typer.Exit(2) from None
    try:
        report = verify_lines(handle)
    except ValueError as error:
        typer.echo(f"error: EXPORT: {error}", err=True)
        raise typer.Exit(2) from None
    finally:
        if handle is not sys.stdin:
            handle.close()
    seconds = time.process_time() - started
    if as_json:
        typer.echo(json.dumps({**report.json(), "cpu_seconds": round(seconds, 3)}, indent=2))
    else:
        for finding in report.findings[:most]:
            typer.echo(finding.text())
        if len(report.findings) > most:
            typer.echo(f"... and {len(report.findings) - most} more")
        rate = report.rounds / seconds * 60 if seconds > 0 else 0
        typer.echo(
            f"{report.rounds} rounds ({report.replayed} replayed, {report.unrevealed} from shoes "
            f"not revealed in the export), {report.shoes} shoes, {report.postings} postings: "
            f"{'clean' if report.clean else f'{len(report.findings)} difference(s)'} "
            f"({seconds:.2f} s of CPU, {rate:,.0f} rounds a minute)"
        )
    if not report.clean:
        raise typer.Exit(1)
