"""Errors that name what is wrong and the rule it breaks.

Every refusal in croupier says *which* field or option is wrong and *which* article of which
regulation refuses it, so that a regulator, an operator or a player can check the refusal.
"""

from __future__ import annotations

from typing import Any

from croupier.i18n.message import key_of, params_of


class CroupierError(Exception):
    """Base class of every error croupier raises on purpose."""


class InvalidCard(CroupierError, ValueError):
    """A card's text or number is not a card."""


class RulesetError(CroupierError, ValueError):
    """A ruleset option has a value its regulation does not allow."""

    def __init__(self, option: str, message: str, article: str | None = None) -> None:
        self.option = option
        self.article = article
        self.message = message
        text = f"{option}: {message}"
        if article:
            text += f" ({article})"
        super().__init__(text)


class RuleViolation(CroupierError, ValueError):
    """A command (a bet, a deal, a decision) that the rules refuse; nothing was changed."""

    def __init__(self, field: str, message: str, rule: str) -> None:
        self.field = field
        self.rule = rule
        self.message = message
        super().__init__(f"{field}: {message} ({rule})")

    def detail(self) -> dict[str, Any]:
        """The refusal as the API answers it: the field, the message (in English), its stable
        key and parameters (any client renders it in its language: issue 29, item 2), the rule,
        and what a kind of refusal adds (a limit's amount left, a card's remedies)."""
        return {
            "field": self.field,
            "message": str(self.message),
            "key": key_of(self.message),
            "params": params_of(self.message),
            "rule": self.rule,
            **self.extra(),
        }

    def extra(self) -> dict[str, Any]:
        return {}


class Refused(RuleViolation):
    """A refusal given again from its :meth:`RuleViolation.detail` (an answer kept for a
    repeated request), with everything it said."""

    def __init__(self, detail: dict[str, Any]) -> None:
        super().__init__(str(detail["field"]), str(detail["message"]), str(detail["rule"]))
        self._detail = dict(detail)

    def detail(self) -> dict[str, Any]:
        return dict(self._detail)


class CardsExhausted(CroupierError):
    """The card source has no card left to deal."""
