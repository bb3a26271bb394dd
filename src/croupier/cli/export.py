"""``croupier export``: a period's, a table's or a player's record from the casino's database as
``croupier-export/1`` JSON Lines (issue 28, item 2; docs/proof.md), streamed to a file or to
standard output. It reads the database, never writes it; shoes in play are never exported."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path

import typer

from croupier.store import DEFAULT_URL

DATABASES = ("sqlite:///", "postgresql://", "postgresql+psycopg://")


def _when(value: str | None, flag: str) -> datetime | None:
    """A date (midnight UTC) or an ISO 8601 instant, for ``flag``."""
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value)
    except ValueError:
        typer.echo(
            f"error: {flag}: {value!r} is not a date (2026-11-27) or an ISO 8601 instant", err=True
        )
        raise typer.Exit(2) from None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def export_command(
    database: str = typer.Option(DEFAULT_URL, "--database", help="the casino's database URL"),
    start: str | None = typer.Option(None, "--from", help="rounds closed from (date or instant)"),
    end: str | None = typer.Option(None, "--to", help="... until, not included"),
    table: int | None = typer.Option(None, "--table", min=1, help="one table's rounds"),
    player: str | None = typer.Option(None, "--player", help="one player's own record"),
    output: str | None = typer.Option(None, "--output", "-o", help="file (default: stdout)"),
) -> None:
    """The rounds, revealed shoes, journal, ledger postings and jackpot movements of a period,
    a table or a player, as croupier-export/1 JSON Lines (integer money), streamed."""
    from croupier.store.database import connect
    from croupier.store.export import Export, Scope

    if not database.startswith(DATABASES):
        typer.echo(
            f"error: --database: {database!r} is not sqlite:///FILE or postgresql://...", err=True
        )
        raise typer.Exit(2)
    if database.startswith("sqlite:///") and not Path(database[len("sqlite:///") :]).is_file():
        typer.echo(
            f"error: --database: no database file at {database[len('sqlite:///') :]}", err=True
        )
        raise typer.Exit(2)
    scope = Scope(_when(start, "--from"), _when(end, "--to"), table, player)
    if scope.start and scope.end and scope.end <= scope.start:
        typer.echo("error: --to: the period must end after it starts (--from)", err=True)
        raise typer.Exit(2)
    engine = connect(database)
    out = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
    try:
        for record in Export(engine, scope).records():
            out.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
    except LookupError as error:
        typer.echo(f"error: --player: {error.args[0]}", err=True)
        raise typer.Exit(2) from None
    finally:
        if output:
            out.close()
        engine.dispose()
