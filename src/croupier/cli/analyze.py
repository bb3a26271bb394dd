"""``croupier analyze``: exact figures and PAR sheets."""

from __future__ import annotations

import enum
from typing import Any

import typer
from rich.table import Table

from croupier.cli.common import SET_OPTION, console, fail, load, plural, print_json
from croupier.errors import CroupierError

PAR_FORMAT = typer.Option("text", "--format", "-f", help="text, json or html.")

app = typer.Typer(help="Exact probabilities, house edges and PAR sheets.", no_args_is_help=True)


def render(report: dict[str, Any], summary: dict[str, Any]) -> str:
    """The self-contained HTML PAR sheet (the analysis extra's plotting stack, loaded here)."""
    from croupier.analysis.report_html import render as html

    return html(report, summary)


class ParFormat(enum.StrEnum):
    text = "text"
    json = "json"
    html = "html"


@app.command("baccarat")
def baccarat(
    ruleset: str = typer.Option("macau-2009", "--ruleset", "-r"),
    decks: int = typer.Option(
        None, "--decks", min=1, max=12, help="Decks in the shoe (default: the ruleset's)."
    ),
    remove: str = typer.Option(None, "--remove", help="Cards already out, e.g. '9S,3H,KD'."),
    pool: int = typer.Option(
        None, "--pool", min=0, help="Jackpot pool for the jackpot's return (default: its seed)."
    ),
    settings: list[str] = SET_OPTION,
    fmt: ParFormat = PAR_FORMAT,
) -> None:
    """Every baccarat bet's exact probability, house edge, return and standard deviation."""
    from croupier.analysis.baccarat_par import analyze as analyze_baccarat_shoe

    loaded = load(ruleset, settings, "baccarat")
    rules = loaded.baccarat()
    try:
        report = analyze_baccarat_shoe(loaded.name, rules, decks or rules.shoe.decks, remove, pool)
    except (CroupierError, ValueError) as exc:
        fail(str(exc))
    if fmt is ParFormat.json:
        print_json(report)
        return
    if fmt is ParFormat.html:
        summary = loaded.summary()
        summary["options"] = dict(loaded.options)
        typer.echo(render(report, summary))
        return
    console.print(
        f"[bold]{loaded.title}[/] ({loaded.name}): {plural(report['decks'], 'deck')}, "
        f"{report['cards']} cards, {report['combinations']:,} card sequences"
    )
    o = report["outcomes"]
    console.print(f"  Player {o['player']:.6f}   Banker {o['banker']:.6f}   Tie {o['tie']:.6f}")
    table = Table()
    for col in ("bet", "pays", "P(win)", "house edge", "return", "std dev"):
        table.add_column(col, justify="left" if col in ("bet", "pays") else "right")
    for b in report["bets"]:
        edge = "" if b["house_edge"] is None else f"{100 * b['house_edge']:.4f}%"
        std = "" if b["std_dev"] is None else f"{b['std_dev']:.4f}"
        table.add_row(
            b["bet"],
            b["pays"],
            f"{b['probability_win']:.8g}",
            edge,
            f"{100 * b['return']:.4f}%",
            std,
        )
    console.print(table)


@app.command("stud")
def stud(
    ruleset: str = typer.Option("macau-stud-2004", "--ruleset", "-r"),
    strategy: str = typer.Option(
        "optimal",
        "--strategy",
        help="optimal (your cards and the dealer's up card), own (your five cards only), "
        "pair, or ak.",
    ),
    order: str = typer.Option(
        "macau", "--order", help="macau (suits break ties, art. 8) or us (ties push)."
    ),
    pool: int = typer.Option(None, "--pool", min=0, help="Jackpot pool (default: its seed)."),
    settings: list[str] = SET_OPTION,
    fmt: ParFormat = PAR_FORMAT,
) -> None:
    """House edge per ante, element of risk, raise probability and the return table, exactly."""
    from croupier.analysis.stud_exact import OWN_CARD_STRATEGIES, analyze_stud, stud_jackpot

    loaded = load(ruleset, settings, "stud")
    rules = loaded.stud()
    if strategy not in ("optimal", *OWN_CARD_STRATEGIES):
        fail(f"--strategy: {strategy!r} must be optimal, own, pair or ak")
    if order not in ("macau", "us"):
        fail(f"--order: {order!r} must be macau or us")
    royal = rules.royal_flush_pays
    if strategy == "optimal":  # the player sees the dealer's up card (art. 7): Numba's walk
        from croupier.analysis.stud_upcard import analyze_upcard

        figures = analyze_upcard(royal, order)
    else:  # the counts on disk, no compiler
        figures = analyze_stud(royal, strategy, order)
    report = {"game": "stud", "ruleset": loaded.name, **figures}
    if rules.jackpot is not None:
        report["jackpot"] = stud_jackpot(rules.jackpot, pool)
    if fmt is ParFormat.json:
        print_json(report)
        return
    if fmt is ParFormat.html:
        rows = [
            {
                "bet": r["outcome"],
                "pays": f"{r['net']:+}",
                "probability_win": r["probability"],
                "house_edge": None,
                "return": r["probability"] * r["net"],
                "std_dev": None,
            }
            for r in report["return_table"]
        ]
        summary = loaded.summary()
        summary["options"] = dict(loaded.options)
        typer.echo(
            render(
                {
                    "ruleset": loaded.name,
                    "game": "stud",
                    "strategy": strategy,
                    "house_edge_ante": report["house_edge_ante"],
                    "element_of_risk": report["element_of_risk"],
                    "probability_raise": report["probability_raise"],
                    "bets": rows,
                },
                summary,
            )
        )
        return
    console.print(f"[bold]{loaded.title}[/] ({loaded.name}), strategy {strategy}, order {order}")
    console.print(
        f"  house edge per ante {100 * report['house_edge_ante']:.4f}%, element of "
        f"risk {100 * report['element_of_risk']:.4f}%, raise "
        f"{100 * report['probability_raise']:.2f}% of hands"
    )
    for r in report["return_table"]:
        console.print(f"  {r['outcome']:<34} {r['probability']:.8f}  net {r['net']:+}")
    if "jackpot" in report:
        j = report["jackpot"]
        console.print(
            f"  jackpot: return {100 * j['return']:.2f}% per ticket on a pool of {j['pool']}"
        )


@app.command("blackjack")
def blackjack(
    ruleset: str = typer.Option("macau-blackjack-2007", "--ruleset", "-r"),
    decks: int = typer.Option(
        None, "--decks", min=1, max=8, help="Decks in the shoe (default: the ruleset's)."
    ),
    remove: str = typer.Option(None, "--remove", help="Cards already out, e.g. '5S,5H,TD'."),
    settings: list[str] = SET_OPTION,
    fmt: ParFormat = PAR_FORMAT,
) -> None:
    """House edge of basic strategy and of the composition-dependent optimum, the chart and
    the any-pair bet, for a finite shoe."""
    from fractions import Fraction

    from croupier.analysis.blackjack_exact import analyze_blackjack

    loaded = load(ruleset, settings, "blackjack")
    rules = loaded.blackjack()
    try:
        from croupier.cards import parse_cards
        from croupier.games.blackjack.values import VALUES

        removed = [VALUES[c] for c in parse_cards(remove)] if remove else []
        report = {"ruleset": loaded.name, **analyze_blackjack(rules, decks, removed)}
    except (CroupierError, ValueError) as exc:
        fail(f"--remove: {exc}" if remove else f"analyze blackjack: {exc}")
    d = report["decks"]
    per_rank = 4 * d
    pair = Fraction(13 * per_rank * (per_rank - 1), 52 * d * (52 * d - 1))
    if rules.any_pair:
        edge = 1 - (rules.any_pair_pays + 1) * pair
        report["any_pair"] = {
            "probability_win": float(pair),
            "house_edge": float(edge),
            "pays": f"{rules.any_pair_pays}:1",
            "note": "first two cards; pairs formed after splits not counted",
        }
    if fmt is ParFormat.json:
        print_json(report)
        return
    if fmt is ParFormat.html:
        rows = [
            {
                "bet": name,
                "pays": "",
                "probability_win": 0.0,
                "house_edge": report[key],
                "return": 1 - report[key],
                "std_dev": None,
            }
            for name, key in (
                ("basic strategy", "house_edge"),
                ("composition-dependent", "house_edge_optimal"),
            )
        ]
        if "any_pair" in report:
            ap = report["any_pair"]
            rows.append(
                {
                    "bet": "any pair",
                    "pays": ap["pays"],
                    "probability_win": ap["probability_win"],
                    "house_edge": ap["house_edge"],
                    "return": 1 - ap["house_edge"],
                    "std_dev": None,
                }
            )
        summary = loaded.summary()
        summary["options"] = dict(loaded.options)
        typer.echo(
            render({"ruleset": loaded.name, "game": "blackjack", "decks": d, "bets": rows}, summary)
        )
        return
    console.print(f"[bold]{loaded.title}[/] ({loaded.name}), {plural(d, 'deck')}")
    console.print(f"  house edge, basic strategy:            {100 * report['house_edge']:.4f}%")
    console.print(
        f"  house edge, composition-dependent play: {100 * report['house_edge_optimal']:.4f}%"
    )
    if "any_pair" in report:
        console.print(
            f"  any pair {report['any_pair']['pays']}: house edge "
            f"{100 * report['any_pair']['house_edge']:.4f}%"
        )
