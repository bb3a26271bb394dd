"""JSON text, written fast: what the store writes for every bet (its journal's ``args`` and
``events``, the stakes document of a PostgreSQL write) and the table WebSocket's replies.

:func:`dumps` writes with ``orjson`` (compact, UTF-8), which takes about a tenth of the time of
``json.dumps`` for a bet's journal row (issue 32(4); docs/benchmarks-history.md), and falls back to
``json.dumps`` for what orjson refuses (an integer beyond 64 bits, a type it does not know), so
that nothing written before is refused now. Dictionary keys that are not texts are written as
texts, as ``json`` writes them. One difference remains: a float NaN or infinity is written as
``null`` (``json`` writes ``NaN``, which is not JSON and which PostgreSQL refuses); no amount is
a float (DESIGN.md, Money).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS


def dumps(value: Any) -> str:
    """``value`` as compact JSON text."""
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError: what it does not write, json may
        return json.dumps(value, separators=(",", ":"))
