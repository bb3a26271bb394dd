"""An option a ruleset may set, declared once (issue 19): where it lives in the TOML, its
default, the values it allows, the article behind it, where that article comes from and a line
of help. The rules dataclass takes its default from the declaration, the game's
``regulations.py`` reads the value through it, the table information and
``croupier rules options`` show it from it: nothing about an option is written twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from croupier.errors import RulesetError
from croupier.options import Options

Source = Literal["text", "1991", "practice", "house"]
_UNSET: Any = object()


@dataclass(frozen=True, slots=True)
class Option:
    """One option. ``default`` None means required; ``optional`` an integer that may be absent
    (or 0: TOML has no null). ``choices`` the allowed strings, ``minimum``/``maximum`` the
    bounds of a whole number, ``ratios`` the allowed payouts of a ratio."""

    path: str  # "rules.surrender": the TOML section and key
    default: Any
    article: str | None = None  # what a refusal cites
    source: Source = "text"  # the regulation's text, the 1991 rules, practice, or the house
    help: str = ""
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    ratios: tuple[Fraction, ...] = ()
    optional: bool = False

    @property
    def section(self) -> str:
        return self.path.rpartition(".")[0]

    @property
    def key(self) -> str:
        return self.path.rpartition(".")[2]

    @property
    def cited(self) -> str | None:
        """The article with its source where that is not the regulation's text."""
        if self.article is None or self.source in ("text", "house"):
            return self.article
        return f"{self.article} [{self.source}]"

    @property
    def allowed(self) -> str:
        """The values it allows, in words."""
        if self.choices:
            return " | ".join(self.choices)
        if self.ratios:
            return " | ".join(str(r) for r in self.ratios)
        if isinstance(self.default, bool):
            return "true | false"
        if self.minimum is not None or self.maximum is not None:
            low = "" if self.minimum is None else str(self.minimum)
            high = "" if self.maximum is None else str(self.maximum)
            return f"{low}..{high}"
        return ""

    def read(
        self,
        options: Options,
        *,
        default: Any = _UNSET,
        minimum: Any = _UNSET,
        maximum: Any = _UNSET,
        choices: Iterable[str] | None = None,
    ) -> Any:
        """The option's value in ``options`` (the ruleset's root), checked; ``default``,
        ``minimum``, ``maximum`` and ``choices`` narrow the declared ones where they depend on
        another option (a blackjack shoe's cut card on its decks, a baccarat commission scheme
        on the regulation)."""
        o = options.at(self.section) if self.section else options
        article = self.cited
        value_default = self.default if default is _UNSET else default
        low = self.minimum if minimum is _UNSET else minimum
        high = self.maximum if maximum is _UNSET else maximum
        if self.optional:
            return o.optional_integer(self.key, minimum=low, article=article)
        if isinstance(self.default, bool):
            return o.boolean(self.key, value_default)
        if self.choices:
            offered = self.choices if choices is None else tuple(choices)
            return o.choice(self.key, value_default, offered, article)
        if isinstance(self.default, Fraction):
            value = o.ratio(self.key, str(value_default))
            if self.ratios and value not in self.ratios:
                allowed = ", ".join(str(r) for r in self.ratios)
                raise RulesetError(o.name(self.key), f"{value}: one of {allowed}", article)
            return value
        if isinstance(self.default, tuple):
            return tuple(o.strings(self.key, value_default))
        if isinstance(self.default, str):
            return o.string(self.key, value_default)
        return o.integer(self.key, value_default, minimum=low, maximum=high, article=article)

    def describe(self) -> dict[str, Any]:
        """The declaration as JSON (``croupier rules options``)."""
        default = self.default
        if isinstance(default, Fraction):
            default = str(default)
        elif isinstance(default, tuple):
            default = list(default)
        return {
            "option": self.path,
            "default": default,
            "allowed": self.allowed,
            "article": self.cited,
            "source": self.source,
            "help": self.help,
        }


def declared(*options: Option) -> Mapping[str, Option]:
    """A game's options by path, each path once."""
    out: dict[str, Option] = {}
    for option in options:
        if option.path in out:
            raise ValueError(f"{option.path} is declared twice")
        out[option.path] = option
    return out


def by_key(options: Iterable[Option]) -> dict[str, Option]:
    """Options by their key alone (keys are unique within a game's rules)."""
    return {o.key: o for o in options}
