"""``croupier rules``: the presets, with their regulation and citations."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from croupier.cli.common import FORMAT_OPTION, Format, console, load, print_json
from croupier.cli.render import limits_text
from croupier.errors import CroupierError
from croupier.games.registry import GAMES, table_information
from croupier.rulesets import load_ruleset, preset_names


def _detail(name: str) -> dict[str, Any]:
    ruleset = load_ruleset(name)
    rules = ruleset.rules
    info = ruleset.summary()
    info["options"] = ruleset.options
    info["offered_bets"] = list(rules.offered_bets)
    return info


def rules_command(
    name: str = typer.Argument(None, help="Show one preset (or .toml file) in full."),
    fmt: Format = FORMAT_OPTION,
) -> None:
    """List the ruleset presets with the regulation each one follows."""
    if name:
        ruleset = load(name, None)
        detail = _detail(name) if not name.endswith(".toml") else ruleset.summary()
        if fmt is Format.json:
            print_json(detail)
            return
        console.print(f"[bold]{ruleset.name}[/]: {ruleset.title}")
        console.print(f"  source: {ruleset.source}")
        console.print(f"  amendments: {', '.join(ruleset.amendments) or 'none'}")
        console.print(f"  bets offered: {', '.join(ruleset.rules.offered_bets)}")
        if ruleset.game in GAMES:  # each bet's limits as applied (PT rule 15 included)
            console.print(f"  limits: {limits_text(table_information(ruleset.rules))}")
        for section, values in ruleset.options.items():
            console.print(f"  \\[{section}]")  # a literal heading, not Rich markup
            for key, value in values.items():
                console.print(f"    {key} = {value!r}")
        return
    rows = []
    for preset in preset_names():
        try:
            rows.append(load_ruleset(preset).summary())
        except CroupierError as exc:  # a broken preset is a defect: show it, do not hide it
            rows.append({"name": preset, "error": str(exc)})
    if fmt is Format.json:
        print_json({"rulesets": rows})
        return
    table = Table(title="croupier rulesets")
    table.add_column("preset", style="bold", no_wrap=True)
    table.add_column("game", no_wrap=True)
    table.add_column("regulation", no_wrap=True)
    table.add_column("title / source")
    for row in rows:
        if "error" in row:
            table.add_row(row["name"], "", "", f"[red]{row['error']}[/]")
            continue
        table.add_row(
            row["name"], row["game"], row["regulation"], f"{row['title']}\n[dim]{row['source']}[/]"
        )
    console.print(table)
