"""``croupier deal``: rounds of any game, driven by its spec alone (issue 27(1)): each round a
notional player stakes the minimum on the game's first main bet, the cards are dealt, every
decision the game asks after the deal takes its default, and the round settles; what each
round dealt (its ``result``) and how the stake settled are printed. A game with commands of
its own (``croupier baccarat deal``...) shows more; this one plays every registered game,
one written outside croupier's packages included."""

from __future__ import annotations

from typing import Any

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
from croupier.errors import CroupierError
from croupier.games.autoplay import play_out
from croupier.games.registry import table_game, table_information
from croupier.rng import source_for
from croupier.shoe import StackedCards

PLAYER = "player"  # the notional player whose stake shows how a bet settles


def deal_command(
    ruleset: str = typer.Option(
        ..., "--ruleset", "-r", help="Preset name (see 'croupier rules') or a .toml file."
    ),
    rounds: int = typer.Option(3, "--rounds", "-n", min=1, max=10_000, help="Rounds to deal."),
    seed: int = SEED_OPTION,
    cards: str = typer.Option(
        None, "--cards", help="Stacked cards, dealt in order from the top, e.g. '9S,3H'."
    ),
    settings: list[str] = SET_OPTION,
    fmt: Format = FORMAT_OPTION,
) -> None:
    """Deal rounds of any game: the cards, the result, and a minimum stake's settlement."""
    loaded = load(ruleset, settings)
    info = table_information(loaded.rules)
    main = next((b for b in info["bets"] if b.get("area") == "main"), info["bets"][0])
    stake = main["minimum"] or info["minimum_bet"]
    try:
        stacked = StackedCards(cards) if cards is not None else None
        game = table_game(loaded.rules, source_for(seed), cards=stacked)
        played = [_round(game, main["kind"], stake) for _ in range(rounds)]
    except (CroupierError, ValueError) as exc:
        fail(f"--cards: {exc}" if cards is not None else str(exc))
    report = {"ruleset": loaded.name, "game": loaded.game, "rounds": played}
    if fmt is Format.json:
        print_json(report)
        return
    console.print(f"[bold]{loaded.title or loaded.name}[/] ({info['game_title']})")
    for record in played:
        shown = ", ".join(f"{k} {_text(v)}" for k, v in record["result"].items())
        bets = "; ".join(
            f"{b['kind']} {b['stake']}: {b['outcome']}, paid {b['payout']}" for b in record["bets"]
        )
        console.print(f"Round {record['round']}: {shown}")
        console.print(f"  {bets}")


def _text(value: Any) -> str:
    return " ".join(map(str, value)) if isinstance(value, list) else str(value)


def _round(game: Any, kind: str, stake: int) -> dict[str, Any]:
    rnd = game.start_round()
    rnd.place_bet(PLAYER, kind, stake)
    play_out(rnd)
    settlement = game.finish_round()
    return {
        "round": rnd.number,
        "result": rnd.result(),
        "bets": [
            {"kind": b.kind, "stake": b.stake, "outcome": b.outcome, "payout": b.payout}
            for b in settlement.bets
        ],
    }
