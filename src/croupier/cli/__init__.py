"""The ``croupier`` command line (Typer + Rich). Every command calls the public Python API."""

from __future__ import annotations

import importlib

import typer

from croupier.cli import (
    analyze,
    certify,
    compliance,
    deal,
    export,
    language,
    monitor,
    mutate,
    operator,
    options,
    play,
    rng_test,
    rules,
    serve,
    shoe_sim,
    simulate,
    verify,
)
from croupier.errors import RuleViolation
from croupier.extras import missing_extra
from croupier.games.registry import GAMES

app = typer.Typer(
    name="croupier",
    help="Casino table games exactly as their official regulations write them.",
    no_args_is_help=True,
    add_completion=False,
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


app.command("rules")(rules.rules_command)
app.command("options")(options.options_command)
app.command("deal")(deal.deal_command)
app.command("play")(play.play_command)
for spec in GAMES.values():  # each game's commands, as its spec names them
    if spec.cli is not None:
        app.add_typer(importlib.import_module(spec.cli).app, name=spec.name)
app.add_typer(analyze.app, name="analyze")
app.add_typer(monitor.app, name="monitor")
app.add_typer(simulate.app, name="simulate")
app.command("serve")(serve.serve_command)
app.command("shoe-sim")(shoe_sim.shoe_sim_command)
app.command("compliance")(compliance.compliance_command)
app.command("mutate")(mutate.mutate_command)
app.command("rng-test")(rng_test.rng_test_command)
app.command("export")(export.export_command)
app.command("verify")(verify.verify_command)
app.command("certify")(certify.certify_command)
app.add_typer(operator.app, name="operator")


def main() -> None:
    try:
        app()
    except ModuleNotFoundError as error:  # an extra not installed: one line, not a traceback
        said = missing_extra(error)
        if said is None:
            raise
        typer.echo(f"error: {said}", err=True)
        raise SystemExit(2) from None
