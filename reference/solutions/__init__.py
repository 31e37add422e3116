"""The reference solutions in the course's own face, and the project's one notebook builder.

``reference/solutions/<game>.py`` is a model student solution for an assignment, written as the
notebook's cells in ``# %%`` percent format (self-contained: student code is graded in a sandbox
that cannot import ``reference``). :func:`write_reference_submission` turns it into the nbformat
notebook a student would hand in; the validity suite grades it and mutants of it. Whatever else
writes a notebook (mutants, the benchmark's class padded from the committed samples) goes through
:func:`build_notebook` too, and :func:`read_cells` reads one back.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

#: the assignments (rubric.yaml) with a reference solution, each in the module of its name here
SOLUTIONS = tuple(sorted(path.stem for path in HERE.glob("*.py") if path.stem != "__init__"))

METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"},
}

_CELL_MARK = re.compile(r"^# %%(?P<markdown> \[markdown\])?[ \t]*$")


@dataclass(frozen=True)
class Cell:
    """One notebook cell: ``"code"`` or ``"markdown"``, its source, and a code cell's recorded outputs
    (nbformat output dicts, as a student's last run left them)."""

    kind: str
    source: str
    outputs: tuple[Mapping[str, Any], ...] = ()


def solution_path(assignment: str) -> Path:
    """The percent-format file of ``assignment``'s reference solution."""
    if assignment not in SOLUTIONS:
        raise ValueError(f"no reference solution for assignment {assignment!r}; known: {', '.join(SOLUTIONS)}")
    return HERE / f"{assignment}.py"


def reference_cells(assignment: str) -> list[Cell]:
    """The cells of ``assignment``'s reference solution; the module docstring before the first cell is left out."""
    return percent_cells(solution_path(assignment).read_text(encoding="utf-8"))


def percent_cells(text: str) -> list[Cell]:
    """Split ``# %%`` percent-format text into cells (markdown lines lose their leading ``# ``)."""
    cells: list[Cell] = []
    kind, lines = None, []

    def flush() -> None:
        if kind is None:
            return
        if kind == "markdown":
            body = [re.sub(r"^# ?", "", line) for line in lines]
        else:
            body = lines
        source = "\n".join(body).strip("\n")
        if source.strip():
            cells.append(Cell(kind, source))

    for line in text.splitlines():
        mark = _CELL_MARK.match(line)
        if mark:
            flush()
            kind, lines = ("markdown" if mark.group("markdown") else "code"), []
        else:
            lines.append(line)
    flush()
    return cells


def build_notebook(cells: Sequence[Cell], name: str = "reference",
                   metadata: Mapping[str, Any] | None = None) -> nbformat.NotebookNode:
    """An nbformat v4 notebook of ``cells``, with stable cell ids (a rebuild gives the same file).

    Code cells with outputs are numbered in order, as if the notebook had been run top to bottom once.
    """
    nb = new_notebook(metadata=nbformat.from_dict(dict(metadata or METADATA)))
    count = 0
    for i, cell in enumerate(cells):
        if cell.kind == "markdown":
            node = new_markdown_cell(cell.source)
        elif cell.kind == "code":
            node = new_code_cell(cell.source)
            if cell.outputs:
                count += 1
                node.execution_count = count
                node.outputs = [nbformat.from_dict(dict(output)) for output in cell.outputs]
        else:
            raise ValueError(f"{name}: cell {i} has kind {cell.kind!r}; expected 'code' or 'markdown'")
        node.id = hashlib.sha1(f"{name}:{i}".encode()).hexdigest()[:8]
        nb.cells.append(node)
    nbformat.validate(nb)
    return nb


def write_notebook(cells: Sequence[Cell], path: str | Path, metadata: Mapping[str, Any] | None = None) -> Path:
    """Write ``cells`` as a notebook at ``path`` (folders made as needed)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        nbformat.write(build_notebook(cells, path.stem, metadata), f)
    return path


def read_cells(path: str | Path) -> list[Cell]:
    """The markdown and code cells of the notebook at ``path``, recorded outputs included (raw cells left out)."""
    nb = nbformat.read(path, as_version=4)
    return [Cell(c.cell_type, c.source, tuple(c.get("outputs", ()))) for c in nb.cells
            if c.cell_type in ("markdown", "code")]


def write_reference_submission(assignment: str, path: str | Path) -> Path:
    """Write ``assignment``'s reference solution as a submission notebook at ``path``; returns the path."""
    return write_notebook(reference_cells(assignment), path)


__all__ = ["Cell", "SOLUTIONS", "build_notebook", "percent_cells", "read_cells", "reference_cells", "solution_path",
           "write_notebook", "write_reference_submission"]
