"""A message with a stable key and its parameters (issue 29, item 2).

``msg("the stake {stake} is over {limit}", stake=..., limit=...)`` is the English text (a
``str``: code that reads it as text is unchanged), whose ``key`` is the template and whose
``params`` are what fills it; the catalogues translate the key, and
:func:`croupier.i18n.catalogue.translate` fills it in another language. A plain ``str`` message
is its own key (a sentence with nothing to fill)."""

from __future__ import annotations

from typing import Any


class Amount(str):
    """An amount's English text that remembers the amount (minor units, their digits, and the
    currency when the text names it), so that a message in Portuguese or Chinese writes it the
    locale's way (croupier.i18n; issue 29, item 1). It is a ``str``: English is unchanged."""

    minor: int
    digits: int
    currency: str | None

    def __new__(cls, text: str, minor: int, digits: int, currency: str | None = None) -> Amount:
        made = super().__new__(cls, text)
        made.minor, made.digits, made.currency = minor, digits, currency
        return made


class Msg(str):
    key: str
    params: dict[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Msg:
        try:
            text = template.format(**params) if params else template
        except (KeyError, IndexError, ValueError):  # a key read back with its parameters lost
            text = template
        made = super().__new__(cls, text)
        made.key = template
        made.params = params
        return made


def msg(template: str, /, **params: Any) -> Msg:
    return Msg(template, **params)


def N_(template: str) -> str:
    """A message template marked for the catalogue where it is declared, filled later by
    :class:`Msg` (gettext's ``N_``)."""
    return template


class When(str):
    """A moment's ISO text (UTC) that a message in another language writes the locale's way."""

    seconds: float

    def __new__(cls, text: str, seconds: float) -> When:
        made = super().__new__(cls, text)
        made.seconds = seconds
        return made


def key_of(text: str) -> str:
    """The catalogue key of a message: a :class:`Msg`'s template, or a plain text itself."""
    return text.key if isinstance(text, Msg) else str(text)


def params_of(text: str) -> dict[str, Any]:
    """The parameters of a message as JSON (an amount as its minor units, digits and currency,
    a nested message as its key and parameters)."""
    if not isinstance(text, Msg):
        return {}
    return {name: _json(value) for name, value in text.params.items()}


def _json(value: Any) -> Any:
    if isinstance(value, Amount):
        return {"minor": value.minor, "digits": value.digits, "currency": value.currency}
    if isinstance(value, Msg):
        return {"key": value.key, "params": params_of(value)}
    if isinstance(value, When):
        return {"moment": str(value), "seconds": value.seconds}
    if isinstance(value, bool | int | float) or value is None:
        return value
    return str(value)
