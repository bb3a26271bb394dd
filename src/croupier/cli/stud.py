"""``croupier stud deal`` and ``croupier stud play``."""

from __future__ import annotations

import typer

from croupier.cli.common import (
    FORMAT_OPTION,
    SEED_OPTION,
    SET_OPTION,
    Format,
    console,
    fail,
    load,
    print_json,
)
from croupier.cli.play import play_game
from croupier.cli.render import card_markup
from croupier.errors import CroupierError
from croupier.games.stud.report import deal_report
from croupier.rng import source_for
from croupier.shoe import StackedCards

app = typer.Typer(help="Macau Stud Poker (Caribbean Stud, 2004).", no_args_is_help=True)
RULESET = typer.Option("macau-stud-2004", "--ruleset", "-r", help="Preset name or .toml file.")


@app.command("deal")
def deal(
    ruleset: str = RULESET,
    seed: int = SEED_OPTION,
    hands: int = typer.Option(1, "--hands", min=1, max=7, help="Player hands (art. 2(1))."),
    rounds: int = typer.Option(1, "--rounds", "-n", min=1, help="Rounds to deal."),
    cards: str = typer.Option(
        None, "--cards", help="Stacked deck, dealt one card at a time as art. 7(1) says."
    ),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """Deal stud hands: each hand's cards and category, the dealer's, and who beats whom."""
    loaded = load(ruleset, settings, "stud")
    try:
        stacked = StackedCards(cards) if cards is not None else None
        report = deal_report(
            loaded.name,
            loaded.stud(),
            hands,
            rounds,
            source=None if stacked else source_for(seed),
            stacked=stacked,
        )
    except (CroupierError, ValueError) as exc:
        fail(f"--cards: {exc}" if cards is not None else str(exc))
    if not report["rounds"]:  # issue 18, item 9: it dealt nothing and exited 0
        fail("--cards: no complete round can be dealt from these cards")
    if fmt is Format.json:
        print_json(report)
        return
    from croupier.cards import parse_card

    console.print(f"[bold]{loaded.title}[/] ({loaded.name})")
    for r in report["rounds"]:
        d = r["dealer"]
        qual = "qualifies" if d["qualifies"] else "does not qualify"
        console.print(f"[bold]Round {r['round']}[/]")
        console.print(
            f"  dealer  {' '.join(card_markup(parse_card(x)) for x in d['cards'])}  "
            f"{d['category']}, {qual}"
        )
        for h in r["hands"]:
            verdict = "beats the dealer" if h["beats_dealer"] else "loses to the dealer"
            console.print(
                f"  seat {h['seat']}  "
                f"{' '.join(card_markup(parse_card(x)) for x in h['cards'])}  "
                f"{h['category']}, {verdict}"
            )


@app.command("play")
def play(
    ruleset: str = RULESET,
    bankroll: str = typer.Option("10000", "--bankroll", help="Starting balance (major units)."),
    seed: int = SEED_OPTION,
    settings: list[str] = SET_OPTION,
) -> None:
    """Play stud poker against the dealer in the terminal."""
    play_game(ruleset, settings, bankroll, seed, "stud")
