"""Globals that kept functions read but only skipped code assigns: keep those assignments alone.

Notebooks set ``DEBUG = 0`` inside an ``if __name__ == "__main__":`` block or an experiment loop,
or ``global COUNT; COUNT = 0`` in a function only experiment cells call. Definitions mode skips
that code, so every graded call of a function that reads the name would raise NameError. For each
such name the last cheap assignment in notebook order is kept on its own, without the statement
around it. "Cheap" is definitions mode's rule, passed in as ``is_cheap``; the value may only read
names that kept code has bound by then.
"""

from __future__ import annotations

import ast
import builtins
import symtable
from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

_BUILTINS = frozenset(dir(builtins))
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SCOPES = (*_FUNCTIONS, ast.ClassDef, ast.Lambda)


@dataclass(frozen=True)
class ParsedCell:
    """What definitions mode made of one cell: its syntax tree (None if it is not Python), the
    text the tree was parsed from, the lines before that text, and the kept code."""

    tree: ast.Module | None
    python: str
    offset: int
    kept: str


@dataclass(frozen=True)
class NeededAssignment:
    """A skipped assignment to keep: its cell (position in the list), its lines in the cell, its
    text, the names kept functions read from it, and the lines of the top-level statement around it."""

    cell: int
    line: int
    end_line: int
    source: str
    names: tuple[str, ...]
    block: tuple[int, int]


def find_needed_assignments(cells: Sequence[ParsedCell], is_cheap: Callable[[ast.expr], bool]) -> list[NeededAssignment]:
    """The skipped assignments to keep, in notebook order: for each global that kept code reads and
    no kept statement binds, its last cheap assignment (if any)."""
    bound = [_kept_bindings(cell.kept) for cell in cells]
    kept_bound = set().union(*bound)
    read = set().union(*(_global_reads(cell.kept) for cell in cells))
    missing = {n for n in read - kept_bound - _BUILTINS if not n.startswith("__")}
    if not missing:
        return []
    chosen: dict[str, NeededAssignment] = {}
    available = set(_BUILTINS)
    for position, cell in enumerate(cells):
        available |= bound[position]
        if cell.tree is None:
            continue
        for top in cell.tree.body:
            block = (start_line(top) + cell.offset, (top.end_lineno or top.lineno) + cell.offset)
            for node in sorted(_assignments(top), key=lambda n: (n.lineno, n.col_offset)):
                names = _target_names(node)
                wanted = names & missing
                if not wanted or names & kept_bound or node.value is None:
                    continue
                if not is_cheap(node.value) or not _reads(node.value) <= available:
                    continue
                source = ast.get_source_segment(cell.python, node)
                if source is None or not _compiles(source):
                    continue
                found = NeededAssignment(position, node.lineno + cell.offset, (node.end_lineno or node.lineno) + cell.offset,
                                         source, (), block)
                chosen.update((name, found) for name in wanted)
    by_statement: dict[NeededAssignment, list[str]] = {}
    for name, found in sorted(chosen.items()):
        by_statement.setdefault(found, []).append(name)
    return sorted((NeededAssignment(f.cell, f.line, f.end_line, f.source, tuple(names), f.block)
                   for f, names in by_statement.items()), key=lambda f: (f.cell, f.line))


def _tables(code: str) -> Iterator[symtable.SymbolTable]:
    """The symbol tables of kept code, module first; statement by statement when the whole refuses
    (``x = 1`` then ``global x``: each statement compiles on its own, as IPython runs it)."""
    if not code.strip():
        return
    try:
        stack = [symtable.symtable(code, "<kept>", "exec")]
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        stack = list(_statement_tables(code))
    while stack:
        table = stack.pop()
        yield table
        stack.extend(table.get_children())


def _statement_tables(code: str) -> Iterator[symtable.SymbolTable]:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    for node in tree.body:
        try:
            yield symtable.symtable(ast.unparse(node), "<kept>", "exec")
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue


def _kept_bindings(kept: str) -> set[str]:
    """Names the kept code of a cell binds at module level (assignments, imports, def, class)."""
    return {s.get_name() for table in _tables(kept) if table.get_type() == "module"
            for s in table.get_symbols() if s.is_assigned() or s.is_imported()}


def _global_reads(kept: str) -> set[str]:
    """Global names the kept code reads: in function and class bodies, at module level, and
    ``COUNT += 1`` after ``global COUNT`` (which symtable counts as an assignment only)."""
    read: set[str] = set()
    declared: set[str] = set()
    for table in _tables(kept):
        module = table.get_type() == "module"
        for symbol in table.get_symbols():
            if symbol.is_referenced() and (module or symbol.is_global()):
                read.add(symbol.get_name())
            if symbol.is_declared_global():
                declared.add(symbol.get_name())
    if declared:
        tree = ast.parse(kept)
        read |= {n.target.id for n in ast.walk(tree) if isinstance(n, ast.AugAssign) and isinstance(n.target, ast.Name)
                 and n.target.id in declared}
    return read


def _assignments(top: ast.stmt) -> list[ast.Assign | ast.AnnAssign]:
    """Assignments in a top-level statement that bind module globals when they run: those at
    module level (in any block) and those after ``global NAME`` in a function body."""
    found: list[ast.Assign | ast.AnnAssign] = []

    def module_level(node: ast.AST) -> None:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            found.append(node)
        elif isinstance(node, _FUNCTIONS):
            function_level(node)
            return
        elif isinstance(node, ast.ClassDef):  # its assignments are class attributes; its methods may use global
            for method in (n for n in ast.walk(node) if isinstance(n, _FUNCTIONS)):
                function_level(method)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                module_level(child)

    def function_level(function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        body = list(_own_nodes(function))
        declared = {name for n in body if isinstance(n, ast.Global) for name in n.names}
        found.extend(n for n in body if isinstance(n, (ast.Assign, ast.AnnAssign)) and _target_names(n)
                     and _target_names(n) <= declared)
        for nested in (n for n in body if isinstance(n, _FUNCTIONS)):
            function_level(nested)

    module_level(top)
    return found


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of a function's body, and nested functions themselves but not their bodies."""
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, _SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def _target_names(node: ast.Assign | ast.AnnAssign) -> set[str]:
    """The names an assignment binds, or nothing if any target is not a plain name (``b[0] = 1``)."""
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    names: set[str] = set()
    for target in targets:
        parts = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        if not all(isinstance(p, ast.Name) for p in parts):
            return set()
        names.update(p.id for p in parts)  # type: ignore[attr-defined]
    return names


def _reads(value: ast.expr) -> set[str]:
    """Names an expression reads when it runs (not in lambda bodies, not its own loop variables)."""
    loads, stores = set(), set()
    stack: list[ast.AST] = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            (loads if isinstance(node.ctx, ast.Load) else stores).add(node.id)
        if isinstance(node, ast.Lambda):
            stack.extend([*node.args.defaults, *(d for d in node.args.kw_defaults if d)])
        else:
            stack.extend(ast.iter_child_nodes(node))
    return loads - stores


def start_line(node: ast.stmt) -> int:
    """A statement's first line, its decorators included."""
    decorators = getattr(node, "decorator_list", None)
    return min([node.lineno, *(d.lineno for d in decorators)]) if decorators else node.lineno


def _compiles(source: str) -> bool:
    try:
        compile(source, "<kept>", "exec")
    except (SyntaxError, ValueError):
        return False
    return True
