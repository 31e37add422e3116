"""Loading repairs what old notebooks lose: packages the grader lacks, numpy 1 names, and globals
that only skipped code assigns. Each repair is said in the feedback."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from grader.grading import grade_submission
from grader.load import RawCell, definitions_only, filter_cell, load_submission
from grader.rubric import load_rubric
from grader.sandbox import Sandbox
from tests.helpers.loading import run_kept
from tests.paths import TESTS

NOTEBOOKS = TESTS / "notebooks"


def loaded(path: Path) -> tuple[Sandbox, list]:
    """A sandbox holding a fixture's kept code, and the load report's cells."""
    submission = load_submission(path)
    box = Sandbox()
    report = box.load([cell.kept for cell in submission.cells])
    return box, report.cells


def kept_assignments(cells) -> list[tuple[int, str, str]]:
    return [(cell.index, s.source, s.reason) for cell in cells for s in cell.kept_statements if s.reason]




# --- packages the grader lacks -------------------------------------------------------------------


@pytest.fixture(scope="module")
def missing_packages():
    box, cells = loaded(NOTEBOOKS / "missing_packages.ipynb")
    with box:
        yield box, cells


def test_missing_plotting_package_keeps_later_definitions(missing_packages):
    box, cells = missing_packages
    assert [c.ok for c in cells] == [True, True, True], [c.message for c in cells]
    assert box.call("actions", np.zeros((6, 7), dtype=int)).value == list(range(7))


def test_stand_in_takes_submodules_from_imports_subscripts_decorators_and_base_classes(missing_packages):
    box, _ = missing_packages
    board = np.zeros((6, 7), dtype=int)
    board[5, 3] = 1
    assert box.call("count_discs", board).value == 1  # @njit(cache=True) left the function as it was
    env = box.create("Connect4Env").value
    assert box.call(env.attr("reset")).value.shape == (6, 7)
    assert box.names()["spaces"].kind == "module"  # never taken for a student's function


def test_graded_code_calling_a_missing_package_fails_naming_it(missing_packages):
    box, _ = missing_packages
    r = box.call("show", [[0, 1]])
    assert (r.ok, r.error_type) == (False, "ModuleNotFoundError")
    assert r.message.startswith("`absent_tables` is not installed for grading: the grader replaced it with a stand-in")


def test_a_script_loses_only_its_failing_statement():
    box, cells = loaded(NOTEBOOKS / "failing_statement_script.py")
    with box:
        (cell,) = cells
        assert (cell.ok, cell.error_type, cell.message) == (False, "NameError", "name 'COLS' is not defined")
        assert box.call("terminal", np.zeros((6, 7), dtype=int)).value is False


def test_only_a_cells_own_import_outside_the_standard_library_gets_a_stand_in():
    cells = ["import xml.absent_submodule", "def plot():\n    import absent_plotting\n    return 1", "import absent_tables"]
    with Sandbox(cells) as box:
        assert [(c.ok, c.error_type) for c in box.load_report.cells] == [
            (False, "ModuleNotFoundError"), (True, ""), (True, "")]
        r = box.call("plot")  # imported when graded code runs: a plain error
        assert (r.error_type, r.message) == ("ModuleNotFoundError", "No module named 'absent_plotting'")
        report = box.call("__grader_load_report__").value
        assert report["stand_ins"] == [{"module": "absent_tables", "needs": "", "cell": 2}]


# --- numpy 1 names -----------------------------------------------------------------------------------


def test_numpy_1_names_are_restored_for_loading_and_graded_code():
    box, cells = loaded(NOTEBOOKS / "numpy1_names.ipynb")
    with box:
        assert all(c.ok for c in cells), [c.message for c in cells]
        assert box.call("utility", np.zeros((6, 7))).value == 2.0
        assert box.call("worst", np.zeros((6, 7))).value == -np.inf


# --- globals only skipped code assigns ----------------------------------------------------------------


@pytest.fixture(scope="module")
def globals_notebook():
    return load_submission(NOTEBOOKS / "globals_set_in_skipped_code.ipynb").cells


def test_global_set_only_in_skipped_cell_is_kept(globals_notebook):
    kept = kept_assignments(globals_notebook)
    assert (3, "memo = {}", "your functions read memo, which only line 3 sets, in code that loading does not run") in kept
    assert globals_notebook[3].kept.splitlines()[2] == "memo = {}"  # on its own line, alone
    assert "DEBUG = 1" not in globals_notebook[3].kept and "play_game" not in globals_notebook[3].kept


def test_the_last_cheap_assignment_of_a_global_is_the_one_kept(globals_notebook):
    assert [(index, source) for index, source, _ in kept_assignments(globals_notebook) if "DEBUG" in source] == [
        (4, "DEBUG = 0")
    ]


def test_global_set_only_by_a_function_that_experiments_call_is_kept(globals_notebook):
    assert (2, "COUNT = 0") in [(index, source) for index, source, _ in kept_assignments(globals_notebook)]
    namespace = run_kept(globals_notebook)
    assert namespace["count_moves"]("x  ") == 2 and namespace["COUNT"] == 1


def test_memoised_function_set_up_at_top_level_is_kept(globals_notebook):
    assert globals_notebook[6].kept.strip() == "cached_count = functools.lru_cache(maxsize=None)(count_moves)"
    assert run_kept(globals_notebook)["cached_count"]("   ") == 3
    cell = filter_cell("from functools import lru_cache, partial\nbest = lru_cache(None)(max)\nmove = partial(max)(1, 2)")
    assert [s.source for s in cell.kept_statements] == ["from functools import lru_cache, partial",
                                                          "best = lru_cache(None)(max)"]


def test_only_a_global_no_kept_code_binds_and_a_cheap_value_of_loaded_names_is_kept():
    cells = definitions_only([
        RawCell(0, "DEBUG = 0\ndef f():\n    return DEBUG + LEVEL + OTHER + DEPTH + SIZE"),
        RawCell(1, "def set_level(level):\n    global LEVEL\n    LEVEL = level"),
        RawCell(2, "for k in range(3):\n    OTHER = k\n    DEPTH = tune(k)"),
        RawCell(3, "if __name__ == '__main__':\n    DEBUG = 2\n    SIZE = len([1, 2, 3])\n    f()"),
    ])
    assert [(index, source) for index, source, _ in kept_assignments(cells)] == [(3, "SIZE = len([1, 2, 3])")]


# --- what the feedback says ----------------------------------------------------------------------------


def test_load_notes_name_the_stand_ins_the_restored_numpy_names_and_the_kept_globals(tmp_path):
    script = tmp_path / "notes.py"
    script.write_text(
        "import numpy as np\nfrom absent_tables import tabulate\n\n"
        "def utility(board, player='x'):\n    return np.Inf if DEBUG else 0\n\n"
        "if __name__ == '__main__':\n    DEBUG = False\n    print(tabulate([[utility(None)]]))\n"
    )
    result = grade_submission(script, "tictactoe", load_rubric().assignment("tictactoe"))
    assert "cell 0: `absent_tables` is not installed for grading: the grader replaced it with a stand-in so the rest" \
           " of the cell loads; graded code that calls it fails" in result.load_notes
    assert "cell 0: uses np.Inf, removed in numpy 2: restored for grading (today's spelling: np.inf)" in result.load_notes
    assert "cell 0: kept `DEBUG = False` alone: your functions read DEBUG, which only line 8 sets, in code that" \
           " loading does not run" in result.load_notes
