"""The part of ``croupier verify`` that shares the engines (docs/proof.md, "What verify
shares"): a round made again from its journal by its game's own replay, on the cards the shoe
dealt it. It checks what the independent checks do not write again: every decision's legality
(an illegal command is refused by the rules), the side bets, the jackpot's contributions and
prizes and every game's settlement, event by event against the journal."""

from __future__ import annotations

import json
from typing import Any

from croupier.errors import CroupierError
from croupier.games.protocol import Event, LogEntry
from croupier.shoe import StackedCards


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def replay(
    spec: Any,
    rules: Any,
    cards: list[int],
    journal: list[dict[str, Any]],
    number: int,
    pool: int | None,
) -> str | None:
    """What differs between the journal and the round the engine makes of it (None: nothing)."""
    if spec.replay is None:
        return None
    log = [
        LogEntry(
            e["command"], e["args"], tuple(Event(ev["event"], ev["data"]) for ev in e["events"])
        )
        for e in journal
    ]
    source = StackedCards(cards)
    try:
        made = spec.replay(rules, source, log, number, pool)
    except (CroupierError, ValueError, KeyError, TypeError, AssertionError, RuntimeError) as error:
        return f"the engine refuses the journal: {error}"
    for stored, again in zip(journal, made.log, strict=False):
        mine = _plain(
            {
                "command": again.command,
                "args": dict(again.args),
                "events": [{"event": e.kind, "data": dict(e.data)} for e in again.events],
            }
        )
        theirs = {k: stored[k] for k in ("command", "args", "events")}
        if mine != theirs:
            shown = json.dumps(mine["events"])[:300]
            return (
                f"journal entry {stored.get('seq')} ({stored['command']}): the rules give {shown}"
            )
    if len(made.log) != len(journal):
        return f"the journal has {len(journal)} entries; the rules make {len(made.log)}"
    return None
