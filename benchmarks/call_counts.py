"""The event loop's Python calls per bet, by where the called code lives (``bench_server.py
--calls``; the counts are written by ``counted_serve.py``)."""

from __future__ import annotations

import pstats
from collections import Counter
from typing import Any

#: where a function's file lies -> its part of a bet's way, first match wins
AREAS = (
    ("croupier/server/", "croupier's door and connections (server/)"),
    ("croupier/store/", "croupier's store (store/)"),
    ("croupier/", "croupier's table and rules (table/, games/, ...)"),
    ("uvicorn/", "the transport (uvicorn, websockets, Starlette, FastAPI)"),
    ("websockets/", "the transport (uvicorn, websockets, Starlette, FastAPI)"),
    ("starlette/", "the transport (uvicorn, websockets, Starlette, FastAPI)"),
    ("fastapi/", "the transport (uvicorn, websockets, Starlette, FastAPI)"),
    ("asyncio/", "asyncio (queues, locks, events)"),
)
BUILTIN = "built-in functions and methods (C)"
OTHER = "the rest of the standard library and other packages"


def area(filename: str) -> str:
    if filename == "~":
        return BUILTIN
    path = filename.replace("\\", "/")
    for marker, name in AREAS:
        if marker in path:
            return name
    return OTHER


def per_bet(path: str, bets: int, top: int = 12) -> dict[str, Any]:
    """The calls counted in ``path`` (pstats) per bet of ``bets``: in all, by area, and the
    functions called most."""
    stats: dict[Any, Any] = pstats.Stats(path).stats  # type: ignore[attr-defined]
    by_area: Counter[str] = Counter()
    by_function: Counter[str] = Counter()
    for (filename, line, name), (_primitive, calls, *_rest) in stats.items():
        by_area[area(filename)] += calls
        where = "" if filename == "~" else f"{filename.rsplit('site-packages/', 1)[-1]}:{line} "
        by_function[f"{where}{name}"] += calls
    bets = max(1, bets)
    return {
        "python_calls_per_ack": round(sum(by_area.values()) / bets, 1),
        "by_area": {k: round(v / bets, 1) for k, v in by_area.most_common()},
        "most_called": {k: round(v / bets, 2) for k, v in by_function.most_common(top)},
    }
