"""Helpers shared by the CLI commands: output format, ruleset loading, error exits."""

from __future__ import annotations

import enum
import json
import math
import sys
from typing import Any, NoReturn

import typer
from rich.console import Console

from croupier.errors import CroupierError
from croupier.rulesets import Ruleset, load_ruleset
from croupier.rulesets.loader import parse_override

#: piped output (not a terminal) is read by programs: it never wraps or truncates a value (a
#: SHA-256 commitment, a bet's name), so it is as wide as its longest line (issue 18, item 8)
_PIPED_WIDTH = 10_000
console = Console(
    highlight=False, width=None if sys.stdout.isatty() else _PIPED_WIDTH, soft_wrap=True
)
err_console = Console(stderr=True, highlight=False)


class Format(enum.StrEnum):
    text = "text"
    json = "json"


def fail(message: str, code: int = 2) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def load(name: str, settings: list[str] | None, game: str | None = None) -> Ruleset:
    """Load a ruleset with ``--set OPTION=VALUE`` overrides, exiting with the error's text;
    with ``game``, the ruleset must be one of that game's."""
    try:
        overrides = {}
        for text in settings or []:
            path, value = parse_override(text)
            overrides[".".join(path)] = value
        ruleset = load_ruleset(name, overrides)
    except CroupierError as exc:
        fail(str(exc))
    if game is not None and ruleset.game != game:
        fail(f"--ruleset: {ruleset.name!r} is a {ruleset.game} ruleset, not {game}")
    return ruleset


def finite(value: float | None) -> float | None:
    """A float option's callback: ``nan`` and infinities refused, naming the option (Click's
    ranges let ``nan`` through: every comparison with it is false)."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a finite number")
    return value


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


RULESET_OPTION = typer.Option(
    "macau-2009", "--ruleset", "-r", help="Preset name (see 'croupier rules') or a .toml file."
)
SET_OPTION = typer.Option(
    None,
    "--set",
    help="Override a ruleset option, e.g. --set bets.commission=banker6_half (repeatable).",
)
FORMAT_OPTION = typer.Option(Format.text, "--format", "-f", help="Output format.")
#: a reproducible shoe or deck; a negative seed is refused naming the option (issue 18)
SEED_OPTION = typer.Option(
    None, "--seed", min=0, help="Seed a reproducible shoe or deck (default: the OS CSPRNG)."
)


def bankroll(money: Any, text: str) -> int:
    """``--bankroll`` in major units, as minor units; exits with the field's error."""
    try:
        amount: int = money.parse(text, "--bankroll")
    except ValueError as exc:
        fail(str(exc))
    return amount


def plural(count: int, noun: str) -> str:
    """ "1 deck", "6 decks"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
