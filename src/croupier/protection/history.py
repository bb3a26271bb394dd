"""A player's protection history (issue 29, item 9): every limit set, every exclusion and every
early end asked, in the order they happened, with who set it, when and when it took effect; as
the player reads it in their statement and the operator exports it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from croupier.protection.exclusion import Exclusion, utc_text
from croupier.protection.limits import LimitChange

REALITY = "reality_check"  # the player's reality check interval, kept with their limits


def history(
    changes: Iterable[LimitChange], exclusions: Iterable[Exclusion]
) -> list[dict[str, Any]]:
    """The events, the oldest first: ``limit`` (a limit or the reality check's interval set;
    ``amount`` None: removed), ``exclusion`` (begun), ``exclusion_end_asked``."""
    events: list[tuple[float, int, dict[str, Any]]] = []
    for n, change in enumerate(changes):
        events.append((change.set_at, n, {
            "at": utc_text(change.set_at),
            "event": "reality_check" if change.kind == REALITY else "limit",
            "kind": change.kind,
            "amount": change.amount,
            "effective_at": utc_text(change.effective_at),
            "by": "operator" if change.by_operator else "player",
            "set_by": change.set_by,
        }))  # fmt: skip
    for exclusion in exclusions:
        shown = exclusion.shown()
        events.append((exclusion.starts_at, 0, {"at": shown["starts_at"], "event": "exclusion",
                                               **shown}))  # fmt: skip
        if exclusion.end_asked_at is not None:
            events.append((exclusion.end_asked_at, 0, {
                "at": utc_text(exclusion.end_asked_at),
                "event": "exclusion_end_asked",
                "id": exclusion.id,
                "ends_at": shown["ends_at"],
            }))  # fmt: skip
    return [event for _at, _n, event in sorted(events, key=lambda e: (e[0], e[1]))]
