"""The cards a round's journal dealt (its ``card_dealt`` events), in the order dealt: where
``croupier verify`` reads what a round took from its shoe, for every game."""

from __future__ import annotations

from typing import Any


def dealt(journal: list[dict[str, Any]], command: str | None = None) -> list[dict[str, Any]]:
    """Each card's event data, in order; only those of ``command``'s entries, if given."""
    return [
        e["data"]
        for entry in journal
        if command is None or entry["command"] == command
        for e in entry["events"]
        if e["event"] == "card_dealt"
    ]


def dealt_cards(journal: list[dict[str, Any]], result: Any = None) -> list[str]:
    """The cards a round took from the shoe where its journal deals every one (baccarat's coup,
    stud's deck): those its journal dealt, in order."""
    return [d["card"] for d in dealt(journal)]
