"""The ``croupier`` command line (Typer + Rich). Every command calls the public Python API."""

from __future__ import annotations

import typer

from croupier.cli import (
    analyze,
    baccarat,
    blackjack,
    compliance,
    monitor,
    rules,
    serve,
    simulate,
    stud,
)

app = typer.Typer(
    name="croupier",
    help="Casino table games exactly as their official regulations write them.",
    no_args_is_help=True,
    add_completion=False,
)
app.command("rules")(rules.rules_command)
app.add_typer(baccarat.app, name="baccarat")
app.add_typer(stud.app, name="stud")
app.add_typer(blackjack.app, name="blackjack")
app.add_typer(analyze.app, name="analyze")
app.add_typer(monitor.app, name="monitor")
app.add_typer(simulate.app, name="simulate")
app.command("serve")(serve.serve_command)
app.command("compliance")(compliance.compliance_command)


def main() -> None:
    app()
