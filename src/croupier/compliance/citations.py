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
import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from croupier.compliance.texts import load_units
from croupier.games.spec import Citing

MARKER = "cites"  # pytest.mark.cites(regulation, *units)


class UnplacedCitation(ValueError):
    """A citation no known text has: a test's marker naming a unit no regulation has, or code
    citing an article its regulation's text lacks, or a game's module citing where its game
    declares no regulation (its spec's ``citing``)."""


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
_PT = "pt-812-2015"  # the online tables' regulation
_PT_NAMED = re.compile(r"\bPT\b|812/2015|Portuguese online|\bpt\(")
# where Regulamento 812/2015 governs outside the games, so that a bare "rule N" is its own
_PT_SCOPE = (
    "src/croupier/table/",
    "src/croupier/store/",
    "src/croupier/server/",
    "src/croupier/web/",  # the online table's client (its comments cite the rule it shows)
)
_GAMES = "src/croupier/games/"
_UNIT_ID = re.compile(r"^(?:art\. (\d+)(?:\((\d+)\))?|rule (\d+))$")


@dataclass(frozen=True)
class _Place:
    """Where a text stands: the game whose citing it follows, or none; or a module of a game
    that declares no regulation (every citation in it is refused)."""

    citing: Citing | None
    unplaced: str | None = None  # why a citation here cannot be placed
    package: bool = False  # in the game's own package (where its bare "rule N" is its own)


def _games() -> dict[str, Citing | None]:
    """Each registered game's package name -> how it cites (from the registry, issue 27)."""
    from croupier.games.registry import GAMES

    out: dict[str, Citing | None] = {}
    for spec in GAMES.values():
        package = spec.citing.package if spec.citing is not None else ""
        out[package or spec.rules_type.__module__.split(".")[2]] = spec.citing
    return out


def _place(path: str) -> _Place:
    games = _games()
    if path.startswith(_GAMES) and path.count("/") > 3:
        package = path.removeprefix(_GAMES).split("/", 1)[0]
        if package not in games:
            return _Place(None, f"no game of the registry is the package games/{package}/")
        citing = games[package]
        if citing is None:
            return _Place(None, f"the game of games/{package}/ declares no regulation (citing)")
        return _Place(citing, package=True)
    for citing in games.values():
        if citing is not None and path in citing.also:
            return _Place(citing)
    # a module about one game outside its package (its analysis, its terminal table, its
    # page): named after the game's package
    name = path.rsplit("/", 1)[-1]
    for package, citing in games.items():
        if citing is not None and package in name:
            return _Place(citing)
    return _Place(None)


def citing_of_regulation(key: str) -> Citing | None:
    """The game whose articles ``key`` (a regulation's key, or its start: "macau-baccarat")
    names; None for a regulation no game's articles follow (PT 812/2015's rules)."""
    for citing in _games().values():
        if citing is not None and (citing.articles == key or citing.articles.startswith(key + "-")):
            return citing
    return None


@functools.cache
def _articles() -> dict[str, set[tuple[int, int | None]]]:
    out: dict[str, set[tuple[int, int | None]]] = {}
    for unit in load_units():
        out.setdefault(unit.regulation, set()).add((unit.article, unit.paragraph))
    return out


def _regulation(citing: Citing, article: int) -> str:
    key = citing.amended.get(article, citing.articles)
    base = citing.base_without_text
    held = _articles().get(key, set())
    if base is not None and key == citing.articles and not any(a == article for a, _ in held):
        return base[0]  # the base text croupier does not hold: placed, credited to nothing
    return key


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
    text: str, own: Citing | None, pt_scope: bool, where: str = "<text>"
) -> Iterator[tuple[str, int, int | None, int]]:
    """(regulation, article, paragraph, line) of every citation in words: ``own`` is the game
    whose articles a bare "art. N" cites; ``pt_scope`` says whether a bare "rule N" is
    Regulamento 812/2015's there. A citation no known text has raises
    :class:`UnplacedCitation` naming ``where`` and the line."""
    citings = [c for c in _games().values() if c is not None]
    texts = _articles()
    for number, line in enumerate(text.splitlines(), start=1):
        if pt_scope or _PT_NAMED.search(line):
            for found in _RULES.finditer(line):
                for article, _ in _numbers(found[1]):
                    _placed(texts, _PT, article, None, f"{where}:{number}")
                    yield _PT, article, None, number
        if "art" not in line.lower():
            continue
        named = next((c for c in citings if re.search(c.named, line)), None)
        if own is not None and named not in (None, own):
            continue  # one game's code never implements another game's article
        game = named or own
        if game is None:
            continue
        for found in _ARTS.finditer(line):
            for article, paragraph in _numbers(found[1]):
                regulation = _regulation(game, article)
                if game.base_without_text and regulation == game.base_without_text[0]:
                    continue
                _placed(texts, regulation, article, paragraph, f"{where}:{number}")
                yield regulation, article, paragraph, number


def _placed(
    texts: dict[str, set[tuple[int, int | None]]],
    regulation: str,
    article: int,
    paragraph: int | None,
    where: str,
) -> None:
    units = texts.get(regulation)
    if units is None:
        raise UnplacedCitation(f"{where}: no text of {regulation!r} is registered")
    if not any(a == article and p in (None, paragraph) for a, p in units) and not (
        paragraph is None and any(a == article for a, _ in units)
    ):
        shown = f"art. {article}" + (f"({paragraph})" if paragraph is not None else "")
        raise UnplacedCitation(f"{where}: {regulation} has no {shown}")


_CITATION_WORDS = re.compile(r"(?i)\barts?\.\s*\d|\brules?\s+\d")


def code_cites(text: str, path: str) -> Iterator[tuple[str, int, int | None, int]]:
    """The citations in a source file of ``src/croupier`` (path relative to the checkout)."""
    place = _place(path)
    if place.unplaced is not None:
        for number, line in enumerate(text.splitlines(), start=1):
            if _CITATION_WORDS.search(line):
                raise UnplacedCitation(f"{path}:{number}: {place.unplaced}")
        return iter(())
    own = place.citing
    pt_scope = path.startswith(_PT_SCOPE) or (
        place.package and own is not None and own.rules == _PT
    )
    return words_cite(text, own, pt_scope, path)


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
