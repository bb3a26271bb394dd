"""A client's reference makes a command idempotent (issue 16, finding 7: the same WebSocket bet,
sent twice with the same ``ref``, was staked twice).

The first command with a given (table, player, reference) runs; any later one with the same key
runs nothing and gets the first one's answer (once it has one), marked ``"repeated": true``. A
refusal is an answer too: to try again after a refusal, a client sends a new reference. The
answers are remembered for the last :data:`REMEMBERED` references of the server, oldest
forgotten first (a client resends within seconds: at 2,000 bets a second that is 25 s).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from croupier.errors import RuleViolation
from croupier.i18n.message import msg

REMEMBERED = 50_000
MAX_REF = 64  # characters of a text reference
_RULE = "a client's reference: a text of up to 64 characters or a whole number"

Key = tuple[int, str, str | int]


def checked_ref(ref: Any) -> str | int | None:
    """``ref`` if it can name a command, or a refusal naming the field."""
    if ref is None:
        return None
    if isinstance(ref, bool) or not isinstance(ref, str | int):
        raise RuleViolation(
            "ref", msg("{name}: not a text or a whole number", name=type(ref).__name__), _RULE
        )
    if isinstance(ref, str) and not 1 <= len(ref) <= MAX_REF:
        raise RuleViolation(
            "ref", msg("{ref} characters: 1 to {max_ref}", ref=len(ref), max_ref=MAX_REF), _RULE
        )
    if isinstance(ref, int) and not -(2**63) <= ref < 2**63:
        raise RuleViolation("ref", "beyond a 64-bit integer", _RULE)
    return ref


class Answers:
    """The answers of referenced commands, by (table, player, reference).

    Kept lean, as every referenced bet passes here: a finished answer is kept as its plain dict
    (str and int values only, which the cycle collector does not track: 100,000 futures kept
    alive would make every full collection walk them, the latency tail of issue 7), and a
    future is made only for a repeat that arrives while the first is still in flight."""

    def __init__(self, remembered: int = REMEMBERED) -> None:
        self.remembered = remembered
        self._done: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._waiting: dict[Key, list[asyncio.Future[dict[str, Any]]]] = {}

    async def once(self, key: Key, run: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        """``run()``'s answer the first time ``key`` is seen; that same answer after."""
        known = self._done.get(key)
        if known is not None:
            return {**known, "repeated": True}
        waiters = self._waiting.get(key)
        if waiters is not None:  # the first is in flight: wait for its answer
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            waiters.append(future)
            return {**(await future), "repeated": True}
        self._waiting[key] = []
        try:
            answer = await run()
        except BaseException as error:  # nothing was answered: the reference is free again
            for waiter in self._waiting.pop(key, []):
                if not waiter.done():
                    waiter.set_exception(error if isinstance(error, Exception) else RuntimeError())
            raise
        for waiter in self._waiting.pop(key, []):
            if not waiter.done():
                waiter.set_result(answer)
        self._done[key] = answer
        if len(self._done) > self.remembered:
            self._done.popitem(last=False)
        return answer
