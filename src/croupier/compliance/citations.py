"""Where croupier cites an article: every citation in the code and in the tests, found in
their own words (a comment, a docstring, an article string), not from a hand-kept list.

A citation names a regulation explicitly ("Macau stud art. 10(4)", "PT 812/2015 rule 27",
"Despacho 2/2009 art. 13(3)") or implicitly by where it stands: an "art." in a stud module or
test is the stud regulation's, in a blackjack one the blackjack regulation's, in a baccarat one
Macau baccarat's (arts. 13, 17, 18 and 19 as Despacho 2/2009 wrote them). "rule N" is always
PT 812/2015's, the only text numbered in rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

AMENDED_2009 = frozenset({13, 17, 18, 19})  # Despacho 2/2009 rewrote these of 55/2004


@dataclass(frozen=True)
class Citation:
    regulation: str
    article: int
    paragraph: int | None
    path: str  # relative to the checkout
    line: int
    test: str | None  # the test function it stands in (tests only)


_ARTS = re.compile(r"(?i)\barts?\.\s*((?:\d+(?:\(\d+\))?[^\s,;]*(?:\s*(?:,|and|e|-|–)\s*)?)+)")
_RULES = re.compile(r"\brules?\s+((?:\d+(?:\([a-z]\))?(?:\s*(?:,|and|-|–|to)\s*)?)+)")
_ELEMENT = re.compile(r"^(\d+)(?:\((\d+)\))?")
_EXPLICIT = (
    ("stud", re.compile(r"(?i)\bstud\b|61/2004")),
    ("blackjack", re.compile(r"(?i)blackjack|42/2007|56/2004")),
    ("baccarat", re.compile(r"(?i)baccarat|bacará|55/2004|2/2009")),
)
_TEST = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)")


def _game_of_path(path: str) -> str | None:
    for game in ("stud", "blackjack", "baccarat"):
        if game in path:
            return game
    if path.endswith("shoe.py"):  # the shoe's procedures are Macau baccarat's (arts. 2-3)
        return "baccarat"
    return None


def _regulation(game: str, article: int) -> str:
    if game == "stud":
        return "macau-stud-2004"
    if game == "blackjack":
        return "macau-blackjack-2007"
    return "macau-baccarat-2009" if article in AMENDED_2009 else "macau-baccarat-2004"


def _numbers(listing: str) -> Iterator[tuple[int, int | None]]:
    """The (article, paragraph) of each element of "9(3)(2), 10 and 12-14"."""
    parts = re.split(r"\s*(?:,|\band\b|\be\b)\s*", listing)
    for part in parts:
        span = re.match(r"^(\d+)\s*[-–]\s*(\d+)$", part) or re.match(r"^(\d+)\s+to\s+(\d+)$", part)
        if span and int(span[1]) < int(span[2]) <= int(span[1]) + 12:
            for n in range(int(span[1]), int(span[2]) + 1):
                yield n, None
            continue
        found = _ELEMENT.match(part.strip())
        if found:
            yield int(found[1]), int(found[2]) if found[2] else None


_NAMED = re.compile(r"_(art|rule)s?_(\d+)((?:_\d+)?)")


def cites_in(text: str, path: str) -> Iterator[tuple[str, int, int | None, int]]:
    """(regulation, article, paragraph, line) of every citation in a file's ``text``; a test's
    name cites too (``test_..._art_17_6``: art. 17(6); ``..._rule_27``)."""
    default = _game_of_path(path)
    for number, line in enumerate(text.splitlines(), start=1):
        named = _TEST.match(line)
        if named:
            for kind, article, paragraph in _NAMED.findall(named[1]):
                if kind == "rule":
                    yield "pt-812-2015", int(article), None, number
                elif default is not None:  # a test's "art" is its game's
                    sub = int(paragraph[1:]) if paragraph else None
                    yield _regulation(default, int(article)), int(article), sub, number
        for found in _RULES.finditer(line):
            for article, _ in _numbers(found[1]):
                yield "pt-812-2015", article, None, number
        if "art" not in line.lower():
            continue
        game = next((g for g, marker in _EXPLICIT if marker.search(line)), default)
        if game is None:
            continue
        for found in _ARTS.finditer(line):
            for article, paragraph in _numbers(found[1]):
                yield _regulation(game, article), article, paragraph, number


def scan(root: Path) -> list[Citation]:
    """Every citation in ``root``'s package code (src/croupier) and tests (tests/)."""
    out: list[Citation] = []
    for base in ("src/croupier", "tests"):
        folder = root / base
        if not folder.is_dir():
            continue
        for file in sorted(folder.rglob("*.py")):
            relative = file.relative_to(root).as_posix()
            if relative.startswith("src/croupier/compliance/"):
                continue  # the matrix's own code cites nothing
            text = file.read_text(encoding="utf-8")
            tests = _test_names(text) if base == "tests" else {}
            for regulation, article, paragraph, line in cites_in(text, relative):
                out.append(
                    Citation(regulation, article, paragraph, relative, line, tests.get(line))
                )
    return out


def _test_names(text: str) -> dict[int, str]:
    """The test function each line stands in (from its ``def`` to the next)."""
    names: dict[int, str] = {}
    current: str | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        found = _TEST.match(line)
        if found:
            current = found[1]
        elif line and not line[0].isspace() and not line.startswith(("@", "#", ")")):
            current = None
        if current is not None:
            names[number] = current
    return names
