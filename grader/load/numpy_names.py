"""The numpy attributes a submission's kept code uses, so the feedback can name the numpy 1 names
(``np.Inf``, ``np.float``) that the grader's numpy lacks and the sandbox restores."""

from __future__ import annotations

import ast
from typing import Sequence

from grader.load.definitions import CodeCell


def numpy_attributes(cells: Sequence[CodeCell]) -> dict[str, int]:
    """Each ``numpy.NAME`` the kept code reads (through ``np`` or any alias, or ``from numpy import
    NAME``), with the notebook index of the first cell that does."""
    aliases = {"np", "numpy"}
    used: dict[str, int] = {}
    for cell in cells:
        try:
            tree = ast.parse(cell.kept)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        nodes = list(ast.walk(tree))
        for node in nodes:
            if isinstance(node, ast.Import):
                aliases.update(a.asname or a.name for a in node.names if a.name == "numpy")
            elif isinstance(node, ast.ImportFrom) and node.module == "numpy" and node.level == 0:
                for alias in node.names:
                    used.setdefault(alias.name, cell.index)
        for node in nodes:
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
                used.setdefault(node.attr, cell.index)
    return used
