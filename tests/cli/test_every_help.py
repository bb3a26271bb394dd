"""Every command's ``--help`` prints its help (issue 26, finding 8: ``croupier serve --help``
crashed, its ``[/prefix]`` read as Rich markup)."""

from __future__ import annotations

from typing import Any

import typer
from typer.testing import CliRunner

from croupier.cli import app

runner = CliRunner()


def _paths(command: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    if hasattr(command, "list_commands"):  # a group (Typer's own click, or click's)
        context = command.context_class(command)
        for name in command.list_commands(context):  # lazily loaded groups too
            sub = command.get_command(context, name)
            assert sub is not None, name
            found += _paths(sub, (*path, name))
    return found


def test_every_command_prints_its_help() -> None:
    paths = _paths(typer.main.get_command(app))
    assert ("serve",) in paths and ("baccarat", "deal") in paths
    for path in paths:
        result = runner.invoke(app, [*path, "--help"], terminal_width=100)
        assert result.exit_code == 0, (path, result.output[-400:])
        assert "Usage" in result.output and "Traceback" not in result.output, path
    serve = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "240"})
    assert "nats://host:4222[/prefix]" in serve.output
