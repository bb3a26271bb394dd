"""A server running in a background thread of this process, on a free loopback port: what the
test suite, the screenshot command and the benchmarks' helpers start when they need a real
server to talk to over HTTP and WebSocket."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from croupier.server.app import create_app
from croupier.server.service import Casino
from croupier.server.transport import uvicorn_options


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class EmbeddedServer:
    def __init__(self, casino: Casino, port: int | None = None) -> None:
        self.casino = casino
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(casino),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            **uvicorn_options(),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)
