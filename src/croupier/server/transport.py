"""How the server's WebSockets are spoken: the uvicorn options ``croupier serve`` and the
embedded test server share (one declaration, so that the tests run the transport production
runs).

* ``ws="websockets-sansio"``: uvicorn's sans-I/O binding of the ``websockets`` protocol. A
  received frame is parsed in the socket's callback and handed to the connection's queue, and a
  message sent is written at once, where the older binding (``ws="websockets"``, deprecated by
  uvicorn) runs a task per connection that reads frames and awaits a drain per message sent: the
  bare echo of ``benchmarks/bench_server.py`` cost about 18% less CPU per message with it (issue
  32(4); docs/benchmarks-history.md).
* No per-message compression: the messages are small, and deflate costs the fan-out.
* A client's message is at most :data:`WS_MAX_SIZE` bytes (a bet is under 200): a larger one
  closes the connection (1009) before it is read.
"""

from __future__ import annotations

from typing import Any

WS_MAX_SIZE = 16 * 1024
WS_IMPLEMENTATION = "websockets-sansio"


def uvicorn_options() -> dict[str, Any]:
    """The ``uvicorn.Config`` keywords of the WebSocket transport."""
    return {
        "ws": WS_IMPLEMENTATION,
        "ws_per_message_deflate": False,
        "ws_max_size": WS_MAX_SIZE,
    }
