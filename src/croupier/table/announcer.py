"""Who is told what a table says (PT 812/2015 rules 4, 5, 28)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Publish = Callable[[dict[str, Any], str | None], None]


class Announcer:
    """Tells a table's events to the hub: to one player, or to the table."""

    def __init__(self, send: Publish, mode: str, seated: Mapping[str, object]) -> None:
        self._send = send
        self.mode = mode  # a table's mode never changes (a new table is opened instead)
        self.seated = seated  # the table's seats, by player: read when telling an individual table

    def publish(self, event: dict[str, Any], to: str | None) -> None:
        """Tell ``event`` to player ``to``, or to the table. An individual table's round is its
        player's alone (PT 812/2015 rules 4, 28): what it tells the table goes to its seated
        player, and watchers learn only that its seat was taken or freed (issue 16, finding 6)."""
        if to is not None or self.mode != "individual":
            self._send(event, to)
        elif event.get("type") in ("seat_taken", "seat_free"):
            self._send({k: v for k, v in event.items() if k != "player"}, None)
        else:
            for name in list(self.seated):
                self._send(event, name)
