"""``croupier shoe-sim``: a card-reading shoe, simulated (issue 31; docs/live-table.md). It deals
a stacked or shuffled shoe to a live table over the device protocol, one card each time the
table says a card is due, as a real shoe sends each card the dealer draws; or, with
``--print N``, writes the first N card messages as JSON lines (a device's output, for a test or a
pipe). A table that asks for no card within ``--wait`` seconds ends it (exit 1), so it never
waits for ever."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import typer

from croupier.cards import card_text, new_decks, parse_cards
from croupier.cli.common import SEED_OPTION, console, fail, finite
from croupier.errors import InvalidCard
from croupier.rng import shuffle_in_place, source_for

TOKEN_VARIABLE = "CROUPIER_OPERATOR_TOKEN"


def _shoe(cards: str | None, decks: int, seed: int | None) -> list[int]:
    if cards is not None:
        try:
            return parse_cards(cards.replace(",", " ").split())
        except InvalidCard as error:
            fail(f"--cards: {error}")
    shoe = new_decks(decks)
    shuffle_in_place(shoe, source_for(seed))
    return shoe


def _messages(shoe: list[int], source: str) -> Iterator[dict[str, Any]]:
    for seq, card in enumerate(shoe, start=1):
        yield {"type": "card", "card": card_text(card), "to": None, "source": source, "seq": seq}


def shoe_sim_command(
    url: str = typer.Option(
        None, "--url", help="The server, e.g. http://127.0.0.1:8000 (its device WebSocket)."
    ),
    table: int = typer.Option(None, "--table", min=1, help="The live table's id."),
    token: str = typer.Option(
        None, "--token", help=f"An operator's token (default: ${TOKEN_VARIABLE})."
    ),
    cards: str = typer.Option(
        None, "--cards", help="A stacked shoe, dealt from the top, e.g. '2C 4C 5C 3S 2S'."
    ),
    decks: int = typer.Option(8, "--decks", min=1, max=12, help="A shuffled shoe's decks."),
    seed: int = SEED_OPTION,
    source: str = typer.Option("shoe-sim", "--source", help="The device's name (1-40)."),
    coups: int = typer.Option(1, "--coups", min=1, max=10_000, help="Rounds to deal, then stop."),
    wait: float = typer.Option(
        60.0,
        "--wait",
        min=0.1,
        max=3600,
        callback=finite,
        help="Seconds to wait for the table to ask.",
    ),
    print_cards: int = typer.Option(
        None, "--print", min=1, max=1_000, help="Only print the first N card messages."
    ),
) -> None:
    """Play a card-reading shoe at a live table (or print its messages)."""
    if not 1 <= len(source) <= 40:
        fail("--source: the device's name is 1 to 40 characters")
    messages = _messages(_shoe(cards, decks, seed), source)
    if print_cards is not None:
        for _, message in zip(range(print_cards), messages, strict=False):
            sys.stdout.write(json.dumps(message) + "\n")
        return
    if url is None or table is None:
        fail("--url and --table name the live table (or --print N to print the messages)")
    secret = token or os.environ.get(TOKEN_VARIABLE)
    if not secret:
        fail(f"--token (or ${TOKEN_VARIABLE}): a device connects with an operator's token")
    raise typer.Exit(_deal(url, table, secret, messages, coups, wait))


def _deal(
    url: str, table: int, token: str, messages: Iterator[dict[str, Any]], coups: int, wait: float
) -> int:
    """Send a card each time one is due, until ``coups`` rounds are settled; the exit code."""
    from websockets.sync.client import connect

    address = url.replace("http", "ws", 1).rstrip("/") + f"/tables/{table}/device"
    settled = 0
    with connect(
        address, additional_headers={"Authorization": f"Bearer {token}"}, open_timeout=10
    ) as ws:
        due: str | None = None
        while settled < coups:
            if due is not None:
                message = next(messages, None)
                if message is None:
                    console.print("the shoe is empty")
                    return 0
                ws.send(json.dumps(message))
                due = None
            try:
                event = json.loads(ws.recv(timeout=wait))
            except TimeoutError:
                console.print(f"[red]the table asked for no card in {wait:g} s[/]")
                return 1
            kind = event.get("type")
            if kind == "table":
                due = (event.get("live") or {}).get("next")
            elif kind == "cards_due":
                due = event.get("next")
            elif kind in ("taken", "remedied"):
                console.print(f"{event.get('seq')}: {event.get('card')} -> {event.get('to')}")
                if "settlement" in event:
                    settled += 1
                    result = event["settlement"].get("result") or {}
                    console.print(f"round {event.get('round')}: {result.get('winner', 'void')}")
                due = event.get("next") if "settlement" not in event else None
            elif kind in ("irregularity", "refused"):
                console.print(f"[red]{kind}: {event.get('message')} ({event.get('rule')})[/]")
                return 1
    return 0
