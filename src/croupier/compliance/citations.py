"""Where croupier cites an article: the code's citations found in its own words (a comment, a
docstring, an article string), the tests' in the units they declare, not in a hand-kept list.

**Code** (``src/croupier``) names a regulation explicitly ("Macau stud art. 10(4)", "PT 812/2015
rule 27", "Despacho 2/2009 art. 13(3)") or by where it stands: an "art." in a stud module is
the stud regulation's, in a blackjack one the blackjack regulation's, in a baccarat one (or the
shoe) Macau baccarat's (arts. 13, 17, 18 and 19 as Despacho 2/2009 wrote them). A game's module
never cites another game's text: "Macau baccarat art. 10's principle" in blackjack code credits
nothing. "rule N" is Regulamento 812/2015's only where that text governs (the baccarat engine,
the online table runtime, the store and the server) or where the line names it ("PT ... rule N").

**Tests** cite only by declaring what they check, with a marker whose arguments are a
regulation's key and its units, exactly as the matrix lists them::

    @pytest.mark.cites("macau-stud-2004", "art. 9(1)", "art. 9(5)")
    def test_the_dealer_qualifies_with_ace_king(): ...

on a test, a test class or a module (``pytestmark``). Words in a test credit nothing: a
docstring quoting an article, a "rule 18" inside test data, a test's name. A marker naming a
regulation or a unit the texts do not have is an :class:`UnplacedCitation`, never ignored.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from croupier.compliance.texts import load_units

AMENDED_2009 = frozenset({13, 17, 18, 19})  # Despacho 2/2009 rewrote these of 55/2004
MARKER = "cites"  # pytest.mark.cites(regulation, *units)


class UnplacedCitation(ValueError):
    """A test declares a unit no regulation text has (or a regulation croupier lacks)."""


@dataclass(frozen=True)
class Citation:
    regulation: str
    article: int
    paragraph: int | None
    path: str  # relative to the checkout
    line: int
    test: str | None  # the test's node id, path::[Class::]name (tests only)


_ARTS = re.compile(r"(?i)\barts?\.\s*((?:\d+(?:\(\d+\))?[^\s,;]*(?:\s*(?:,|and|e|-|–)\s*)?)+)")
_RULES = re.compile(r"\brules?\s+((?:\d+(?:\([a-z]\))?(?:\s*(?:,|and|-|–|to)\s*)?)+)")
_ELEMENT = re.compile(r"^(\d+)(?:\((\d+)\))?")
_EXPLICIT = (
    ("stud", re.compile(r"(?i)\bstud\b|61/2004")),
    ("blackjack", re.compile(r"(?i)blackjack|42/2007|56/2004")),
    ("baccarat", re.compile(r"(?i)baccarat|bacará|55/2004|2/2009")),
)
_PT_NAMED = re.compile(r"\bPT\b|812/2015|Portuguese online|\bpt\(")
# where Regulamento 812/2015 governs, so that a bare "rule N" is its own
_PT_SCOPE = (
    "src/croupier/games/baccarat/",
    "src/croupier/table/",
    "src/croupier/store/",
    "src/croupier/server/",
    "src/croupier/web/",  # the online table's client (its comments cite the rule it shows)
)
_UNIT_ID = re.compile(r"^(?:art\. (\d+)(?:\((\d+)\))?|rule (\d+))$")


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


def words_cite(
    text: str, context: str, pt_scope: bool
) -> Iterator[tuple[str, int, int | None, int]]:
    """(regulation, article, paragraph, line) of every citation in words: ``context`` names the
    game whose articles a bare "art. N" cites (a path or a regulation key); ``pt_scope`` says
    whether a bare "rule N" is Regulamento 812/2015's there."""
    own = _game_of_path(context)
    for number, line in enumerate(text.splitlines(), start=1):
        if pt_scope or _PT_NAMED.search(line):
            for found in _RULES.finditer(line):
                for article, _ in _numbers(found[1]):
                    yield "pt-812-2015", article, None, number
        if "art" not in line.lower():
            continue
        named = next((g for g, marker in _EXPLICIT if marker.search(line)), None)
        if own is not None and named not in (None, own):
            continue  # one game's code never implements another game's article
        game = named or own
        if game is None:
            continue
        for found in _ARTS.finditer(line):
            for article, paragraph in _numbers(found[1]):
                yield _regulation(game, article), article, paragraph, number


def code_cites(text: str, path: str) -> Iterator[tuple[str, int, int | None, int]]:
    """The citations in a source file of ``src/croupier`` (path relative to the checkout)."""
    return words_cite(text, path, path.startswith(_PT_SCOPE))


def _is_marker(node: ast.expr) -> bool:
    """``pytest.mark.cites(...)``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == MARKER
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "mark"
        and isinstance(node.func.value.value, ast.Name)
        and node.func.value.value.id == "pytest"
    )


def _markers(nodes: Iterable[ast.expr]) -> list[ast.Call]:
    out: list[ast.Call] = []
    for node in nodes:
        if isinstance(node, ast.List | ast.Tuple):
            out += _markers(node.elts)
        elif _is_marker(node):
            assert isinstance(node, ast.Call)
            out.append(node)
    return out


def _units_of(marker: ast.Call, path: str, known: set[tuple[str, str]]) -> list[tuple[str, str]]:
    where = f"{path}:{marker.lineno}"
    words = []
    for arg in marker.args:
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            raise UnplacedCitation(f"{where}: a cites marker takes literal strings only")
        words.append(arg.value)
    if len(words) < 2:
        raise UnplacedCitation(f"{where}: cites(regulation, unit, ...) names at least one unit")
    regulation, *units = words
    regulations = {r for r, _ in known}
    if regulation not in regulations:
        raise UnplacedCitation(
            f"{where}: no regulation {regulation!r} (one of {', '.join(sorted(regulations))})"
        )
    for unit in units:
        if (regulation, unit) not in known:
            raise UnplacedCitation(f"{where}: {regulation} has no unit {unit!r}")
    return [(regulation, unit) for unit in units]


def test_cites(text: str, path: str) -> Iterator[tuple[str, str, int, str]]:
    """(regulation, unit id, line, test node id) of every unit a test module's markers
    declare: on a test, its class, or the module (``pytestmark``)."""
    known = {(u.regulation, u.id) for u in load_units()}
    tree = ast.parse(text)
    module: list[ast.Call] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            module += _markers([node.value])

    def tests(
        body: list[ast.stmt], prefix: str, inherited: list[ast.Call]
    ) -> Iterator[tuple[str, list[ast.Call]]]:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                own = _markers(node.decorator_list)
                yield from tests(node.body, f"{prefix}{node.name}::", inherited + own)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test_"
            ):
                yield f"{prefix}{node.name}", inherited + _markers(node.decorator_list)

    for test, markers in tests(tree.body, f"{path}::", module):
        for marker in markers:
            for regulation, unit in _units_of(marker, path, known):
                yield regulation, unit, marker.lineno, test


def _article_paragraph(unit: str) -> tuple[int, int | None]:
    found = _UNIT_ID.match(unit)
    assert found, unit
    if found[3]:
        return int(found[3]), None
    return int(found[1]), int(found[2]) if found[2] else None


def scan(root: Path) -> list[Citation]:
    """Every citation in ``root``'s package code (src/croupier) and tests (tests/)."""
    out: list[Citation] = []
    code = root / "src/croupier"
    files = sorted([*code.rglob("*.py"), *code.glob("web/*.js")]) if code.is_dir() else []
    for file in files:
        relative = file.relative_to(root).as_posix()
        if relative.startswith("src/croupier/compliance/") or relative.endswith("/citing.py"):
            continue  # the matrix's code and the citation helpers' examples cite nothing
        text = file.read_text(encoding="utf-8")
        for regulation, article, paragraph, line in code_cites(text, relative):
            out.append(Citation(regulation, article, paragraph, relative, line, None))
    tests = root / "tests"
    for file in sorted(tests.rglob("*.py")) if tests.is_dir() else []:
        relative = file.relative_to(root).as_posix()
        text = file.read_text(encoding="utf-8")
        if MARKER not in text:
            continue
        for regulation, unit, line, test in test_cites(text, relative):
            article, paragraph = _article_paragraph(unit)
            out.append(Citation(regulation, article, paragraph, relative, line, test))
    return out
