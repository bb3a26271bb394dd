"""``croupier options GAME``: every option a ruleset of the game may set, from its declaration
(default, allowed values, article, source, help: :mod:`croupier.option_spec`)."""

from __future__ import annotations

import typer
from rich.table import Table

from croupier.cli.common import FORMAT_OPTION, Format, console, fail, print_json
from croupier.games.registry import GAMES


def options_command(
    game: str = typer.Argument(..., help="baccarat, stud or blackjack."),
    regulation: str = typer.Option(
        None, "--regulation", help="One of the game's regulations (default: its first)."
    ),
    fmt: Format = FORMAT_OPTION,
) -> None:
    """The options a ruleset of GAME may set: default, allowed values, article and source."""
    spec = GAMES.get(game)
    if spec is None:
        fail(f"game: {game!r} is not one of {', '.join(GAMES)}")
    chosen = regulation or spec.regulations[0]
    if chosen not in spec.options:
        fail(f"--regulation: {chosen!r} is not one of {', '.join(spec.options)}")
    declared = [o.describe() for o in spec.options[chosen].values()]
    if fmt is Format.json:
        print_json({"game": game, "regulation": chosen, "options": declared})
        return
    table = Table(title=f"{spec.title} options ({chosen})")
    for column in ("option", "default", "allowed", "article", "source", "help"):
        table.add_column(column, overflow="fold")
    for row in declared:
        table.add_row(*(str(row[c]) if row[c] is not None else "" for c in row))
    console.print(table)
