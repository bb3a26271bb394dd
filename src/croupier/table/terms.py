"""The terms a table plays on: its configuration, its ruleset and the rules read from it, what
players are told of them (PT 812/2015 rule 32) and the money its amounts are in. The operator
changes them between rounds (limits, side bets: :meth:`TableTerms.change`); every part of the
table reads them from here, so they change in one place."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from croupier.games.information import TableInformation
from croupier.games.registry import table_currency, table_information
from croupier.money import DEMO, format_amount
from croupier.rulesets import load_ruleset
from croupier.rulesets.loader import Ruleset
from croupier.table.config import TableConfig

POINTS = "points"  # the unit a demo table's amounts are read in


@dataclass(frozen=True)
class Money:
    """How the table writes amounts in its refusals."""

    minor_digits: int
    currency: str  # as messages say it: "points" at a demo table

    def text(self, amount: int) -> str:
        return format_amount(amount, self.minor_digits)


def in_points(rules: Any) -> Any:
    """A demo table's rules, whose amounts read in points: demo play is with points that are
    never money (PT 812/2015 rules 37-38), so no message may quote euros or patacas (issue 18,
    item 3). The amounts and limits are the ruleset's; only the unit's name changes."""
    return dataclasses.replace(rules, money=dataclasses.replace(rules.money, currency=POINTS))


class TableTerms:
    """What a table is set up to play, as it stands now."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.ruleset: Ruleset = load_ruleset(config.ruleset, dict(config.overrides))
        self.rules: Any = self._rules(config, self.ruleset)
        currency, self.minor_digits = table_currency(self.rules)
        self.currency = DEMO if config.demo else currency  # the ledger's unit (rules 37-38)
        self.shown_currency = currency  # what messages say: "points" at a demo (in_points)
        self.information: TableInformation = table_information(self.rules)

    @staticmethod
    def _rules(config: TableConfig, ruleset: Ruleset) -> Any:
        return in_points(ruleset.rules) if config.demo else ruleset.rules

    @property
    def money(self) -> Money:
        return Money(self.minor_digits, self.shown_currency)

    def change(self, config: TableConfig, ruleset: Ruleset) -> None:
        """New house options from the next round on (the caller checked the shoe is the same)."""
        self.config, self.ruleset = config, ruleset
        self.rules = self._rules(config, ruleset)
        self.information = table_information(self.rules)
