"""``croupier monitor baccarat``: the shoe monitor."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from croupier.cli.common import FORMAT_OPTION, SET_OPTION, Format, console, fail, load, print_json
from croupier.errors import CroupierError
from croupier.rng import source_for

app = typer.Typer(
    help="Follow a shoe and flag bets that turn positive for the player.", no_args_is_help=True
)


@app.command("baccarat")
def baccarat(
    ruleset: str = typer.Option("macau-2009", "--ruleset", "-r"),
    input_path: str = typer.Option(
        None,
        "--input",
        "-i",
        help="A file of the cards as dealt "
        "('-' for standard input); 'burn ...' lines for burned cards.",
    ),
    seed: int = typer.Option(
        None, "--seed", min=0, help="Follow a simulated shoe dealt with this seed."
    ),
    decks: int = typer.Option(None, "--decks", min=1, max=12),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """After every round, each bet's exact expected value for the next round; a summary at the
    end of the shoe."""
    from croupier.analysis.monitor import ShoeMonitor, parse_stream

    loaded = load(ruleset, settings, "baccarat")
    monitor = ShoeMonitor(loaded.baccarat(), decks)
    try:
        if input_path is not None:
            lines = sys.stdin if input_path == "-" else Path(input_path).read_text().splitlines()
            records = monitor.feed(parse_stream(lines))
        else:
            records = monitor.simulate(source_for(seed))
        for record in records:
            if fmt is Format.text:
                flags = ", ".join(record["positive"]) or "-"
                values = "  ".join(f"{b} {v:+.4f}" for b, v in record["expected_values"].items())
                colour = "bold red" if record["positive"] else "dim"
                console.print(
                    f"round {record['round']:>3} ({record['cards_left_before']} cards): "
                    f"{record['winner']:<6} [{colour}]positive: {flags}[/]  "
                    f"[dim]{values}[/]"
                )
    except OSError as exc:
        fail(f"--input: cannot read {input_path}: {exc.strerror or exc}")
    except (CroupierError, ValueError) as exc:
        fail(f"--input: {exc}" if input_path is not None else str(exc))
    summary = monitor.report.summary()
    left = monitor.incomplete  # issue 18, item 9: an unfinished round printed nothing
    if fmt is Format.json:
        print_json(
            {
                "ruleset": loaded.name,
                "rounds": monitor.report.rounds,
                "summary": summary,
                "incomplete_round": left,
            }
        )
        return
    if left:
        console.print(
            f"[yellow]{len(left)} card(s) after the last complete round ({' '.join(left)}): "
            "an incomplete round, not counted[/]"
        )
    console.print(
        "[bold]End of shoe[/]: rounds where each bet was positive for the player, and "
        "the result of one unit bet only then"
    )
    for bet, s in summary.items():
        console.print(
            f"  {bet:<12} {s['positive_rounds']:>4} rounds   "
            f"{s['won_betting_only_then']:+.2f} units"
        )
