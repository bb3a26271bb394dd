"""How much one client may ask of the server (issue 16, finding 9: one client's flood of 150,000
WebSocket messages pushed an honest player's slowest acknowledgement to 2.4 s).

Token buckets, refilled continuously: each connection may send ``per_connection`` messages a
second (bursts of twice that), each player ``per_player`` a second over all their connections
and their REST bets and decisions, and hold ``connections_per_player`` connections at once. A
message over the limit is refused at once, before it is parsed or reaches a table, with a
message that says the limit; a connection that goes on sending past :data:`STRIKES` refusals in
a row is closed (code 4429), so a flood costs the server a few hundred messages, not 150,000.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from croupier.i18n.message import msg

STRIKES = 100  # refused messages in a row before the connection is closed
CLOSE_FLOODING = 4429
RULE = "rate limits (docs/security.md)"


@dataclass
class Bucket:
    rate: float  # tokens a second
    burst: float  # the most it holds
    tokens: float = -1.0
    at: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(frozen=True)
class RateLimits:
    """The server's limits (``croupier serve --messages-per-second``); 0 turns a limit off."""

    per_connection: float = 50.0
    per_player: float = 100.0
    connections_per_player: int = 8
    #: anonymous requests that make or cost something, per client address (issue 26, finding
    #: 6): demo players made (a minute) and messages to a table with no token (a second)
    demo_players_per_minute: float = 10.0
    anonymous_per_second: float = 20.0

    def connection(self) -> Bucket | None:
        return Bucket(self.per_connection, 2 * self.per_connection) if self.per_connection else None

    def refusal(self, scope: str) -> str:
        limit = self.per_connection if scope == "connection" else self.per_player
        return json.dumps(
            {
                "type": "refused",
                "ref": None,
                "field": "rate",
                "message": msg(
                    "too many messages: at most {limit} a second per {scope}; the connection "
                    "closes after {strikes} refusals in a row",
                    limit=format(limit, "g"),
                    scope=scope,
                    strikes=STRIKES,
                ),
                "rule": RULE,
            },
            separators=(",", ":"),
        )


class Rates:
    """The players' buckets and connection counts of one server."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self._players: dict[str, Bucket] = {}
        self._addresses: dict[tuple[str, str], Bucket] = {}
        self._connections: dict[str, int] = {}

    def player_allows(self, player: str, now: float | None = None) -> bool:
        """Take one of ``player``'s tokens; False when they are spent."""
        rate = self.limits.per_player
        return not rate or _take(self._players, player, rate, 2 * rate, now)

    def address_allows(self, scope: str, address: str, now: float | None = None) -> bool:
        """Take one of ``address``'s tokens for ``scope`` ("demo": a demo player made,
        "anonymous": a message with no token); False when they are spent."""
        limits = self.limits
        demo = scope == "demo"
        rate = limits.demo_players_per_minute / 60 if demo else limits.anonymous_per_second
        burst = limits.demo_players_per_minute if demo else 2 * rate
        return not rate or _take(self._addresses, (scope, address), rate, burst, now)

    def connect(self, player: str) -> bool:
        """Count one more connection of ``player``; False (counting nothing) when they hold
        ``connections_per_player`` already."""
        held = self._connections.get(player, 0)
        if self.limits.connections_per_player and held >= self.limits.connections_per_player:
            return False
        self._connections[player] = held + 1
        return True

    def disconnect(self, player: str) -> None:
        held = self._connections.get(player, 0) - 1
        if held > 0:
            self._connections[player] = held
        else:
            self._connections.pop(player, None)


def _take(
    buckets: dict[Any, Bucket], key: Any, rate: float, burst: float, now: float | None
) -> bool:
    """Take one of ``key``'s tokens from its bucket (made full on first use)."""
    bucket = buckets.get(key)
    if bucket is None:
        if len(buckets) > 100_000:
            buckets.clear()  # full buckets only are forgotten this way, in effect
        bucket = buckets[key] = Bucket(rate, burst)
    return bucket.take(time.monotonic() if now is None else now)
