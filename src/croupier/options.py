"""Reading validated options out of a ruleset's parsed TOML, with the path of every value.

Each getter checks the value's type and range and raises :class:`~croupier.errors.RulesetError`
naming the option's full path (``shoe.decks``) and the article that sets the bound. Options a
reader never asked for are reported by :meth:`Options.finish`, so a misspelt option cannot be
silently ignored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from croupier.errors import RulesetError
from croupier.money import MoneyPolicy, Rounding, parse_ratio

#: the largest whole number any option takes (amounts are at most ``money.MAX_AMOUNT``; an
#: option far beyond it only fails later, in the database: issue 16)
MAX_OPTION = 10**15

_MISSING = object()


class Options:
    def __init__(self, data: Mapping[str, Any] | None, path: str = "") -> None:
        self.data: Mapping[str, Any] = data or {}
        self.path = path
        self._used: set[str] = set()
        self._children: dict[str, Options] = {}

    def name(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def has(self, key: str) -> bool:
        return key in self.data

    def _raw(self, key: str, default: Any) -> Any:
        self._used.add(key)
        return self.data.get(key, default)

    def section(self, key: str) -> Options:
        """The table of options ``key`` (the same reader each time it is asked for)."""
        if key in self._children:
            return self._children[key]
        value = self._raw(key, None)
        if value is not None and not isinstance(value, Mapping):
            raise RulesetError(self.name(key), "must be a table of options")
        child = Options(value, self.name(key))
        self._children[key] = child
        return child

    def at(self, path: str) -> Options:
        """The table of options at a dotted ``path`` ("jackpot.prizes")."""
        here = self
        for key in path.split("."):
            here = here.section(key)
        return here

    def keys(self) -> list[str]:
        return list(self.data)

    def integer(
        self,
        key: str,
        default: int | None,
        *,
        minimum: int | None = None,
        maximum: int | None = None,
        article: str | None = None,
    ) -> int:
        value = self._raw(key, default)
        if value is None:
            raise RulesetError(self.name(key), "is required", article)
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(self.name(key), f"{value!r} must be a whole number", article)
        if abs(value) > MAX_OPTION:  # no option is that large; the database's integers are not
            raise RulesetError(self.name(key), f"{value} is beyond {MAX_OPTION}", article)
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            low = "" if minimum is None else f"{minimum}"
            high = "" if maximum is None else f"{maximum}"
            span = f"{low} to {high}" if low and high else (f">= {low}" if low else f"<= {high}")
            raise RulesetError(self.name(key), f"{value} is not allowed: must be {span}", article)
        return value

    def optional_integer(
        self, key: str, *, minimum: int | None = None, article: str | None = None
    ) -> int | None:
        """An integer that may be absent or 0 (TOML has no null): both mean "none"."""
        value = self.data.get(key)
        if value is None or (value == 0 and not isinstance(value, bool)):
            self._used.add(key)
            return None
        return self.integer(key, None, minimum=minimum, article=article)

    def boolean(self, key: str, default: bool) -> bool:
        value = self._raw(key, default)
        if not isinstance(value, bool):
            raise RulesetError(self.name(key), f"{value!r} must be true or false")
        return value

    def string(self, key: str, default: str | None) -> str:
        value = self._raw(key, default)
        if value is None:
            raise RulesetError(self.name(key), "is required")
        if not isinstance(value, str):
            raise RulesetError(self.name(key), f"{value!r} must be a string")
        return value

    def choice(
        self, key: str, default: str | None, choices: Iterable[str], article: str | None = None
    ) -> str:
        value = self.string(key, default)
        allowed = list(choices)
        if value not in allowed:
            raise RulesetError(
                self.name(key),
                f"{value!r} is not allowed: choose one of {', '.join(allowed)}",
                article,
            )
        return value

    def strings(self, key: str, default: Iterable[str]) -> list[str]:
        value = self._raw(key, list(default))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise RulesetError(self.name(key), f"{value!r} must be a list of strings")
        if len(set(value)) != len(value):
            raise RulesetError(self.name(key), f"{value!r} names an entry twice")
        return value

    def ratio(self, key: str, default: str | int) -> Fraction:
        return parse_ratio(self._raw(key, default), self.name(key))

    def finish(self) -> None:
        """Refuse any option that no reader asked for (a misspelling, or an option this
        regulation does not have)."""
        for key, value in self.data.items():
            if key not in self._used:
                while isinstance(value, dict) and len(value) == 1:  # name the whole dotted path
                    [(inner, value)] = value.items()
                    key = f"{key}.{inner}"
                raise RulesetError(self.name(key), "is not an option of this ruleset")
        for child in self._children.values():
            child.finish()


def read_money(table: Options, default_currency: str = "MOP") -> MoneyPolicy:
    """A table's money options: ``currency``, ``minor_digits``, ``rounding_unit`` and
    ``rounding`` (the direction of the one rounding function, docs/choices.md P4)."""
    currency = table.string("currency", default_currency)
    digits = table.integer("minor_digits", 2, minimum=0, maximum=4)
    unit = table.integer("rounding_unit", 1, minimum=1)
    rounding = Rounding(
        table.choice("rounding", "player_favour", [r.value for r in Rounding], "docs/choices.md")
    )
    return MoneyPolicy(currency, digits, unit, rounding)


def read_minimum(table: Options, key: str, money: MoneyPolicy, article: str) -> int:
    """A table minimum in minor units, a whole multiple of the table's rounding unit."""
    minimum = table.integer(key, None, minimum=1, article=article)
    if minimum % money.unit:
        raise RulesetError(table.name(key), "must be a multiple of table.rounding_unit")
    return minimum
