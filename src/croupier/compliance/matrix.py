"""The compliance matrix: each unit of each regulation with the code citing it, the tests
citing it, the choices made on it, and a status that cannot lie: ``covered`` (code and tests),
``explained`` (not implemented as a game rule, with the reason, in ``explained.toml``) or
``gap`` (code or tests missing, and no reason given)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from croupier.compliance.citations import Citation, citing_of_regulation, scan, words_cite
from croupier.compliance.stored_run import stored
from croupier.compliance.texts import SOURCES, Unit, load_units


@dataclass
class Row:
    unit: Unit
    code: list[str] = field(default_factory=list)
    tests: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    explanation: str | None = None
    #: the last stored mutation run's record of this unit (croupier mutate), if any
    mutation: dict[str, Any] | None = None

    @property
    def status(self) -> str:
        if self.code and self.tests:
            return "covered"
        if self.explanation:
            return "explained"
        return "gap"

    def as_json(self) -> dict[str, Any]:
        u = self.unit
        return {
            "regulation": u.regulation,
            "id": u.id,
            "title": u.title,
            "excerpt": u.excerpt,
            "status": self.status,
            "code": self.code,
            "tests": self.tests,
            "choices": self.choices,
            "explanation": self.explanation,
            "mutation": _mutation_summary(self.mutation),
        }


def _mutation_summary(record: dict[str, Any] | None) -> dict[str, Any] | None:
    if record is None:
        return None
    return {
        "mutants": record["mutants"],
        "killed": record["killed"],
        "survived": [s["key"] + ": " + s["mutation"] for s in record["survived"]],
        "equivalent": [e["key"] + ": " + e["reason"] for e in record["equivalent"]],
        "unreachable": len(record["unreachable"]),
    }


def explanations() -> dict[str, dict[str, str]]:
    text = resources.files("croupier.compliance").joinpath("explained.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {key: dict(value) for key, value in data.items()}


def _matches(unit: Unit, citation: Citation) -> bool:
    if citation.regulation != unit.regulation or citation.article != unit.article:
        return False
    return unit.paragraph is None or citation.paragraph == unit.paragraph


_CHOICE_ROW = re.compile(r"^\| ([A-Z]+\d+) \| ([^|]*) \|")
_SECTION_REGULATION = (
    ("Stud", "macau-stud-2004"),
    ("Blackjack", "macau-blackjack-2007"),
    ("Online table server", "pt-812-2015"),
    # Portugal's law for online gambling (RJO, Decreto-Lei 66/2015): a text croupier does not
    # hold, so its articles place no unit of the five (issue 29)
    ("Player protection", "rjo-66-2015"),
)


def choices(root: Path) -> list[tuple[str, str, str]]:
    """(choice id, regulation, its article column) of docs/choices.md's rows."""
    path = root / "docs" / "choices.md"
    if not path.exists():
        return []
    out = []
    section = "macau-baccarat"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = next((r for word, r in _SECTION_REGULATION if word in line), "macau-baccarat")
        found = _CHOICE_ROW.match(line)
        if found:
            out.append((found[1], section, found[2]))
    return out


def build(root: Path, regulation: str | None = None) -> list[Row]:
    """The matrix, from the units shipped with croupier and the citations under ``root``."""
    units = [u for u in load_units() if regulation in (None, u.regulation)]
    citations = scan(root)
    explained = explanations()
    choice_cites = [
        (choice, reg, article, paragraph)
        for choice, section, column in choices(root)
        for reg, article, paragraph, _ in words_cite(
            column, citing_of_regulation(section), True, f"docs/choices.md ({choice})"
        )
    ]
    mutated = (stored() or {}).get("units", {})
    rows = []
    for unit in units:
        row = Row(unit, explanation=explained.get(unit.regulation, {}).get(unit.id))
        row.mutation = mutated.get(f"{unit.regulation} {unit.id}")
        for c in citations:
            if not _matches(unit, c):
                continue
            where = f"{c.path}:{c.line}"
            if c.test is not None:
                if c.test not in row.tests:
                    row.tests.append(c.test)
            elif where not in row.code:
                row.code.append(where)
        for choice, reg, article, paragraph in choice_cites:
            same = (reg, article) == (unit.regulation, unit.article)
            if same and unit.paragraph in (None, paragraph) and choice not in row.choices:
                row.choices.append(choice)
        rows.append(row)
    return rows


def summary(rows: list[Row]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for source in SOURCES:
        mine = [r for r in rows if r.unit.regulation == source.key]
        if mine:
            out[source.key] = {
                s: sum(1 for r in mine if r.status == s) for s in ("covered", "explained", "gap")
            }
    return out
