"""The command line's language (issue 29, item 2: "The CLI takes --lang (and the usual
LANG/LC_ALL)"): the refusals it prints, in Portuguese, Traditional Chinese or English."""

from __future__ import annotations

import os

from croupier.errors import RuleViolation
from croupier.i18n.catalogue import ENGLISH, LANGUAGES, language_of, translate
from croupier.i18n.message import msg

_chosen = {"language": ENGLISH}


def from_environment() -> str:
    """The language the environment asks for: ``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``
    (POSIX's order), English when none names one of croupier's."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return language_of(value) or ENGLISH
    return ENGLISH


def choose(asked: str | None) -> str:
    """``--lang`` (a tag: pt, pt-PT, zh-Hant, zh-MO, en), or the environment's."""
    if asked is None:
        chosen = from_environment()
    else:
        found = language_of(asked)
        if found is None:
            raise RuleViolation(
                "lang",
                msg("{lang}: one of {languages}", lang=repr(asked), languages=", ".join(LANGUAGES)),
                "docs/translating.md",
            )
        chosen = found
    _chosen["language"] = chosen
    return chosen


def current() -> str:
    return _chosen["language"]


def said(error: Exception) -> str:
    """A refusal as the command line prints it, in its language: field, message, rule (any
    other error as it reads)."""
    if not isinstance(error, RuleViolation):
        return str(error)
    return f"{error.field}: {translate(error.message, current())} ({error.rule})"
