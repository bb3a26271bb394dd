"""``croupier operator add NAME --role ROLE`` (issue 30, item 1): a staff account stored with its
password hashed (scrypt, never the password), which then signs in with it and holds its role's
duties; each bad argument refused with its flag named and nothing written."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import select
from typer.testing import CliRunner

from croupier.cli import app
from croupier.store.database import connect
from croupier.store.ledger import Ledger
from croupier.store.players import Players
from croupier.store.schema import players

PASSWORD = "correct horse battery"


def test_a_staff_account_added_signs_in_with_its_password(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'casino.db'}"
    added = CliRunner().invoke(
        app,
        ["operator", "add", "sam", "--role", "supervisor", "--database", database,
         "--password-stdin"],
        input=PASSWORD + "\n",
    )  # fmt: skip
    assert added.exit_code == 0, added.output
    assert "sam: supervisor" in added.output
    engine = connect(database)
    with engine.connect() as connection:
        row = connection.execute(select(players).where(players.c.name == "sam")).one()
    assert row.role == "supervisor" and row.password_hash.startswith("scrypt$")
    assert PASSWORD not in row.password_hash
    signed = Players(engine, Ledger(engine)).login("sam", PASSWORD)
    assert signed is not None and signed[0].holds("tables") and not signed[0].holds("cash")
    listed = CliRunner().invoke(app, ["operator", "list", "--database", database])
    assert "sam\tsupervisor" in listed.output


def test_bad_arguments_are_refused_and_write_nothing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'casino.db'}"
    runs = {
        "--role": ["operator", "add", "sam", "--role", "king", "--database", database],
        "password": ["operator", "add", "sam", "--role", "cashier", "--database", database],
    }
    inputs = {"--role": PASSWORD, "password": "short"}
    for flag, args in runs.items():
        done = CliRunner().invoke(app, [*args, "--password-stdin"], input=inputs[flag] + "\n")
        assert done.exit_code == 2 and flag in done.output, done.output
    # the server's own console credential is not an account role
    own = CliRunner().invoke(
        app, ["operator", "add", "x", "--role", "operator", "--database", database,
              "--password-stdin"], input=PASSWORD + "\n",
    )  # fmt: skip
    assert own.exit_code == 2
    twice = ["operator", "add", "sam", "--role", "cashier", "--database", database,
             "--password-stdin"]  # fmt: skip
    assert CliRunner().invoke(app, twice, input=PASSWORD + "\n").exit_code == 0
    again = CliRunner().invoke(app, twice, input=PASSWORD + "\n")
    assert again.exit_code == 2 and "already taken" in again.output
