"""``croupier operator``: the casino's staff accounts (issue 30; docs/operator.md). ``add`` creates
one with a role and a password (asked twice, hidden; or one line on standard input with
``--password-stdin``), kept as scrypt, never shown; the staff member then signs in at
``/operator``. ``list`` shows every staff account and its role."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from croupier.cli.export import DATABASES
from croupier.staff import ACCOUNT_ROLES, ROLE_DUTIES
from croupier.store import DEFAULT_URL

if TYPE_CHECKING:
    from croupier.store.players import Players

app = typer.Typer(help="The casino's staff accounts (supervisor, cashier, compliance, auditor).")
MIN_PASSWORD = 12  # a staff password: at least this many characters


def _fail(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _players(database: str) -> Players:
    from croupier.store.database import connect, migrate
    from croupier.store.ledger import Ledger
    from croupier.store.players import Players

    if not database.startswith(DATABASES):
        _fail(f"--database: {database!r} is not sqlite:///FILE or postgresql://...")
    engine = connect(database)
    migrate(engine)
    return Players(engine, Ledger(engine))


def _password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\n")
    return str(typer.prompt("password", hide_input=True, confirmation_prompt=True))


@app.command("add")
def add_command(
    name: str = typer.Argument(..., help="the staff member's sign-in name"),
    role: str = typer.Option(..., "--role", help=f"one of {', '.join(ACCOUNT_ROLES)}"),
    database: str = typer.Option(DEFAULT_URL, "--database", help="the casino's database URL"),
    password_stdin: bool = typer.Option(
        False, "--password-stdin", help="read the password from standard input's first line"
    ),
) -> None:
    """Create a staff account: a role and a password (at least 12 characters)."""
    from croupier.errors import RuleViolation
    from croupier.people import Player
    from croupier.server.defaults import default_node
    from croupier.store.audit_trail import Action, AuditTrail

    if role not in ACCOUNT_ROLES:
        _fail(f"--role: {role!r} is not one of {', '.join(ACCOUNT_ROLES)}")
    password = _password(password_stdin)
    if len(password) < MIN_PASSWORD:
        _fail(f"password: at least {MIN_PASSWORD} characters")
    players = _players(database)
    try:
        member, _token = players.create(name, role=role, password=password)
    except RuleViolation as refused:
        _fail(f"{refused.field}: {refused.message}")
        return
    console = Player(0, "(command line)", "operator", False)
    shown = {"name": member.name, "role": role, "duties": sorted(ROLE_DUTIES[role])}
    trail = AuditTrail(players.engine, default_node(), players.wall)
    trail.record(Action(console, "add staff", f"staff:{member.name}", None, None, shown))
    typer.echo(f"{member.name}: {role} ({', '.join(sorted(ROLE_DUTIES[role]))})")


@app.command("list")
def list_command(
    database: str = typer.Option(DEFAULT_URL, "--database", help="the casino's database URL"),
) -> None:
    """Every staff account and its role (``operator``: the server's own console credential)."""
    from croupier.store.staff_reads import staff

    for row in staff(_players(database).engine):
        note = f"  suspended: {row['suspended']}" if row["suspended"] else ""
        typer.echo(f"{row['name']}\t{row['role']}{note}")
