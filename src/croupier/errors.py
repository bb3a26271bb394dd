"""Errors that name what is wrong and the rule it breaks.

Every refusal in croupier says *which* field or option is wrong and *which* article of which
regulation refuses it, so that a regulator, an operator or a player can check the refusal.
"""

from __future__ import annotations


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


class CardsExhausted(CroupierError):
    """The card source has no card left to deal."""
