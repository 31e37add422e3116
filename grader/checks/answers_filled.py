"""The notebook's answer cells are filled in: no template placeholder is left behind.

A code cell is unfilled while it still has the template's ``raise NotImplementedError`` (not the
abstract method of a base class that the code subclasses: the textbook's ``Game``), a
"YOUR CODE HERE" line or a ``# TODO`` comment; a markdown cell while it still says "YOUR ANSWER
HERE". Which cells are answer cells:

- a notebook made with nbgrader marks them (``metadata.nbgrader.solution``): those, and only those;
- otherwise, with ``params.answer_cells`` (how many the blank template has), that many, of which
  the cells still holding a placeholder are the unfilled ones;
- otherwise every code cell, and every markdown cell still holding a placeholder.

Credit is the share of answer cells filled (``params.partial: false`` makes it all or nothing).
Code comes from the loaded submission's cells (so .py and .html files are judged too); markdown
and nbgrader marks are read from the .ipynb file itself.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import nbformat

from grader.check_params import AnswersFilledParams
from grader.checks.base import FileCheck, Outcome, share
from grader.checks.context import CheckContext

if TYPE_CHECKING:
    from grader.load.submission import Submission
    from grader.rubric import CheckSpec


CODE_PLACEHOLDERS = {
    "raise NotImplementedError": re.compile(r"^\s*raise\s+NotImplementedError\b", re.MULTILINE),
    "YOUR CODE HERE": re.compile(r"your\s+code\s+here", re.IGNORECASE),
    "# TODO": re.compile(r"#\s*TODO\b"),
}
MARKDOWN_PLACEHOLDERS = {"YOUR ANSWER HERE": re.compile(r"your\s+answer\s+here", re.IGNORECASE)}


@dataclass(frozen=True)
class AnswerCell:
    """One answer cell: its number in the notebook, its type and the placeholders it still holds."""

    index: int
    cell_type: str
    placeholders: tuple[str, ...]

    @property
    def filled(self) -> bool:
        return not self.placeholders


def placeholders_in(source: str, cell_type: str, bases: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The template placeholders still in a cell's source (none: the cell is filled in); ``bases`` are
    the classes the code subclasses, whose ``raise NotImplementedError`` methods are abstract."""
    patterns = CODE_PLACEHOLDERS if cell_type == "code" else MARKDOWN_PLACEHOLDERS
    found = tuple(name for name, pattern in patterns.items() if pattern.search(source))
    if "raise NotImplementedError" in found and bases and not _placeholder_raises(source, bases):
        found = tuple(name for name in found if name != "raise NotImplementedError")
    return found


def subclassed(sources: list[str]) -> frozenset[str]:
    """Names of the classes that some class in the code derives from."""
    names: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        names |= {b.id for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                  for b in node.bases if isinstance(b, ast.Name)}
    return frozenset(names)


def _placeholder_raises(source: str, bases: frozenset[str]) -> bool:
    """Whether a ``raise NotImplementedError`` stands outside the abstract methods of ``bases``."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return True
    abstract = {id(node) for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef) and cls.name in bases
                for node in ast.walk(cls)}
    return any(isinstance(node, ast.Raise) and id(node) not in abstract and "NotImplementedError" in ast.unparse(node)
               for node in ast.walk(tree))


class AnswersFilled(FileCheck):
    """The template's answer cells hold answers, not placeholders."""

    Params = AnswersFilledParams

    def judge_file(self, ctx: CheckContext, spec: CheckSpec, submission: Submission) -> Outcome:
        notebook = _read_notebook(Path(submission.path)) if submission.kind == "ipynb" else None
        marked = _nbgrader_answer_cells(notebook) if notebook is not None else []
        if marked:
            cells, total = marked, len(marked)
            how = "marked as answer cells by nbgrader"
        else:
            bases = subclassed([c.source for c in submission.cells])
            cells = [AnswerCell(c.index, "code", placeholders_in(c.source, "code", bases)) for c in submission.cells]
            if notebook is not None:
                cells += [AnswerCell(i, "markdown", found) for i, c in enumerate(notebook.cells)
                          if c.cell_type == "markdown" and (found := placeholders_in(c.source, "markdown"))]
            cells.sort(key=lambda c: c.index)
            expected = spec.settings.answer_cells
            total = int(expected) if expected is not None else len(cells)
            how = "in the template" if expected is not None else "in the notebook"
        unfilled = [c for c in cells if not c.filled]
        if not total:
            return Outcome(0.0, "the notebook has no answer cells to fill in")
        filled = max(total - len(unfilled), 0)
        cells_are = "answer cell" + (f" {how} is" if total == 1 else f"s {how} are")
        if not unfilled:
            return Outcome(1.0, f"the one {cells_are} filled in" if total == 1 else f"all {total} {cells_are} filled in")
        by_placeholder: dict[str, list[int]] = {}  # the same placeholder in 20 cells is said once
        for c in unfilled:
            by_placeholder.setdefault(f"{c.cell_type}: {', '.join(c.placeholders)}", []).append(c.index)
        listed = "; ".join(f"cell {numbers[0]} ({what})" if len(numbers) == 1 else
                           f"{len(numbers)} cells ({what}): {', '.join(map(str, numbers))}"
                           for what, numbers in by_placeholder.items())
        fraction = share(filled, total) if spec.settings.partial else 0.0
        return Outcome(fraction, f"{filled} of {total} {cells_are} filled in; "
                                 f"still a placeholder in {listed}")


def _read_notebook(path: Path) -> nbformat.NotebookNode | None:
    try:
        return nbformat.read(path, as_version=4)
    except Exception:  # the load step has already reported an unreadable notebook
        return None


def _nbgrader_answer_cells(notebook: nbformat.NotebookNode) -> list[AnswerCell]:
    return [AnswerCell(i, c.cell_type, placeholders_in(c.source, c.cell_type))
            for i, c in enumerate(notebook.cells)
            if c.cell_type in ("code", "markdown") and c.get("metadata", {}).get("nbgrader", {}).get("solution")]
