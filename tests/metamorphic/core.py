"""A staff solution as the hidden core of a generated submission: every name it defines at the top
level is renamed ``_core_<name>``, so the grader (which never takes a private name for a role) sees
only the face written over it, while the core's own source still shows how its agents search."""

from __future__ import annotations

import ast
from typing import Iterable, Sequence

PREFIX = "_core_"


def top_level_names(trees: Iterable[ast.Module]) -> set[str]:
    """Names bound by top-level ``def``, ``class`` and assignments (imports are left alone)."""
    names: set[str] = set()
    for tree in trees:
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    return names


def _bound_in(fn: ast.AST) -> set[str]:
    """Names local to a function or lambda: its parameters and what its own body binds."""
    args = fn.args
    local = {a.arg for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]}
    local |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    if isinstance(fn, ast.Lambda):
        return local
    declared_global: set[str] = set()
    stack = list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Global):
            declared_global.update(node.names)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            local.add(node.name)
            continue  # a nested scope binds its own names
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            local.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            local.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            local.add(node.name)
        stack.extend(ast.iter_child_nodes(node))
    return local - declared_global


class _Renamer(ast.NodeTransformer):
    """Renames module-level names, leaving names a function binds for itself as they are."""

    def __init__(self, names: set[str]):
        self.names = names
        self.scopes: list[set[str]] = []

    def _global(self, name: str) -> bool:
        return name in self.names and not any(name in scope for scope in self.scopes)

    def visit_Name(self, node: ast.Name) -> ast.Name:
        if self._global(node.id):
            node.id = PREFIX + node.id
        return node

    def visit_Global(self, node: ast.Global) -> ast.Global:
        node.names = [PREFIX + n if n in self.names else n for n in node.names]
        return node

    def _function(self, node):
        if not self.scopes and getattr(node, "name", "") in self.names:
            node.name = PREFIX + node.name
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        for deco in getattr(node, "decorator_list", []):
            self.visit(deco)
        self.scopes.append(_bound_in(node))
        for child in (node.body if isinstance(node.body, list) else [node.body]):
            self.visit(child)
        self.scopes.pop()
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.ClassDef:
        if not self.scopes and node.name in self.names:
            node.name = PREFIX + node.name
        for base in node.bases:
            self.visit(base)
        for item in node.body:  # a class body is no enclosing scope for its methods
            self.visit(item)
        return node


def hide(cells: Sequence[str]) -> list[str]:
    """The code cells with every top-level name of theirs made private (``_core_``)."""
    trees = [ast.parse(cell) for cell in cells]
    renamer = _Renamer(top_level_names(trees))
    return [ast.unparse(renamer.visit(tree)) for tree in trees]
