"""Mutants of the code that decides a regulation's unit: where a unit's deciding code is, and
the small wrong versions of it (a flipped comparison, a changed number, a swapped operator, a
negated condition) that its cited tests must each catch (issue 34(3)).

**The deciding code of a citation** (``file:line`` in the compliance matrix):

* a comment at the end of a line of code: the innermost statement holding that line;
* a comment on a line of its own: the statement that follows it;
* a function's docstring: the whole function;
* an article string inside a statement (``raise RuleViolation(..., cite("art. 6(1)"))``): that
  statement, or the closest enclosing one that can be mutated (the ``if`` that raises);
* a module-level assignment (a rule table): its numbers;
* a module's or a class's docstring describes, and decides nothing.

A mutant is named by its place, so that a reviewed equivalent keeps its name while the file
around it changes: ``path::qualified.function::operator#n`` where ``n`` counts that operator's
mutants within the function (or ``path::<module>::NAME::operator#n`` for a table).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Callable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    """A piece of deciding code: the lines ``first..last`` of ``path`` inside ``scope`` (a
    function's qualified name, or ``<module>:NAME`` for a module-level assignment)."""

    path: str
    scope: str
    first: int
    last: int


@dataclass(frozen=True)
class Mutant:
    key: str  # path::scope::operator#n
    path: str
    scope: str
    line: int
    operator: str
    description: str  # "< -> <=" at line N


_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
}
_SYMBOL = {
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.FloorDiv: "//",
    ast.Div: "/",
    ast.Mod: "%",
    ast.And: "and",
    ast.Or: "or",
}


def _is_docstring(node: ast.AST, parent: ast.AST | None) -> bool:
    body = getattr(parent, "body", None)
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        and isinstance(body, list)
        and bool(body)
        and body[0] is node
    )


class _Scopes(ast.NodeVisitor):
    """Every function (qualified name, node) and every statement with its scope."""

    def __init__(self) -> None:
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.statements: list[tuple[ast.stmt, str, ast.AST]] = []  # (stmt, scope, parent)
        self._stack: list[str] = []

    def _visit_body(self, node: ast.AST, scope: str) -> None:
        for field in ("body", "orelse", "finalbody", "handlers"):
            for child in getattr(node, field, []) or []:
                if isinstance(child, ast.stmt):
                    self.statements.append((child, scope, node))
                self.visit(child)

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            self._stack.append(node.name)
            name = ".".join(self._stack)
            if not isinstance(node, ast.ClassDef):
                self.functions[name] = node
            self._visit_body(node, name if not isinstance(node, ast.ClassDef) else "<class>")
            self._stack.pop()
            return
        if isinstance(node, ast.Module):
            self._visit_body(node, "<module>")
            return
        if isinstance(node, ast.stmt | ast.ExceptHandler | ast.match_case):
            scope = ".".join(self._stack) if self._stack else "<module>"
            self._visit_body(node, scope)


def _comment_lines(source: str) -> dict[int, bool]:
    """Lines holding a comment: True where the comment stands alone on its line."""
    out: dict[int, bool] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            out[token.start[0]] = not token.line[: token.start[1]].strip()
    return out


def deciding_code(path: str, source: str, line: int) -> Target | None:
    """The deciding code a citation at ``line`` of ``path`` names, or None (a description)."""
    tree = ast.parse(source)
    scopes = _Scopes()
    scopes.visit(tree)
    comments = _comment_lines(source)
    if comments.get(line):  # a comment on a line of its own: the statement after it
        after = [(s, scope) for s, scope, _ in scopes.statements if s.lineno > line]
        if after:
            first, first_scope = min(after, key=lambda t: (t[0].lineno, -(t[0].end_lineno or 0)))
            if first_scope == "<class>" and isinstance(
                first, ast.Assign | ast.AnnAssign | ast.Expr
            ):
                return None  # it describes a class's field (a declaration), not code below it
        following = [
            (s, scope, parent)
            for s, scope, parent in scopes.statements
            if s.lineno > line and scope != "<class>"
        ]
        if not following:
            return None
        stmt, scope, parent = min(following, key=lambda t: (t[0].lineno, -(t[0].end_lineno or 0)))
        return _target(path, stmt, scope, parent, scopes)
    holding = [
        (s, scope, parent)
        for s, scope, parent in scopes.statements
        if s.lineno <= line <= (s.end_lineno or s.lineno)
    ]
    if not holding:
        return None
    stmt, scope, parent = min(holding, key=lambda t: (t[0].end_lineno or 0) - t[0].lineno)
    if line not in comments and _describes(stmt, line):
        return None
    if _is_docstring(stmt, parent):
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef):
            return Target(path, scope, parent.lineno, parent.end_lineno or parent.lineno)
        return None  # a module's or a class's docstring describes
    return _target(path, stmt, scope, parent, scopes)


def _describes(stmt: ast.stmt, line: int) -> bool:
    """The citation stands in text shown to people (a string that is itself an entry of a
    dict, list or tuple literal: the table's information, a report's labels), not in the code
    that decides (a string passed to a call, ``cite("art. 6(7)")``, decides where it stands)."""
    for node in ast.walk(stmt):
        if isinstance(node, ast.Dict | ast.List | ast.Tuple):
            entries = [*getattr(node, "values", []), *getattr(node, "elts", [])]
            for entry in entries:
                if _shown_text(entry) and entry.lineno <= line <= (
                    entry.end_lineno or entry.lineno
                ):
                    return True
    return False


#: the calls that mark a text as a message for people, in every language (croupier.i18n)
_MESSAGES = ("msg", "Msg", "N_")


def _shown_text(entry: ast.expr) -> bool:
    """A text shown to people: a string, or a message made of one (``msg("... art. 8")``)."""
    if isinstance(entry, ast.JoinedStr):
        return True
    if isinstance(entry, ast.Constant):
        return isinstance(entry.value, str)
    if isinstance(entry, ast.Call) and entry.args:
        name = getattr(entry.func, "id", None) or getattr(entry.func, "attr", None)
        first = entry.args[0]
        return (
            name in _MESSAGES and isinstance(first, ast.Constant) and isinstance(first.value, str)
        )
    return False


def _target(
    path: str, stmt: ast.stmt, scope: str, parent: ast.AST, scopes: _Scopes
) -> Target | None:
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
        return _function(path, stmt, scopes)
    if isinstance(stmt, ast.ClassDef):
        return None
    if scope in ("<module>", "<class>"):
        if isinstance(stmt, ast.Assign | ast.AnnAssign) and scope == "<module>":
            names = [t.id for t in _assigned(stmt)]
            if names:
                return Target(path, f"<module>:{names[0]}", stmt.lineno, stmt.end_lineno or 0)
        return None
    # climb to the closest enclosing statement that can be mutated (an ``if`` that raises)
    node: ast.AST = stmt
    chain = _parents(scopes)
    while not list(_sites(node)):
        above = chain.get(id(node))
        if above is None or isinstance(above, ast.FunctionDef | ast.AsyncFunctionDef):
            break
        node = above
    first = getattr(node, "lineno", stmt.lineno)
    last = getattr(node, "end_lineno", None) or first
    return Target(path, scope, first, last)


def _function(path: str, node: ast.AST, scopes: _Scopes) -> Target | None:
    for name, function in scopes.functions.items():
        if function is node:
            return Target(path, name, function.lineno, function.end_lineno or function.lineno)
    return None


def _assigned(stmt: ast.Assign | ast.AnnAssign) -> list[ast.Name]:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return [t for t in targets if isinstance(t, ast.Name)]


def _parents(scopes: _Scopes) -> dict[int, ast.AST]:
    out: dict[int, ast.AST] = {}
    for stmt, _, parent in scopes.statements:
        out[id(stmt)] = parent
    return out


# -- the mutation operators ------------------------------------------------------------------
Site = tuple[str, int, str, Callable[[], None], Callable[[], None]]  # op, line, what, do, undo


def _sites(root: ast.AST) -> Iterator[Site]:
    """Every single change the operators can make inside ``root`` (not in docstrings, not in
    strings, not in type annotations), each with its undo."""
    skip: set[int] = set()
    for node in ast.walk(root):
        for field in ("annotation", "returns"):
            sub = getattr(node, field, None)
            if isinstance(sub, ast.AST):
                skip.update(id(n) for n in ast.walk(sub))
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and _is_docstring(body[0], node):
            skip.add(id(body[0].value))
        if isinstance(node, ast.Call) and _is_message_call(node):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.Raise) and node.exc is not None:
            skip.update(id(n) for n in ast.walk(node.exc))  # what a refusal says, not when
        if isinstance(node, ast.JoinedStr):
            skip.update(id(n) for n in ast.walk(node))  # a formatted message
    for node in ast.walk(root):
        if id(node) in skip:
            continue
        yield from _node_sites(node)


def _is_message_call(node: ast.Call) -> bool:
    """Logging calls and f-string formatting decide nothing."""
    func = node.func
    return isinstance(func, ast.Attribute) and func.attr in {
        "debug",
        "info",
        "warning",
        "exception",
        "error",
    }


def _node_sites(node: ast.AST) -> Iterator[Site]:
    line = getattr(node, "lineno", 0)
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            swap = _COMPARE_SWAPS.get(type(op))
            if swap is not None:
                yield _replace_in_list(
                    node.ops, i, swap(), "compare", line, f"{_SYMBOL[type(op)]} -> {_SYMBOL[swap]}"
                )
    elif isinstance(node, ast.BinOp):
        swap_op = _BINOP_SWAPS.get(type(node.op))
        if swap_op is not None:
            yield _set_attr(
                node,
                "op",
                swap_op(),
                "arithmetic",
                line,
                f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[swap_op]}",
            )
    elif isinstance(node, ast.BoolOp):
        other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield _set_attr(
            node,
            "op",
            other,
            "boolean",
            line,
            f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[type(other)]}",
        )
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield _set_attr(node, "op", ast.UAdd(), "not", line, "not x -> x")
    elif isinstance(node, ast.If | ast.While | ast.IfExp):
        yield _negate(node, line)
    elif isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, bool):
            yield _set_attr(node, "value", not value, "constant", line, f"{value} -> {not value}")
        elif isinstance(value, int):
            new = value + 1 if value != 1 else 2
            yield _set_attr(node, "value", new, "number", line, f"{value} -> {new}")
        elif isinstance(value, float):
            yield _set_attr(node, "value", value + 1.0, "number", line, f"{value} -> {value + 1}")
    elif isinstance(node, ast.Return) and node.value is not None:
        if isinstance(node.value, ast.Constant) and node.value.value is None:
            return
        yield _set_attr(node, "value", ast.Constant(None), "return", line, "return x -> None")


def _negate(node: ast.If | ast.While | ast.IfExp, line: int) -> Site:
    original = node.test

    def do() -> None:
        node.test = ast.UnaryOp(op=ast.Not(), operand=original)

    def undo() -> None:
        node.test = original

    return ("condition", line, "if c -> if not c", do, undo)


def _set_attr(node: ast.AST, name: str, value: object, op: str, line: int, what: str) -> Site:
    original = getattr(node, name)

    def do() -> None:
        setattr(node, name, value)

    def undo() -> None:
        setattr(node, name, original)

    return (op, line, what, do, undo)


def _replace_in_list(
    items: list[ast.cmpop], index: int, value: ast.cmpop, op: str, line: int, what: str
) -> Site:
    original = items[index]

    def do() -> None:
        items[index] = value

    def undo() -> None:
        items[index] = original

    return (op, line, what, do, undo)


# -- a target's mutants, and a mutant's code ------------------------------------------------------
def _scope_node(tree: ast.Module, target: Target) -> ast.AST:
    """The function or the module-level assignment ``target`` lies in."""
    if target.scope.startswith("<module>:"):
        name = target.scope.split(":", 1)[1]
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and any(
                t.id == name for t in _assigned(stmt)
            ):
                return stmt
        raise LookupError(target.scope)
    scopes = _Scopes()
    scopes.visit(tree)
    return scopes.functions[target.scope]


def mutants(target: Target, source: str) -> list[Mutant]:
    """Every mutant of ``target``'s lines, named stably (see the module's docstring)."""
    tree = ast.parse(source)
    scope = _scope_node(tree, target)
    out: list[Mutant] = []
    counts: dict[str, int] = {}
    for op, line, what, _, _ in _sites(scope):
        n = counts[op] = counts.get(op, 0) + 1
        if target.first <= line <= target.last:
            key = f"{target.path}::{target.scope}::{op}#{n}"
            out.append(Mutant(key, target.path, target.scope, line, op, f"{what} (line {line})"))
    return out


def mutated_tree(mutant: Mutant, source: str) -> tuple[ast.Module, ast.AST]:
    """The module's tree with ``mutant`` applied, and the scope node it changed."""
    tree = ast.parse(source)
    target = Target(mutant.path, mutant.scope, 0, 0)
    scope = _scope_node(tree, target)
    op, n = mutant.key.rsplit("::", 1)[1].split("#")
    seen = 0
    for site_op, _, _, do, _ in _sites(scope):
        if site_op == op:
            seen += 1
            if seen == int(n):
                do()
                return ast.fix_missing_locations(tree), scope
    raise LookupError(mutant.key)
