"""``croupier export`` and ``croupier verify`` from the command line (issue 28, items 2 and 3):
a database's record to a file, verified; each bad argument refused with its flag named and
nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app
from tests.server.conftest import stud_casino


@pytest.fixture(scope="module")
def casino(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A casino's SQLite database after two stud rounds (each deals from its own deck)."""
    database = f"sqlite:///{tmp_path_factory.mktemp('casino') / 'casino.db'}"
    stud_casino(database, 2)
    return database


def test_an_export_written_to_a_file_verifies(casino: str, tmp_path: Path) -> None:
    out = tmp_path / "day.jsonl"
    done = CliRunner().invoke(app, ["export", "--database", casino, "-o", str(out)])
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert records[0]["format"] == "croupier-export/1" and records[-1]["record"] == "end"
    settled = [r for r in records if r["record"] == "round" and r["status"] == "settled"]
    assert len(settled) == 2 and records[-1]["counts"]["shoe"] >= 2
    checked = CliRunner().invoke(app, ["verify", str(out), "--json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.output)["clean"] is True
    piped = CliRunner().invoke(app, ["verify", "-"], input=out.read_text())
    assert piped.exit_code == 0 and "clean" in piped.output
    own = CliRunner().invoke(app, ["export", "--database", casino, "--player", "ana"])
    assert own.exit_code == 0 and '"player":"ana"' in own.output


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--player", "nobody"], "--player: no player named 'nobody'"),
        (["--from", "yesterday"], "--from: 'yesterday' is not a date"),
        (["--from", "2026-11-28", "--to", "2026-11-27"], "--to: the period must end after"),
        (["--table", "0"], "--table"),
    ],
)
def test_a_bad_argument_is_refused_by_its_flag(
    casino: str, arguments: list[str], said: str
) -> None:
    done = CliRunner().invoke(app, ["export", "--database", casino, *arguments])
    assert done.exit_code == 2 and said in done.output


def test_no_database_and_no_export_are_said(tmp_path: Path) -> None:
    missing = CliRunner().invoke(app, ["export", "--database", f"sqlite:///{tmp_path / 'no.db'}"])
    assert missing.exit_code == 2 and "no database file" in missing.output
    assert not (tmp_path / "no.db").exists()  # nothing created by a look
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"record": "export", "format": "something/2"}) + "\n")
    refused = CliRunner().invoke(app, ["verify", str(other)])
    assert refused.exit_code == 2 and "croupier-export/1" in refused.output
    absent = CliRunner().invoke(app, ["verify", str(tmp_path / "absent.jsonl")])
    assert absent.exit_code == 2 and "cannot read" in absent.output
