"""Issue 27: croupier's shape, checked: small modules (no source file over 500 lines) and no
import circle between its modules, counting every import (a type checker's and one inside a
function too: each is a dependency a reader has to follow)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
LONGEST = 500


def _modules() -> dict[str, Path]:
    out = {}
    for path in (SRC / "croupier").rglob("*.py"):
        name = ".".join(path.relative_to(SRC).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module -> the croupier modules (not packages) it imports, anywhere in it."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            for target in targets:
                found = modules.get(target)
                if found is not None and target != name and found.name != "__init__.py":
                    graph[name].add(target)
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        for target in sorted(graph[module]):
            if target in path:
                return [*path[path.index(target) :], target]
            if target not in done:
                found = visit(target, [*path, target])
                if found:
                    return found
        done.add(module)
        return None

    for module in sorted(graph):
        if module not in done:
            found = visit(module, [module])
            if found:
                return found
    return None


def test_no_source_file_is_over_500_lines() -> None:
    files = [*(SRC / "croupier").rglob("*.py"), *(SRC / "croupier" / "web").glob("*.js")]
    long = {
        str(f.relative_to(SRC)): n
        for f in files
        if (n := len(f.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert long == {}


def test_no_import_circle() -> None:
    assert _circle(_imports(_modules())) is None


def test_the_circle_finder_finds_a_circle() -> None:
    """The check above can fail: a circle of three is found, and a chain is not one."""
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_the_store_reaches_a_table_only_through_its_port() -> None:
    """Issue 27(4): a bet runs one way, the table judging and the store writing. The store
    imports nothing of ``table/`` but the port's data and protocols, so no table code can be
    called from the store's writer."""
    graph = _imports(_modules())
    reached = {
        target
        for module, targets in graph.items()
        if module.startswith("croupier.store.")
        for target in targets
        if target.startswith("croupier.table.")
    }
    assert reached <= {"croupier.table.port"}, reached
    port = ast.parse((SRC / "croupier" / "table" / "port.py").read_text(encoding="utf-8"))
    protocols = {
        node.name
        for node in ast.walk(port)
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases)
    }
    # what the table calls in the store; nothing the store would call back (a bet's job)
    assert protocols == {"RoundTx", "TableStore"}


def _bases(package: str) -> dict[str, list[str]]:
    """Each class of ``package`` with bases named in croupier -> those bases."""
    out: dict[str, list[str]] = {}
    for path in (SRC / "croupier" / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                names = [b.id for b in node.bases if isinstance(b, ast.Name)]
                mine = [n for n in names if n not in ("Protocol", "Exception", "Generic")]
                if len(mine) > 1 or (mine and not mine[0].endswith(("Error", "Exception"))):
                    out[f"{path.name}:{node.name}"] = mine
    return out


def test_a_table_and_the_store_records_are_collaborators_not_mixins() -> None:
    """Issue 27(4): "Turn them into collaborators with narrow interfaces". No class of
    ``table/`` or ``store/`` inherits a class of its own package (the table was four mixins over
    one state, the round records five)."""
    assert _bases("table") == {}
    assert _bases("store") == {}
