"""``croupier baccarat deal`` and ``croupier baccarat play``."""

from __future__ import annotations

import typer

from croupier.cards import card_text
from croupier.cli.common import (
    FORMAT_OPTION,
    RULESET_OPTION,
    SEED_OPTION,
    SET_OPTION,
    Format,
    console,
    fail,
    load,
    print_json,
)
from croupier.cli.play import play_game
from croupier.cli.render import coup_lines
from croupier.errors import CroupierError
from croupier.games.baccarat.coup import Coup
from croupier.games.baccarat.report import deal_report
from croupier.rng import source_for
from croupier.shoe import StackedCards

app = typer.Typer(help="Baccarat (Macau 2004/2009, Portuguese online 2015).", no_args_is_help=True)


@app.command("deal")
def deal(
    ruleset: str = RULESET_OPTION,
    seed: int = SEED_OPTION,
    rounds: int = typer.Option(10, "--rounds", "-n", min=1, help="Rounds to deal."),
    cards: str = typer.Option(
        None,
        "--cards",
        help="Stacked shoe: cards dealt in order from the top, e.g. '9S,3H,KD,5C'. No burn.",
    ),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """Deal rounds with no bets: cards in dealing order, totals, winner and side-bet results."""
    loaded = load(ruleset, settings, "baccarat")
    try:
        stacked = StackedCards(cards) if cards is not None else None
        report = deal_report(
            loaded.name,
            loaded.baccarat(),
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
    console.print(f"[bold]{loaded.title}[/] ({loaded.name})")
    shoes = {s["shoe"]: s for s in report["shoes"]}
    shown = set()
    for record in report["rounds"]:
        shoe = shoes.get(record["shoe"])
        if shoe and record["shoe"] not in shown:
            shown.add(record["shoe"])
            burned = ", ".join(shoe["burned"]) or "none"
            console.print(
                f"[dim]shoe {shoe['shoe']}: commitment sha256 {shoe['commitment']}; "
                f"burned: {burned}[/]"
            )
            for demo in shoe["demonstration_hands"]:
                console.print(
                    f"[dim]  demonstration hand: Player {' '.join(demo['player_cards'])} "
                    f"({demo['player_total']}), Banker {' '.join(demo['banker_cards'])} "
                    f"({demo['banker_total']})[/]"
                )
        coup = Coup(tuple(_codes(record["player_cards"])), tuple(_codes(record["banker_cards"])))
        console.print(f"[bold]Round {record['round']}[/]")
        for line in coup_lines(coup):
            console.print(line)
        if record["jackpot"]:
            for modality, combination in record["jackpot"].items():
                console.print(f"  jackpot {modality}: {combination or '-'}")


def _codes(texts: list[str]) -> list[int]:
    from croupier.cards import parse_card

    codes = [parse_card(t) for t in texts]
    assert [card_text(c) for c in codes] == texts
    return codes


@app.command("play")
def play(
    ruleset: str = RULESET_OPTION,
    bankroll: str = typer.Option("10000", "--bankroll", help="Starting balance (major units)."),
    seed: int = SEED_OPTION,
    settings: list[str] = SET_OPTION,
) -> None:
    """Play baccarat against the house in the terminal."""
    play_game(ruleset, settings, bankroll, seed, "baccarat")
