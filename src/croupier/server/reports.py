"""The operator's reports (issue 30; docs/operator.md): per table, game, ruleset or day, the
ledger's figures (store/reports.py) with the theoretical hold from croupier's exact analysis
(analysis/theoretical.py) and the 95% interval the actual hold falls in when the game is as the
analysis says; the jackpots; the players' accounts by state. Each as JSON or CSV.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable
from datetime import date, datetime, tzinfo
from typing import Any

from croupier.analysis.theoretical import edges
from croupier.errors import RuleViolation
from croupier.i18n.message import msg
from croupier.protection.calendar import time_zone
from croupier.store.reports import DayTable, daily
from croupier.table.config import TableConfig

GROUPS = ("table", "game", "ruleset", "day")
Z95 = 1.959963984540054  # the normal distribution's two-sided 95% point
LONGEST_DAYS = 366
RULE = "reports (docs/operator.md)"
COLUMNS = (
    "day", "table", "table_name", "game", "ruleset", "currency", "rounds", "void_rounds",
    "turnover", "payouts", "commission", "ggr", "jackpot", "house", "hold",
    "theoretical_hold", "hold_low_95", "hold_high_95", "unpriced",
)  # fmt: skip


def _tables(casino: Any) -> dict[int, tuple[str, TableConfig, str, str]]:
    """Each table's name, configuration, game and currency (a demo table's: DEMO points)."""
    from croupier.games.registry import table_currency
    from croupier.rulesets import load_ruleset
    from croupier.store.ledger import DEMO

    found = {}
    for table_id, name, data, _status in casino.records.tables.all():
        config = TableConfig.from_json(data)
        loaded = load_ruleset(config.ruleset, dict(config.overrides))
        currency = DEMO if config.demo else table_currency(loaded.rules)[0]
        found[table_id] = (name, config, loaded.game, currency)
    return found


class _Sum:
    """Figures summed over rows (a group), with the theoretical GGR and its variance."""

    def __init__(self, key: dict[str, Any]) -> None:
        self.key = key
        self.money = dict.fromkeys(
            ("rounds", "void_rounds", "turnover", "payouts", "commission", "jackpot", "house"), 0
        )
        self.expected = 0.0
        self.variance: float | None = 0.0
        self.unpriced: set[str] = set()
        self.currencies: set[str] = set()

    def add(self, row: DayTable, config: TableConfig) -> None:
        for name in self.money:
            self.money[name] += getattr(row, name)
        self.currencies.add(row.currency)
        figures = edges(config.ruleset, dict(config.overrides))
        for kind, (staked, squares, _count) in row.kinds.items():
            figure = figures.figures.get(kind)
            if figure is None:
                if kind not in figures.included:
                    self.unpriced.add(kind)
                continue
            self.expected += figure.edge * staked
            if figure.variance is None or self.variance is None:
                self.variance = None
            else:
                self.variance += figure.variance * squares

    def shown(self) -> dict[str, Any]:
        m = self.money
        turnover, ggr = m["turnover"], m["turnover"] - m["payouts"]
        hold = theoretical = low = high = None
        if turnover:
            hold = ggr / turnover
            theoretical = self.expected / turnover
            if self.variance is not None:
                half = Z95 * math.sqrt(self.variance) / turnover
                low, high = theoretical - half, theoretical + half
        return {
            **self.key,
            "currency": ",".join(sorted(self.currencies)),
            **m,
            "ggr": ggr,
            "hold": hold,
            "theoretical_hold": theoretical,
            "hold_low_95": low,
            "hold_high_95": high,
            "unpriced": sorted(self.unpriced),
        }


def _period(first: date | None, last: date | None, today: date) -> tuple[date, date]:
    first, last = first or today, last or today
    if last < first:
        raise RuleViolation(
            "to", msg("{last} is before from {first}", last=last, first=first), RULE
        )
    if (last - first).days >= LONGEST_DAYS:
        raise RuleViolation(
            "to", msg("a report covers {days} days at most", days=LONGEST_DAYS), RULE
        )
    return first, last


def zone_of(name: str) -> tzinfo:
    """The time zone an IANA name gives ("Asia/Macau", "Europe/Lisbon", "UTC"), or a refusal
    naming the field."""
    return time_zone(name, "timezone", RULE)


def report(
    casino: Any,
    first: date | None,
    last: date | None,
    now: float,
    by: str = "table",
    timezone: str = "UTC",
) -> dict[str, Any]:
    """Rows by table and day (``by="table"``), or summed by game, ruleset or day, each currency
    apart; with the totals of the period per currency. Days are calendar days of
    ``timezone`` (today, by default, is its today at ``now``, the wall clock's seconds)."""
    if by not in GROUPS:
        raise RuleViolation("by", msg("{by} is not one of {groups}", by=repr(by),
                                      groups=", ".join(GROUPS)), RULE)  # fmt: skip
    zone = zone_of(timezone)
    first, last = _period(first, last, datetime.fromtimestamp(now, zone).date())
    tables = _tables(casino)
    groups: dict[tuple[Any, ...], _Sum] = {}
    totals: dict[str, _Sum] = {}
    for row in daily(casino.engine, first, last, zone):
        name, config, game, currency = tables[row.table_id]
        row.currency = row.currency or currency
        keys: dict[str, dict[str, Any]] = {
            "table": {"day": row.day, "table": row.table_id, "table_name": name, "game": game,
                      "ruleset": config.ruleset},
            "game": {"game": game},
            "ruleset": {"game": game, "ruleset": config.ruleset},
            "day": {"day": row.day},
        }  # fmt: skip
        key = keys[by]
        group_key = (*key.values(), row.currency)
        groups.setdefault(group_key, _Sum(key)).add(row, config)
        totals.setdefault(row.currency, _Sum({"total": row.currency})).add(row, config)
    return {
        "from": first.isoformat(),
        "to": last.isoformat(),
        "by": by,
        "timezone": timezone,
        "rows": [g.shown() for g in groups.values()],
        "totals": [t.shown() for t in totals.values()],
    }


FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet runs a cell that begins so


def _cell(value: Any) -> Any:
    """A CSV cell: a list joined by spaces, None empty, and a text a spreadsheet would take for
    a formula (a player named "=HYPERLINK(...)") quoted with a leading apostrophe."""
    if isinstance(value, list):
        value = " ".join(str(v) for v in value)
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA):
        return "'" + value
    return value


def as_csv(rows: Iterable[dict[str, Any]], columns: Iterable[str]) -> str:
    """Rows as CSV (RFC 4180), the given columns in order; a list joined by spaces."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    columns = list(columns)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([_cell(row.get(column)) for column in columns])
    return out.getvalue()
