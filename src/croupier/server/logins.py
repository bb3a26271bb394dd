"""The door of ``POST /login`` (issue 26, findings 3 and 4).

* **Its own workers.** Checking a password runs scrypt (about 33 ms of CPU, on purpose). It runs
  on :data:`WORKERS` thread(s) of its own, never in the pool that token look-ups, ``/me``, recall
  and the tables' reads share, and at most :data:`WAITING` logins wait for them: beyond that a
  login is refused at once (429) and an honest player's commands never queue behind a flood.
* **A budget of failures.** Per name and per client address, a few failed logins in a window
  (:data:`PER_NAME`, :data:`PER_ADDRESS` a minute); past it every login of that name or address
  is refused with 429 and ``Retry-After`` until a back-off passes, the back-off doubling each
  time the budget is spent again (up to an hour). A success clears its name's count.
* **A door before the body is read.** At most :data:`LOGINS_PER_SECOND` logins a second are
  let in (bursts of twice that), and none from a locked-out address: the rest are answered 429
  by :class:`LoginDoor` before FastAPI parses anything, each answer held back a second
  (:data:`REFUSAL_DELAY`), so that a client logging in as fast as it is answered slows to one
  try a second and a flood costs the server as little as an answer can.
* **The same work for every failure.** An unknown name runs scrypt against a stand-in hash, so
  that a wrong password and an unknown name take the same time: the answer's delay does not
  say who exists.

Behind a proxy the client's address is the one the proxy forwards (uvicorn honours
``X-Forwarded-For`` from the addresses it trusts; deploy/haproxy.cfg sets ``option
forwardfor``).
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from croupier.server.asgi import ASGIApp, Receive, Scope, Send, send_json
from croupier.server.rates import Bucket

T = TypeVar("T")

WORKERS = 1
LOGINS_PER_SECOND = 5.0
REFUSAL_DELAY = 1.0  # seconds a refusal at the door is held back before it is answered
MAX_HELD = 2_000  # refusals held back at once; beyond, answered at once
WAITING = 16
WINDOW = 60.0
PER_NAME = 5
PER_ADDRESS = 20
FIRST_BACKOFF = 60.0
MAX_BACKOFF = 3600.0
#: keys remembered at most (failures of forgotten keys are lost, never wrongly kept)
MAX_KEYS = 100_000


class LoginRefused(Exception):
    """A login refused before its password is checked: too many failures, or too many waiting."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = retry_after


@dataclass
class _Budget:
    failures: deque[float] = field(default_factory=deque)
    locked_until: float = 0.0
    backoff: float = FIRST_BACKOFF


class LoginGate:
    """One server's login budgets and password workers."""

    def __init__(
        self,
        *,
        per_name: int = PER_NAME,
        per_address: int = PER_ADDRESS,
        window: float = WINDOW,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = {"name": per_name, "address": per_address}
        self.window = window
        self.clock = clock
        self._budgets: dict[tuple[str, str], _Budget] = {}
        self._workers = ThreadPoolExecutor(WORKERS, thread_name_prefix="croupier-login")
        self._waiting = 0
        self.refusal_delay = REFUSAL_DELAY
        self._held = 0
        self._door = Bucket(LOGINS_PER_SECOND, 2 * LOGINS_PER_SECOND, at=clock())

    def admit(self, address: str) -> None:
        """Raise :class:`LoginRefused` for a login from a locked-out ``address``, or beyond the
        logins a second the server lets in."""
        self._locked("address", address, self.clock())
        if not self._door.take(self.clock()):
            raise LoginRefused("too many logins at once: try again in a second", 1)

    async def hold_back(self) -> None:
        """Wait :data:`REFUSAL_DELAY` before a refusal at the door is answered (at most
        :data:`MAX_HELD` at once): a client that logs in as fast as it is answered is slowed
        to a few tries a second, and its flood stops costing the server its CPU."""
        if self._held >= MAX_HELD or not self.refusal_delay:
            return
        self._held += 1
        try:
            await asyncio.sleep(self.refusal_delay)
        finally:
            self._held -= 1

    def check(self, name: str, address: str) -> None:
        """Raise :class:`LoginRefused` while ``name`` or ``address`` is locked out."""
        now = self.clock()
        for scope, key in (("name", name), ("address", address)):
            self._locked(scope, key, now)

    def _locked(self, scope: str, key: str, now: float) -> None:
        budget = self._budgets.get((scope, key))
        if budget is not None and budget.locked_until > now:
            wait = math.ceil(budget.locked_until - now)
            raise LoginRefused(
                f"too many failed logins for this {scope}: try again in {wait} s", wait
            )

    def failed(self, name: str, address: str) -> None:
        """Count a failure against ``name`` and ``address``; lock out a spent budget."""
        now = self.clock()
        if len(self._budgets) > MAX_KEYS:
            self._budgets = {k: b for k, b in self._budgets.items() if b.locked_until > now}
        for scope, key in (("name", name), ("address", address)):
            budget = self._budgets.setdefault((scope, key), _Budget())
            while budget.failures and budget.failures[0] <= now - self.window:
                budget.failures.popleft()
            budget.failures.append(now)
            if len(budget.failures) >= self.limits[scope]:
                budget.locked_until = now + budget.backoff
                budget.backoff = min(2 * budget.backoff, MAX_BACKOFF)
                budget.failures.clear()

    def succeeded(self, name: str) -> None:
        self._budgets.pop(("name", name), None)

    async def run(self, work: Callable[[], T]) -> T:
        """``work`` (a password check) on the login workers; refused when too many wait."""
        if self._waiting >= WAITING:
            raise LoginRefused("the server is busy with logins: try again in a second", 1)
        self._waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._workers, work)
        finally:
            self._waiting -= 1

    def close(self) -> None:
        self._workers.shutdown(wait=False, cancel_futures=True)


class LoginDoor:
    """ASGI middleware: ``POST /login`` let in by :meth:`LoginGate.admit`, or answered 429 with
    ``Retry-After`` before its body is read."""

    def __init__(self, app: ASGIApp, gate: LoginGate) -> None:
        self.app = app
        self.gate = gate

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST" and scope["path"] == "/login":
            client = scope.get("client")
            try:
                self.gate.admit(client[0] if client else "")
            except LoginRefused as refused:
                await self.gate.hold_back()
                await _too_many(send, refused)
                return
        await self.app(scope, receive, send)


async def _too_many(send: Send, refused: LoginRefused) -> None:
    body = json.dumps(
        {"detail": {"field": "login", "message": refused.message, "rule": "logins"}}
    ).encode()
    await send_json(send, 429, body, [(b"retry-after", str(refused.retry_after).encode())])
