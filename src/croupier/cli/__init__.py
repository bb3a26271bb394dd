"""The ``croupier`` command line (Typer + Rich). Every command calls the public Python API."""

from __future__ import annotations

import importlib
from typing import Any

import typer
import typer.main
from typer.core import TyperGroup

from croupier.cli import language
from croupier.errors import RuleViolation
from croupier.extras import missing_extra
from croupier.games.registry import GAMES

# Every command: its module, the attribute there and whether it is a group of commands (a Typer
# app) or one command (a function). A command's module is imported only when the command runs
# (or --help lists it): a command loads what it uses and nothing else (issue 32(3)).
COMMANDS: dict[str, tuple[str, str, bool]] = {
    "rules": ("croupier.cli.rules", "rules_command", False),
    "options": ("croupier.cli.options", "options_command", False),
    "deal": ("croupier.cli.deal", "deal_command", False),
    "play": ("croupier.cli.play", "play_command", False),
    **{spec.name: (spec.cli, "app", True) for spec in GAMES.values() if spec.cli is not None},
    "analyze": ("croupier.cli.analyze", "app", True),
    "monitor": ("croupier.cli.monitor", "app", True),
    "simulate": ("croupier.cli.simulate", "app", True),
    "serve": ("croupier.cli.serve", "serve_command", False),
    "shoe-sim": ("croupier.cli.shoe_sim", "shoe_sim_command", False),
    "compliance": ("croupier.cli.compliance", "compliance_command", False),
    "mutate": ("croupier.cli.mutate", "mutate_command", False),
    "rng-test": ("croupier.cli.rng_test", "rng_test_command", False),
    "export": ("croupier.cli.export", "export_command", False),
    "verify": ("croupier.cli.verify", "verify_command", False),
    "certify": ("croupier.cli.certify", "certify_command", False),
    "operator": ("croupier.cli.operator", "app", True),
}


class LazyCommands(TyperGroup):
    """The root command group, whose commands are imported when asked for."""

    # (typer carries its own copy of click: its Context and Command, annotated as Any here)
    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        module, attribute, group = COMMANDS[cmd_name]
        target: Any = getattr(importlib.import_module(module), attribute)
        if group:
            command: Any = typer.main.get_group(target)
        else:
            single = typer.Typer()
            single.command(cmd_name)(target)
            command = typer.main.get_command(single)
        command.name = cmd_name
        return command


app = typer.Typer(
    name="croupier",
    help="Casino table games exactly as their official regulations write them.",
    no_args_is_help=True,
    add_completion=False,
    cls=LazyCommands,
)


@app.callback()
def _language(
    lang: str | None = typer.Option(
        None,
        "--lang",
        help="the language of messages: pt-PT, zh-Hant or en (default: LC_ALL, LANG)",
    ),
) -> None:
    """Casino table games exactly as their official regulations write them."""
    try:
        language.choose(lang)
    except RuleViolation as error:
        typer.echo(f"error: --lang: {error.message}", err=True)
        raise typer.Exit(2) from None


def main() -> None:
    try:
        app()
    except ModuleNotFoundError as error:  # an extra not installed: one line, not a traceback
        said = missing_extra(error)
        if said is None:
            raise
        typer.echo(f"error: {said}", err=True)
        raise SystemExit(2) from None
