"""Each top-level statement of a cell is compiled on its own, as IPython runs a cell: a statement
Python refuses loses only itself, and statements refused only beside one another (``x = 1`` then
``global x``) all run."""

from __future__ import annotations

import numpy as np
import pytest

from grader.load import RawCell, definitions_only, filter_cell, load_submission
from grader.load.definitions import lost_definitions
from grader.sandbox import Sandbox
from tests.helpers.loading import run_kept
from tests.paths import TESTS

NOTEBOOK = TESTS / "notebooks" / "global_after_use.ipynb"


@pytest.fixture(scope="module")
def loaded():
    submission = load_submission(NOTEBOOK)
    with Sandbox() as box:
        report = box.load([cell.kept for cell in submission.cells])
        yield submission, box, report.cells


def test_global_after_use_keeps_the_rest_of_the_cell(loaded):
    submission, box, cells = loaded
    first = submission.cells[0]
    assert first.syntax_error is None and first.skipped == ()
    assert "import numpy as np" in first.kept and "global moves_played" in first.kept
    assert cells[0].ok, cells[0].message
    assert box.call("empty_board").value.shape == (6, 7)
    assert box.names()["np"].kind == "module"


def test_a_def_the_compiler_refuses_loses_only_itself(loaded):
    submission, box, cells = loaded
    second = submission.cells[1]
    assert (second.syntax_error.line, second.syntax_error.message) == (
        1, "name 'moves_played' is assigned to before global declaration")
    assert "def count_move" not in second.kept and "def actions" in second.kept
    assert box.call("actions", np.zeros((6, 7), dtype=int)).value == list(range(7))
    assert "count_move" not in box.names()
    assert lost_definitions(submission.cells) == {
        "count_move": "cell 2 is not valid Python at line 1: name 'moves_played' is assigned to before global declaration"}
    assert any("cell 2 is not valid Python" in p and "the statement with the error is missing" in p
               for p in submission.problems)


def test_statements_refused_only_together_are_all_kept_and_run_one_by_one():
    cell = filter_cell("import math\nlimit = 3\nglobal limit\nroot = math.sqrt(limit)")
    assert cell.syntax_error is None
    assert [s.source for s in cell.kept_statements] == ["import math", "limit = 3", "global limit",
                                                        "root = math.sqrt(limit)"]
    assert run_kept(definitions_only([RawCell(0, cell.kept)]))["root"] == 3 ** 0.5


def test_a_second_refused_statement_is_listed_and_the_others_stay():
    cell = filter_cell("import math\nnonlocal a\nb = 2\nnonlocal c\n")
    assert (cell.syntax_error.line, cell.syntax_error.message) == (2, "nonlocal declaration not allowed at module level")
    assert [(s.line, s.reason) for s in cell.skipped] == [
        (4, "not valid Python: nonlocal declaration not allowed at module level")]
    assert [s.source for s in cell.kept_statements] == ["import math", "b = 2"]


def test_a_cell_that_does_not_parse_and_has_a_global_after_use_keeps_its_import():
    cell = filter_cell("import math\nlimit = 3\nglobal limit\n\ndef broken(:\n    pass\n")
    assert cell.syntax_error.line == 5
    assert [s.source for s in cell.kept_statements] == ["import math", "limit = 3", "global limit"]


def test_a_global_after_use_does_not_hide_the_cells_bindings_from_needed_globals():
    """LIMIT is bound by kept code (beside a global after use), so the loop's LIMIT = 5 stays skipped."""
    cells = definitions_only([
        RawCell(0, "LIMIT = 3\nglobal LIMIT\n\ndef limit():\n    return LIMIT"),
        RawCell(1, "for trial in range(2):\n    LIMIT = 5"),
    ])
    assert [s.reason for cell in cells for s in cell.kept_statements if s.reason] == []
    assert run_kept(cells)["limit"]() == 3
