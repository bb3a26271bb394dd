"""Mutation testing as evidence (issue 34(3)): for each covered unit of the compliance matrix,
every mutant of its deciding code (``compliance.mutants``) is put into the running engine and
the tests the matrix cites for that unit, and only those, are run: a mutant some cited test
fails on is *killed*; one they all pass is a *survivor*, unless it is listed in
``equivalent.toml`` with the reason it cannot change what the rule decides.

The mutants run in one pytest session, in this process: the mutated function's code object
replaces the live one (``__code__``), a mutated rule table replaces the live table wherever a
module holds it, and every cache of croupier's modules is emptied around each mutant. Code that
runs only inside other processes (a test that starts a real ``croupier serve``, the browser's
JavaScript) and Numba-compiled kernels cannot be reached this way: such tests are not run here
(the embedded servers of ``tests/server`` and ``tests/store`` run in this process, and are).

A unit decided in the engines (``ENGINES``) is mutated there; a unit with nothing mutable in
them (the table's sessions and inactivity, the store's statements) is mutated where its
citations are, in ``BEYOND_ENGINES``. The engines' score is reported apart.

``croupier mutate`` runs it and writes ``mutation.json`` beside this module, which
``croupier compliance`` shows per unit.
"""

from __future__ import annotations

import ast
import functools
import signal
import subprocess
import time
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from croupier.compliance.live_mutant import Unreachable, applied
from croupier.compliance.matrix import build
from croupier.compliance.mutants import Mutant, Target, deciding_code, mutants

#: the engines: the code whose mutation score issue 34 bounds (at least 95%)
ENGINES = (
    "src/croupier/games/",
    "src/croupier/shoe.py",
    "src/croupier/money.py",
    "src/croupier/pool.py",
)
#: where a unit's deciding code lies when none of it is in the engines: the table's sessions,
#: seats and inactivity (PT rules 33-36), the store's ledger, the server's routes. Mutated only
#: for such units (a unit decided in the engines is mutated there), and run against their cited
#: tests that reach this process (the embedded servers of tests/server and tests/store)
BEYOND_ENGINES = (
    "src/croupier/table/",
    "src/croupier/store/",
    "src/croupier/server/",
)
#: tests that drive a browser: the page's code is not Python, and a browser per mutant is slow
OUT_OF_PROCESS = ("tests/web/",)
#: a test whose own code starts another process (croupier serve, a proxy): a mutant put into
#: this process never reaches that one, so such a test is not run against mutants
_SPAWNS = ("subprocess", "Popen", "_start(", "_serve(", "FirstAlive", "cluster")
MUTANT_SECONDS = 60  # a mutant that makes a cited test loop is killed by this alarm


class MutantTimeout(Exception):
    """A cited test ran past the alarm under a mutant (counted as killed: it did not pass)."""


@dataclass
class UnitPlan:
    regulation: str
    unit: str
    targets: list[Target]
    tests: list[str]  # node ids (without parameters) of the cited in-process tests
    process_tests: list[str]  # cited tests that run real processes (not run here)
    mutants: list[Mutant] = field(default_factory=list)
    #: its deciding code lies outside the engines (``BEYOND_ENGINES``: table/, store/,
    #: server/), and is mutated there; not counted in the engines' score
    outside_engines: bool = False

    @property
    def key(self) -> str:
        return f"{self.regulation} {self.unit}"


def equivalents() -> dict[str, str]:
    """Reviewed equivalent mutants: their key and why no test can tell them apart."""
    text = resources.files("croupier.compliance").joinpath("equivalent.toml").read_text("utf-8")
    return {key: str(reason) for key, reason in tomllib.loads(text).items()}


def plan(root: Path, files: Iterable[str] | None = None) -> list[UnitPlan]:
    """Every covered unit whose deciding code lies in the engines (and in ``files``, when
    given), with its mutants and its cited tests."""
    only = set(files) if files is not None else None
    out = []
    sources: dict[str, str] = {}
    for row in build(root):
        if row.status != "covered":
            continue
        targets = _targets(root, row.code, ENGINES, sources)
        # nothing mutable decides it in the engines (no citation there, or only a declared
        # name such as money.DEMO): its deciding code in the table, the store, the server
        beyond = not any(mutants(t, sources[t.path]) for t in targets)
        if beyond:
            targets = _targets(root, row.code, BEYOND_ENGINES, sources)
        if only is not None:
            targets = [t for t in targets if t.path in only]
        tests = [t for t in row.tests if _in_process(root, t)]
        process = [t for t in row.tests if t not in tests]
        unit = UnitPlan(row.unit.regulation, row.unit.id, targets, tests, process)
        unit.outside_engines = beyond and any(
            w.rsplit(":", 1)[0].startswith(BEYOND_ENGINES) for w in row.code
        )
        seen: set[str] = set()
        for target in targets:
            for mutant in mutants(target, sources[target.path]):
                if mutant.key not in seen:
                    seen.add(mutant.key)
                    unit.mutants.append(mutant)
        if only is None or unit.mutants:
            out.append(unit)
    return out


def _targets(
    root: Path, code: Iterable[str], under: tuple[str, ...], sources: dict[str, str]
) -> list[Target]:
    """The deciding code the citations ``code`` (``file:line``) name in the files ``under``."""
    targets: list[Target] = []
    for where in code:
        path, line = where.rsplit(":", 1)
        if not (path.endswith(".py") and path.startswith(under)):
            continue
        source = sources.setdefault(path, (root / path).read_text(encoding="utf-8"))
        target = deciding_code(path, source, int(line))
        if target is not None and target not in targets:
            targets.append(target)
    return _narrowest(targets)


@functools.cache
def _test_sources(root: Path, path: str) -> dict[str, str]:
    """Each test function's source in a test module, by name."""
    text = (root / path).read_text(encoding="utf-8")
    out = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            out[node.name] = ast.get_source_segment(text, node) or ""
    return out


def _in_process(root: Path, test: str) -> bool:
    """Whether a mutant put into this process reaches what ``test`` checks: not a browser's
    test, nor one that starts processes of its own (the embedded servers of tests/server and
    tests/store run in this process, and are reached)."""
    if test.startswith(OUT_OF_PROCESS):
        return False
    path, _, name = test.partition("::")
    body = _test_sources(root, path).get(name.split("::")[-1], "")
    return not any(mark in body for mark in _SPAWNS)


def _narrowest(targets: list[Target]) -> list[Target]:
    """Where a function's docstring cites the unit and its body cites it again at the
    statement that decides, that statement is the deciding code, not the whole function (a
    docstring naming every article its function touches would make each one's mutants the
    whole function's)."""
    return [
        t
        for t in targets
        if not any(
            o is not t
            and o.path == t.path
            and o.scope == t.scope
            and t.first <= o.first <= o.last <= t.last
            and (o.first, o.last) != (t.first, t.last)
            for o in targets
        )
    ]


def _alarm(_signum: int, _frame: object) -> None:
    raise MutantTimeout(f"a cited test ran past {MUTANT_SECONDS} s under the mutant")


# -- the run: one pytest session ------------------------------------------------------------
class Runner:
    """A pytest plugin: collects the cited tests once, checks they pass unmutated, then runs
    each unit's cited tests under each of its mutants, stopping at the first failure."""

    def __init__(self, root: Path, units: list[UnitPlan], progress: Callable[[str], None]):
        self.root = root
        self.units = units
        self.progress = progress
        self.results: dict[str, dict[str, Any]] = {}
        self.baseline_failures: list[str] = []

    def pytest_collection_modifyitems(self, session: Any, config: Any, items: list[Any]) -> None:
        wanted = {t for u in self.units for t in u.tests}
        # one database suffices, SQLite's: the PostgreSQL runs share the machine's database
        items[:] = [
            i
            for i in items
            if i.nodeid.split("[", 1)[0] in wanted and "[postgresql" not in i.nodeid
        ]

    def pytest_runtestloop(self, session: Any) -> bool:
        from _pytest.runner import runtestprotocol

        by_test: dict[str, list[Any]] = {}
        for item in session.items:
            by_test.setdefault(item.nodeid.split("[", 1)[0], []).append(item)

        took: dict[str, float] = {}

        def passes(items: list[Any]) -> bool:
            for item in items:
                began = time.perf_counter()
                reports = runtestprotocol(item, nextitem=None, log=False)
                took.setdefault(item.nodeid, time.perf_counter() - began)
                if any(r.failed for r in reports):
                    return False
            return True

        for test, items in by_test.items():  # the cited tests pass on the real code
            if not passes(items):
                self.baseline_failures.append(test)
        if self.baseline_failures:
            return True
        known = equivalents()
        signal.signal(signal.SIGALRM, _alarm)
        for n, unit in enumerate(self.units, start=1):
            record: dict[str, Any] = {
                "mutants": len(unit.mutants),
                "killed": 0,
                "survived": [],
                "equivalent": [],
                "unreachable": [],
                "tests": len(unit.tests),
                "process_tests": len(unit.process_tests),
                "outside_engines": unit.outside_engines,
            }
            # the quickest first: most mutants fall to the first test that fails
            items = sorted(
                (i for t in unit.tests for i in by_test.get(t, [])), key=lambda i: took[i.nodeid]
            )
            for mutant in unit.mutants:
                entry = {"key": mutant.key, "line": mutant.line, "mutation": mutant.description}
                try:
                    with applied(self.root, mutant):
                        signal.alarm(MUTANT_SECONDS)
                        try:
                            survived = bool(items) and passes(items)
                        except MutantTimeout:
                            survived = False
                        finally:
                            signal.alarm(0)
                        survived = survived or not items
                except Unreachable:
                    record["unreachable"].append(entry)
                    continue
                except Exception:  # the mutated table cannot even be built: nothing passes
                    survived = False
                if not survived:
                    record["killed"] += 1
                elif mutant.key in known:
                    record["equivalent"].append({**entry, "reason": known[mutant.key]})
                else:
                    record["survived"].append(entry)
            self.results[unit.key] = record
            self.progress(
                f"[{n}/{len(self.units)}] {unit.key}: {record['killed']}/{record['mutants']} "
                f"killed, {len(record['survived'])} survived"
            )
        return True


def run(
    root: Path, units: list[UnitPlan], progress: Callable[[str], None] = print
) -> dict[str, Any]:
    """Run ``units``' mutants against their cited tests; the results (see ``summarise``)."""
    import pytest
    from hypothesis import settings

    settings.register_profile("mutation", database=None, derandomize=True, deadline=None)
    settings.load_profile("mutation")
    runner = Runner(root, units, progress)
    started = time.monotonic()
    tests = sorted({t.split("::", 1)[0] for u in units for t in u.tests})
    if tests:
        code = pytest.main(
            ["-q", "-p", "no:cacheprovider", "--rootdir", str(root), *tests],
            plugins=[runner],
        )
        if runner.baseline_failures:
            raise RuntimeError(
                "cited tests fail on the unmutated code: " + ", ".join(runner.baseline_failures)
            )
        if code not in (0, 5) and not runner.results:
            raise RuntimeError(f"pytest could not run the cited tests (exit {int(code)})")
    for unit in units:
        runner.results.setdefault(
            unit.key,
            {
                "mutants": len(unit.mutants),
                "killed": 0,
                "survived": [],
                "equivalent": [],
                "unreachable": [],
                "tests": 0,
                "process_tests": len(unit.process_tests),
                "outside_engines": unit.outside_engines,
            },
        )
    return summarise(runner.results, time.monotonic() - started, root)


def summarise(units: dict[str, dict[str, Any]], seconds: float, root: Path) -> dict[str, Any]:
    mutated = sum(u["mutants"] - len(u["unreachable"]) for u in units.values())
    killed = sum(u["killed"] for u in units.values())
    equivalent = sum(len(u["equivalent"]) for u in units.values())
    scored = mutated - equivalent
    # the engines' own score (issue 34(3): at least 95%), apart from the table's code
    in_engines = [u for u in units.values() if not u.get("outside_engines")]
    engine_scored = sum(
        u["mutants"] - len(u["unreachable"]) - len(u["equivalent"]) for u in in_engines
    )
    engine_killed = sum(u["killed"] for u in in_engines)
    return {
        "run": {
            "commit": _commit(root),
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "seconds": round(seconds, 1),
            "command": "croupier mutate",
        },
        "score": {
            "mutants": mutated,
            "killed": killed,
            "equivalent": equivalent,
            "survived": scored - killed,
            "percent": round(100 * killed / scored, 2) if scored else 100.0,
            "engines_percent": (
                round(100 * engine_killed / engine_scored, 2) if engine_scored else 100.0
            ),
            # covered units with no mutant: their code outside the engines, or in them with no
            # deciding line the harness can mutate (a citation in a docstring, a declaration)
            "no_mutants_outside_engines": sorted(
                k for k, u in units.items() if not u["mutants"] and u.get("outside_engines")
            ),
            "no_mutants_in_engines": sorted(
                k for k, u in units.items() if not u["mutants"] and not u.get("outside_engines")
            ),
        },
        "units": units,
    }


def _commit(root: Path) -> str | None:
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()
