"""The catalogues and the translation of a message into a language (issue 29, items 1-4).

One JSON file per language (``catalogues/en.json``, ``pt-PT.json``, ``zh-Hant.json``), shared
by the server and the browser (served at ``/i18n/{language}.json``): an object of key -> text.
A key is a message's English template (``{name}`` placeholders, as gettext's msgid), a text of
the browser's page, or a term (``term:banker``: a bet, a decision, an outcome named inside a
message). ``en.json`` lists every key (each its own English text); a translator edits the
others (docs/translating.md); tests/i18n fails when one misses a key or changes a placeholder.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

from croupier.i18n.message import Amount, Msg, When, key_of

ENGLISH = "en"
LANGUAGES = ("pt-PT", "zh-Hant", ENGLISH)  # as the issue names them; the first is the default
#: each language's locale for numbers and dates (Babel's names): Macau's Chinese
LOCALES = {"pt-PT": "pt_PT", "zh-Hant": "zh_Hant_MO", ENGLISH: "en"}
#: what a browser or a client may send for each (``Accept-Language``, ``--lang``, ``LANG``)
_ALIASES = {
    "pt": "pt-PT", "pt-pt": "pt-PT", "pt-br": "pt-PT", "pt-mo": "pt-PT",
    "zh": "zh-Hant", "zh-hant": "zh-Hant", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant",
    "zh-mo": "zh-Hant", "zh-hant-mo": "zh-Hant", "zh-hant-tw": "zh-Hant", "zh-hant-hk": "zh-Hant",
    "zh-cn": "zh-Hant", "zh-hans": "zh-Hant",
    "en": ENGLISH, "en-gb": ENGLISH, "en-us": ENGLISH,
}  # fmt: skip
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
TERM = "term:"


@cache
def catalogue(language: str) -> dict[str, str]:
    """The catalogue of ``language`` (one of :data:`LANGUAGES`)."""
    if language not in LANGUAGES:
        raise ValueError(f"language: {language!r} is not one of {', '.join(LANGUAGES)}")
    text = (
        resources.files("croupier.i18n")
        .joinpath(f"catalogues/{language}.json")
        .read_text(encoding="utf-8")
    )
    loaded: dict[str, str] = json.loads(text)
    return loaded


def language_of(tag: str | None) -> str | None:
    """The language a tag names (``pt``, ``pt-PT``, ``zh-MO``, ``zh_TW.UTF-8``, ``en-GB``), or
    None when croupier has none for it."""
    if not tag:
        return None
    cleaned = tag.split(".")[0].split("@")[0].replace("_", "-").strip().lower()
    if cleaned in _ALIASES:
        return _ALIASES[cleaned]
    return _ALIASES.get(cleaned.split("-")[0])


def negotiate(accept_language: str | None, default: str = ENGLISH) -> str:
    """The language an ``Accept-Language`` header prefers among croupier's (its q-values
    honoured, the first best kept); ``default`` when it names none of them."""
    best: tuple[float, int, str] | None = None
    for n, part in enumerate((accept_language or "")[:500].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        language = language_of(tag)
        if language is None or quality <= 0:
            continue
        if best is None or quality > best[0]:
            best = (quality, n, language)
    return best[2] if best else default


def translate(text: str, language: str) -> str:
    """``text`` (a :class:`Msg`, or a plain message) in ``language``: its key's text in the
    catalogue, filled with its parameters written the locale's way (amounts, numbers, terms,
    nested messages); the English text itself in English, or where a catalogue lacks the key
    (which tests/i18n forbids)."""
    if language == ENGLISH or language not in LANGUAGES:
        return str(text)
    template = catalogue(language).get(key_of(text))
    if template is None:
        return str(text)
    if not isinstance(text, Msg) or not text.params:
        return template
    filled = {name: _param(value, language) for name, value in text.params.items()}
    return PLACEHOLDER.sub(lambda m: filled.get(m.group(1), m.group(0)), template)


def term(name: str, language: str) -> str:
    """A term (a bet's kind, a decision, an outcome) in ``language``; itself when none."""
    return catalogue(language).get(TERM + name, name)


def _param(value: Any, language: str) -> str:
    if isinstance(value, Msg):
        return translate(value, language)
    if isinstance(value, Amount):
        return format_amount(value.minor, value.digits, value.currency, language)
    if isinstance(value, When):
        from datetime import UTC, datetime

        from babel.dates import format_datetime

        moment = datetime.fromtimestamp(value.seconds, UTC)
        written = format_datetime(moment, "medium", tzinfo=UTC, locale=LOCALES[language])
        return f"{written} UTC"
    if isinstance(value, bool | int):  # a count or an id (an amount is an Amount)
        return str(value)
    text = str(value)
    quoted = text[1:-1] if len(text) > 1 and text[0] == text[-1] == "'" else None
    if quoted is not None and TERM + quoted in catalogue(language):
        return (
            f"«{term(quoted, language)}»"
            if language == "pt-PT"
            else f"「{term(quoted, language)}」"
        )
    return term(text, language) if TERM + text in catalogue(language) else text


def format_amount(minor: int, digits: int, currency: str | None, language: str) -> str:
    """An amount the locale's way (Babel): ``1 234,50 EUR`` in Portuguese, ``1,234.50 MOP`` in
    Macau's Chinese; the demo tables' points named in the language."""
    from decimal import Decimal

    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    number = Decimal(minor).scaleb(-digits)
    text = str(format_decimal(number, format=pattern, locale=LOCALES[language]))
    if currency is None:
        return text
    return f"{text} {term(currency, language)}"


def localized(detail: dict[str, Any], language: str) -> dict[str, Any]:
    """A refusal's detail (:meth:`croupier.errors.RuleViolation.detail`) with its message in
    ``language``; unchanged in English."""
    if language == ENGLISH or "message" not in detail:
        return detail
    message = Msg(detail["key"], **unjson(detail.get("params") or {}))
    return {**detail, "message": translate(message, language)}


def unjson(params: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, dict) and "minor" in value:
            out[name] = Amount("", int(value["minor"]), int(value["digits"]), value["currency"])
        elif isinstance(value, dict) and "moment" in value:
            out[name] = When(str(value["moment"]), float(value["seconds"]))
        elif isinstance(value, dict) and "key" in value:
            out[name] = Msg(value["key"], **unjson(value.get("params") or {}))
        else:
            out[name] = value
    return out


def localize_tree(value: Any, language: str) -> Any:
    """A JSON value (a table's information, a result) with each message in it (:class:`Msg`)
    in ``language``; its other texts (codes: a bet's kind, a phase) as they are."""
    if language == ENGLISH:
        return value
    if isinstance(value, dict):
        return {k: localize_tree(v, language) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [localize_tree(v, language) for v in value]
    if isinstance(value, Msg):
        return translate(value, language)
    return value
