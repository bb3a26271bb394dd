"""Putting one mutant into the running engine for the duration of a block, and taking it out
again (issue 34(3); :func:`applied`): the mutated function's code object replaces the live
one's (``__code__``, and its literal default arguments, which live on the function object), a
mutated rule table replaces the live table wherever a module of croupier or of the tests holds
it, and every cache of the modules that depend on the mutated one is emptied around it. A
Numba-compiled kernel cannot be reached this way (:class:`Unreachable`)."""

from __future__ import annotations

import ast
import functools
import importlib
import sys
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from croupier.compliance.mutants import Mutant, mutated_tree


def _module_name(path: str) -> str:
    return path.removeprefix("src/").removesuffix(".py").replace("/", ".")


def _unwrap(obj: Any) -> Any:
    for attr in ("fget", "__func__", "__wrapped__"):
        inner = getattr(obj, attr, None)
        if inner is not None:
            return _unwrap(inner)
    return obj


def _live_function(module: types.ModuleType, scope: str) -> types.FunctionType | None:
    """The outermost function object of ``scope`` (a class's method, a module's function)
    that the module holds; a nested function is reached through it."""
    holder: Any = module
    for part in scope.split("."):
        found = holder.__dict__.get(part) if hasattr(holder, "__dict__") else None
        if found is None or hasattr(found, "py_func"):
            return None  # a Numba dispatcher: compiled, its Python code is not what runs
        found = _unwrap(found)
        if isinstance(found, types.FunctionType):
            return found
        holder = found
    return None


def _code_named(code: types.CodeType, name: str, line: int) -> types.CodeType | None:
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            if const.co_name == name and const.co_firstlineno == line:
                return const
            found = _code_named(const, name, line)
            if found is not None:
                return found
    return None


@functools.cache
def _importers() -> dict[str, set[str]]:
    """Each croupier module -> the croupier modules whose source imports it (directly)."""
    out: dict[str, set[str]] = {}
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if not name.startswith("croupier") or not path or not path.endswith(".py"):
            continue
        for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                imported = [a.name for a in node.names]
            else:
                continue
            for target in imported:
                out.setdefault(target, set()).add(name)
    return out


def _depending_on(module: str) -> set[str]:
    """``module`` and every croupier module that imports it, directly or not: the caches a
    mutant of ``module`` can make stale."""
    seen = {module}
    todo = [module]
    while todo:
        for importer in _importers().get(todo.pop(), ()):
            if importer not in seen:
                seen.add(importer)
                todo.append(importer)
    return seen


def _clear_caches(modules: set[str] | None = None) -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith("croupier") or module is None:
            continue
        if modules is not None and name not in modules:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and isinstance(value, functools._lru_cache_wrapper):
                clear()


#: the modules whose names for a mutated table are replaced: the engine's and the tests'
_HOLDERS = ("croupier", "tests")


class Unreachable(Exception):
    """The mutant's code cannot be replaced in this process (a compiled kernel)."""


@contextmanager
def applied(root: Path, mutant: Mutant) -> Iterator[None]:
    """``mutant`` in the running engine for the duration of the block, then the original."""
    source = (root / mutant.path).read_text(encoding="utf-8")
    module = importlib.import_module(_module_name(mutant.path))
    tree, scope_node = mutated_tree(mutant, source)
    filename = str(root / mutant.path)
    undo: list[Callable[[], None]] = []
    if mutant.scope.startswith("<module>:"):
        # the mutated table and every table derived from it below (BANKER_DRAWS is built
        # from _BANKER_DRAWS_ON): the module's later assignments run again on the mutant, and
        # each value that changed replaces the live one wherever a croupier module, or a test
        # module that imported it (as a mutated source file would be read), holds it; a plain
        # value (a number, a string) only under its own name, since equal small values are
        # one object
        assert isinstance(scope_node, ast.stmt) and isinstance(tree, ast.Module)
        later: list[ast.stmt] = [
            stmt
            for stmt in tree.body
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.lineno >= scope_node.lineno
        ]
        namespace = dict(vars(module))
        exec(compile(ast.Module(later, []), filename, "exec"), namespace)
        for name in {t.id for stmt in later for t in _names(stmt)}:
            old, new = getattr(module, name, None), namespace[name]
            if old is None or _same(old, new):
                continue
            plain = isinstance(old, int | float | str | bytes)
            holders = [m for n, m in sys.modules.items() if n.startswith(_HOLDERS) and m]
            for holder in holders:
                for attr, value in list(vars(holder).items()):
                    if value is old and (attr == name or not plain):
                        setattr(holder, attr, new)
                        undo.append(functools.partial(setattr, holder, attr, old))
    else:
        live = _live_function(module, mutant.scope)
        if live is None:
            raise Unreachable(mutant.scope)
        code = compile(tree, filename, "exec")
        new = _code_named(code, live.__code__.co_name, live.__code__.co_firstlineno)
        if new is None or new.co_freevars != live.__code__.co_freevars:
            raise Unreachable(mutant.scope)
        original = live.__code__
        live.__code__ = new
        undo.append(lambda: setattr(live, "__code__", original))
        # a default argument's value lives on the function, not in its code: a mutant of one
        # (a constant) replaces the live function's defaults too
        defaults = _literal_defaults(scope_node) if original.co_name == _name(scope_node) else None
        if defaults is not None and defaults != (live.__defaults__, live.__kwdefaults__):
            old_defaults = (live.__defaults__, live.__kwdefaults__)
            live.__defaults__, live.__kwdefaults__ = defaults

            def restore(f: types.FunctionType = live, d: Any = old_defaults) -> None:
                f.__defaults__, f.__kwdefaults__ = d

            undo.append(restore)
    stale = _depending_on(module.__name__)  # only their caches can hold the mutant's results
    _clear_caches(stale)
    try:
        yield
    finally:
        for step in reversed(undo):
            step()
        _clear_caches(stale)


def _name(node: ast.AST) -> str | None:
    return getattr(node, "name", None)


def _literal_defaults(node: ast.AST) -> tuple[Any, Any] | None:
    """The (positional, keyword-only) defaults a function node declares, where every one is a
    literal; None where the node is not a function or a default is computed."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    try:
        positional = tuple(ast.literal_eval(d) for d in node.args.defaults) or None
        keyword = {
            a.arg: ast.literal_eval(d)
            for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True)
            if d is not None
        } or None
    except ValueError:
        return None
    return positional, keyword


def _same(old: object, new: object) -> bool:
    try:
        return bool(old == new)
    except Exception:  # arrays and the like: compare as their repr
        return repr(old) == repr(new)


def _names(stmt: ast.AST) -> list[ast.Name]:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
    return [t for t in targets if isinstance(t, ast.Name)]
