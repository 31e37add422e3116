"""The packages import in one direction: no module of ``grader/`` or ``reference/`` imports, at module
level, a module that imports it back (directly or through others).

The graph is read from the source (``ast``), so a cycle is caught before it bites at import time.
Imports inside functions and under ``if TYPE_CHECKING:`` do not run when a module loads and are left
out. Importing ``a.b.c`` also runs the ``__init__`` of ``a.b``: that is an edge too, unless the importer
lives in ``a.b`` itself (a package's ``__init__`` re-exporting its own modules, which import each
other, is how a package says what it offers, not a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Collection

import pytest

from tests.paths import ROOT

PACKAGES = ("grader", "reference")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _module_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The import statements that run when the module loads (also inside try/if at top level)."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and not _type_checking_only(node):
            pending.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            pending.extend(node.body + node.orelse + node.finalbody + [s for h in node.handlers for s in h.body])
    return found


def _every_import(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, wherever it is: in a function (lazy) or under ``if TYPE_CHECKING:``."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


def imports_of(name: str, source: str, modules: Collection[str], *, is_package: bool = False,
               lazy: bool = False) -> set[str]:
    """The project modules that loading module ``name`` (whose code is ``source``) imports; with ``lazy``,
    also those its functions import when they run and those it imports for types only."""
    out: set[str] = set()
    tree = ast.parse(source)
    for node in _every_import(tree) if lazy else _module_level_imports(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from pkg import mod`` imports the module pkg.mod; ``from mod import name`` imports mod
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
        for target in targets:
            out.update(p for p in [target, *_packages_above(target, name)] if p in modules and p != name)
    return out


def _packages_above(target: str, importer: str) -> list[str]:
    """The packages whose ``__init__`` importing ``target`` runs, leaving out the importer's own."""
    parts = target.split(".")
    own = importer.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts)) if parts[:i] != own[:i]]


def import_graph(*, lazy: bool = False) -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(name, path.read_text(encoding="utf-8"), modules, is_package=path.name == "__init__.py",
                             lazy=lazy)
            for name, path in modules.items()}


def grader_outside(graph: dict[str, set[str]], left_out: tuple[str, ...]) -> dict[str, set[str]]:
    """The graph between the grader's modules, without those under ``left_out``."""
    def kept(name: str) -> bool:
        return name.startswith("grader") and not name.startswith(left_out)
    return {name: {m for m in targets if kept(m)} for name, targets in graph.items() if kept(name)}


def by_package(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph between the grader's packages and top-level modules (``grader.checks``, ``grader.rubric``)."""
    top = {}
    for name, targets in graph.items():
        if name.startswith("grader."):
            package = ".".join(name.split(".")[:2])
            top.setdefault(package, set()).update(".".join(t.split(".")[:2]) for t in targets
                                                  if t.startswith("grader.") and not t.startswith(package + ".")
                                                  and t != package)
    return top


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


SOURCE = """
from typing import TYPE_CHECKING
import pkg.a
from pkg.sub import c
from ..sub.d import thing
from . import e
try:
    from pkg import f
except ImportError:
    pass
if TYPE_CHECKING:
    from pkg import typed
def later():
    from pkg import lazy
"""
MODULES = {"pkg", "pkg.a", "pkg.sub", "pkg.sub.c", "pkg.sub.d", "pkg.x.e", "pkg.f", "pkg.typed", "pkg.lazy",
           "pkg.x", "pkg.x.y"}


def test_the_graph_has_what_runs_when_a_module_loads():
    found = imports_of("pkg.x.y", SOURCE, MODULES)
    assert {"pkg.a", "pkg.sub.c", "pkg.f", "pkg.sub.d", "pkg.x.e"} <= found  # plain, from, in try, relative
    assert "pkg.sub" in found  # importing pkg.sub.c runs pkg/sub/__init__.py
    assert not {"pkg", "pkg.x"} & found  # the importer's own packages
    assert not {"pkg.typed", "pkg.lazy"} & found  # types only, and a function's import


def test_the_project_graph_sees_across_packages():
    graph = import_graph()
    assert "grader.checks.base" in graph["grader.checks._role_answers"]
    assert "grader.play" in graph["grader.checks.agent_strength"]  # importing grader.play.referee runs the package file


@pytest.mark.parametrize("graph, cycle", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"b"}, "b": set()}, None),
])
def test_find_cycle_finds_a_cycle_and_only_a_cycle(graph, cycle):
    assert find_cycle(graph) == cycle


def test_no_module_imports_itself_back():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_lazy_graph_has_imports_in_functions_and_for_types():
    found = imports_of("pkg.x.y", SOURCE, MODULES, lazy=True)
    assert {"pkg.typed", "pkg.lazy", "pkg.a", "pkg.f"} <= found


def test_no_module_imports_itself_back_even_lazily_or_for_types():
    """A cycle through an import inside a function or under ``if TYPE_CHECKING:`` does not fail at import
    time, but it still ties the two modules together: neither can be read, tested or moved alone."""
    cycle = find_cycle(grader_outside(import_graph(lazy=True), ()))
    assert cycle is None, "import cycle (lazy and type-only imports counted): " + " -> ".join(cycle or [])


def test_no_package_imports_itself_back_even_lazily_or_for_types():
    """Packages too import in one direction (checks -> tournament -> batch -> checks was one such loop)."""
    cycle = find_cycle(by_package(grader_outside(import_graph(lazy=True), ())))
    assert cycle is None, "import cycle between packages: " + " -> ".join(cycle or [])


def test_the_package_graph_sees_a_loop_between_packages():
    graph = {"grader.a.x": {"grader.b.y"}, "grader.b.y": {"grader.a.z"}, "grader.a.z": set()}
    assert find_cycle(by_package(graph)) == ["grader.a", "grader.b", "grader.a"]


def test_building_the_command_line_loads_no_grading_code():
    """``grader --help`` builds every parser: it must not load the sandbox, the adapter, the checks, the
    reports, the tournament's referee or a game (numpy: they took seconds to import; commands import them
    when they run)."""
    import subprocess
    import sys

    code = ("import sys, grader.cli; grader.cli._parser(); "
            "print(' '.join(m for m in sys.modules if m.startswith(('grader.', 'reference.', 'numpy', 'pandas', "
            "'matplotlib'))))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                cwd=ROOT).stdout.split())
    heavy = {m for m in loaded if m.startswith(("grader.sandbox", "grader.adapt", "grader.checks", "grader.report",
                                                "grader.rubric", "grader.play.referee", "reference.games.",
                                                "numpy", "pandas", "matplotlib")) and m != "reference.games.base"}
    assert not heavy, f"the command line's parser loads {sorted(heavy)}"


def test_checking_one_notebook_loads_no_sheets_or_batch_code():
    """``grader check`` grades one notebook and prints it: it must not load pandas (the sheets and Canvas
    need it; it took a second of every check to import) or the batch's machinery."""
    import subprocess
    import sys

    code = ("import sys, pathlib, grader.cli, grader.grading, grader.report.terminal, grader.rubric; "
            "from grader import pipeline; "
            "pipeline.plan([pathlib.Path('submissions/connect4/alice_complete.ipynb')], grader.rubric.load_rubric(None)); "
            "print(' '.join(m for m in sys.modules if m.startswith(('grader.batch', 'grader.cluster', 'pandas'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout.split()
    assert not loaded, f"checking a notebook loads {sorted(loaded)}"
