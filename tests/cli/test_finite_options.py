"""Every float option of the command line refuses ``nan`` and infinities by name (Click's ranges
let ``nan`` through, every comparison with it being false; the Typer versions that validated
through pydantic refused it, the ones this project pins, for their start-up, do not)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli import app


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["simulate", "baccarat", "--rounds", "100", "--session", "10"], "--bankroll"),
        (["shoe-sim", "--print", "1"], "--wait"),
        (["serve", "--no-demo"], "--messages-per-second"),
        (["serve", "--no-demo"], "--group-commit-ms"),
    ],
)
def test_a_float_option_that_is_no_finite_number_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], option: str, value: str
) -> None:
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, [*command, option, value])
    assert done.exit_code == 2, done.output
    assert option in done.output and ("finite" in done.output or "range" in done.output)
    assert not list(tmp_path.iterdir())  # refused before anything was written
