"""Which web pages may open a table's WebSocket (issue 16, finding 10: no Origin check).

A browser sends the page's ``Origin`` with a WebSocket handshake, and it would send the
player's credentials from any page that asked: a hostile page could play on a visitor's
session. A handshake is accepted when its origin is the server's own (same scheme-less host and
port as the ``Host`` it was sent to) or one the operator allowed (``croupier serve
--allow-origin https://casino.example``); a client that is not a browser sends no origin and is
judged by its token alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit


class Origins:
    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = {origin.rstrip("/").lower() for origin in allowed}

    def allows(self, origin: str | None, host: str | None) -> bool:
        if origin is None:
            return True  # not a browser
        origin = origin.rstrip("/").lower()
        if origin in self.allowed:
            return True
        if origin == "null" or host is None:
            return False
        return urlsplit(origin).netloc == host.lower()
