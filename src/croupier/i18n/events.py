"""Messages on the wire in every language (issue 29, item 2).

An event a table tells (an announcement, an inactivity warning, a void round's reason) carries
beside each text it holds a stable key and parameters, ``"i18n": {field: {"key", "params"}}``
(:func:`keyed`, where the hub serializes it); a refusal carries ``key`` and ``params`` beside
its ``message``. The text itself is English as the event is made, once for every watcher; a
connection that asked for another language has it rewritten on its way out
(:func:`localize_text`, cached: the same event goes to many watchers)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from croupier.i18n.catalogue import ENGLISH, localized, translate, unjson
from croupier.i18n.message import Msg, params_of


def keyed(event: dict[str, Any]) -> dict[str, Any]:
    """``event`` with the key and parameters of each of its texts that is a :class:`Msg`."""
    found = {
        field: {"key": value.key, "params": params_of(value)}
        for field, value in event.items()
        if isinstance(value, Msg)
    }
    return {**event, "i18n": found} if found else event


def localize(event: dict[str, Any], language: str) -> dict[str, Any]:
    """``event`` (or a refusal) with its texts in ``language``."""
    if language == ENGLISH:
        return event
    if "key" in event and "message" in event:
        event = localized(event, language)
    keys = event.get("i18n")
    if isinstance(keys, dict):
        event = dict(event)
        for field, said in keys.items():
            if isinstance(said, dict) and "key" in said:
                params = unjson(said.get("params") or {})
                event[field] = translate(Msg(said["key"], **params), language)
    return event


@lru_cache(maxsize=4096)
def localize_text(text: str, language: str) -> str:
    """A message as sent on a WebSocket (JSON text), its texts in ``language``."""
    if language == ENGLISH or ('"i18n"' not in text and '"key"' not in text):
        return text
    try:
        event = json.loads(text)
    except ValueError:
        return text
    if not isinstance(event, dict):
        return text
    return json.dumps(localize(event, language), separators=(",", ":"), ensure_ascii=False)
