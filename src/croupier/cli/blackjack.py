"""``croupier blackjack deal``, ``hint``, ``strategy`` and ``play``."""

from __future__ import annotations

import typer

from croupier.cards import parse_card, parse_cards
from croupier.cli.blackjack_play import hand_text
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
from croupier.errors import CroupierError
from croupier.games.blackjack.report import (
    CODES,
    basic_strategy_player,
    deal_report,
    scripted_player,
)
from croupier.games.blackjack.rules import OPTION_SOURCES
from croupier.games.blackjack.strategy import BasicStrategy
from croupier.games.blackjack.values import VALUES
from croupier.rng import source_for
from croupier.shoe import StackedCards

app = typer.Typer(help="Macau Blackjack (2004, amended 2007).", no_args_is_help=True)
RULESET = typer.Option("macau-blackjack-2007", "--ruleset", "-r", help="Preset name or .toml file.")


@app.command("deal")
def deal(
    ruleset: str = RULESET,
    seed: int = SEED_OPTION,
    rounds: int = typer.Option(1, "--rounds", "-n", min=1),
    boxes: int = typer.Option(1, "--boxes", min=1, max=9, help="Boxes in play."),
    cards: str = typer.Option(
        None, "--cards", help="Stacked shoe, dealt from the top in the no-hole-card order."
    ),
    player: str = typer.Option("basic", "--player", help="basic (basic strategy) or script."),
    actions: str = typer.Option(
        "", "--actions", help="For --player script: decisions in order, e.g. 'H,S,D' (H S D P R)."
    ),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """Deal rounds played by a basic-strategy or scripted player."""
    loaded = load(ruleset, settings, "blackjack")
    rules = loaded.blackjack()
    if player not in ("basic", "script"):
        fail(f"--player: {player!r} must be basic or script")
    if boxes > rules.boxes:  # Macau blackjack art. 3: the table's boxes (table.boxes)
        fail(
            f"--boxes: {boxes} is more than the {rules.boxes} boxes of this ruleset's table "
            "(table.boxes)"
        )
    unknown = [a for a in actions.split(",") if a.strip() and a.strip().upper() not in CODES]
    if unknown:
        fail(
            f"--actions: {', '.join(repr(a.strip()) for a in unknown)}: not a decision; each "
            "must be H (hit), S (stand), D (double), P (split) or R (surrender)"
        )
    if actions.strip() and player != "script":
        fail("--actions: given with --player basic: add --player script")
    policy = (
        basic_strategy_player(rules) if player == "basic" else scripted_player(actions.split(","))
    )
    try:
        stacked = StackedCards(cards) if cards is not None else None
        report = deal_report(
            loaded.name,
            rules,
            rounds,
            boxes=boxes,
            policy=policy,
            source=None if stacked else source_for(seed),
            stacked=stacked,
        )
    except (CroupierError, ValueError) as exc:
        fail(f"--cards: {exc}" if cards is not None else str(exc))
    if fmt is Format.json:
        print_json(report)
        return
    console.print(f"[bold]{loaded.title}[/] ({loaded.name})")
    for r in report["rounds"]:
        console.print(f"[bold]Round {r['round']}[/]")
        d = r["dealer"]
        d_bust = " (bust)" if d["total"] > 21 else ""
        console.print(f"  dealer  {hand_text(parse_cards(d['cards']))}{d_bust}")
        for box in r["boxes"]:
            for h in box["hands"]:
                bust = " (bust)" if h["total"] > 21 else ""
                sign = "+" if h["net"] > 0 else ""
                console.print(
                    f"  box {box['box']}   {hand_text(parse_cards(h['cards']))}{bust}  "
                    f"{','.join(h['actions']) or '-'}  {h['result']} "
                    f"{sign}{rules.money.format(h['net'])}"
                )


@app.command("hint")
def hint(
    hand: str = typer.Argument(..., help="Your cards, e.g. 'AS,7D'."),
    dealer: str = typer.Option(..., "--dealer", "-d", help="The dealer's up card, e.g. '9H'."),
    ruleset: str = RULESET,
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """The basic-strategy decision for a hand against the dealer's up card, with each action's
    expected value (first decision: every option the ruleset allows)."""
    loaded = load(ruleset, settings, "blackjack")
    rules = loaded.blackjack()
    try:
        cards = [VALUES[c] for c in parse_cards(hand)]
    except (CroupierError, ValueError) as exc:
        fail(f"HAND: {exc}")
    try:
        up = VALUES[parse_card(dealer)]
    except (CroupierError, ValueError) as exc:
        fail(f"--dealer: {exc}")
    if len(cards) < 2:  # issue 18, item 9: a hand has two cards at least
        fail(f"HAND: {hand!r} is {len(cards)} card; a hand has two cards at least")
    legal = {"hit", "stand"}
    if len(cards) == 2:
        legal.add("double")
        if rules.surrender and up != 1:
            legal.add("surrender")
        if cards[0] == cards[1]:
            legal.add("split")
    if rules.double == "eleven_only" and sum(cards) != 11:
        legal.discard("double")
    advice = BasicStrategy(rules).advise(cards, up, legal)
    if fmt is Format.json:
        print_json(
            {
                "ruleset": loaded.name,
                "action": advice.action,
                "values": {k: round(v, 6) for k, v in advice.values.items()},
            }
        )
        return
    console.print(f"[bold]{advice.action}[/]")
    for action, value in sorted(advice.values.items(), key=lambda kv: -kv[1]):
        console.print(f"  {action:<10} {value:+.4f}")


@app.command("strategy")
def strategy(
    ruleset: str = RULESET,
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """The basic-strategy chart of a ruleset (computed, infinite deck)."""
    loaded = load(ruleset, settings, "blackjack")
    chart = BasicStrategy(loaded.blackjack()).chart()
    if fmt is Format.json:
        print_json({"ruleset": loaded.name, "chart": chart, "sources": OPTION_SOURCES})
        return
    ups = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1]
    console.print(f"[bold]{loaded.title}[/]: H hit, S stand, D double, P split, R surrender")
    console.print("       " + " ".join(("A" if u == 1 else str(u)).rjust(2) for u in ups))
    for section in ("hard", "soft", "pairs"):
        for name, row in chart[section].items():
            console.print(f"{name:>6} " + " ".join(row[u].rjust(2) for u in ups))


@app.command("play")
def play(
    ruleset: str = RULESET,
    bankroll: str = typer.Option("10000", "--bankroll", help="Starting balance (major units)."),
    seed: int = SEED_OPTION,
    settings: list[str] = SET_OPTION,
) -> None:
    """Play blackjack with one or several boxes, with a basic-strategy trainer."""
    play_game(ruleset, settings, bankroll, seed, "blackjack")
