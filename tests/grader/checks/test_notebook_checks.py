"""Notebook-wide checks: the notebook runs top to bottom (confined), and its answer cells are filled in."""

from __future__ import annotations

import socket
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from grader.checks import notebook_runs
from grader.checks.kinds import KINDS
from grader.checks.context import CheckContext
from grader.load import CellRun, FullRun, load_submission
from grader.load.full_run import ERROR, OK, TIMEOUT
from grader.rubric import Assignment, CheckSpec, RubricError, Task, load_rubric
from grader.sandbox import isolation
from tests.paths import ROOT



def connect4_assignment() -> Assignment:
    try:
        return load_rubric().assignment("connect4")
    except RubricError:  # other check kinds named by the bundled rubric may still be landing
        return Assignment(title="Connect 4", game="connect4", board={"rows": 6, "cols": 7},
                          tasks=[Task(name="notebook", checks=[CheckSpec(kind="manual", points=1)])])


def context_for(path: Path) -> CheckContext:
    assignment = connect4_assignment()
    return CheckContext(assignment=assignment, game=assignment.make_game(), student=None,
                        submission=load_submission(path))


def write_notebook(tmp_path: Path, name: str, *cells) -> Path:
    path = tmp_path / name
    nbformat.write(new_notebook(cells=list(cells)), path)
    return path


def spec(kind: str, **params) -> CheckSpec:
    return CheckSpec(kind=kind, points=5, params=params)


CLEAN = [new_markdown_cell("# Connect 4"),
         new_code_cell("import numpy as np\n\ndef empty_board():\n    return np.zeros((6, 7), dtype=int)"),
         new_markdown_cell("Task 1: the board has 42 cells."),
         new_code_cell("board = empty_board()\nboard.shape")]


# --- runs top to bottom ----------------------------------------------------------------------

def test_clean_notebook_runs_for_full_credit(tmp_path):
    outcome = KINDS["notebook_runs"].run(context_for(write_notebook(tmp_path, "clean.ipynb", *CLEAN)),
                                         spec("notebook_runs"))
    assert outcome.fraction == 1.0
    assert outcome.resolved_status() == "passed"
    assert "all 2 code cells ran" in outcome.message


def test_raising_cell_is_named_with_its_error_and_later_cells_still_run(tmp_path):
    path = write_notebook(tmp_path, "raising.ipynb", *CLEAN,
                          new_code_cell("board[9, 9]"), new_code_cell("later = 1"))
    outcome = KINDS["notebook_runs"].run(context_for(path), spec("notebook_runs", partial=True))
    assert outcome.fraction == pytest.approx(3 / 4)
    assert "cell 4 raised IndexError: index 9 is out of bounds" in outcome.message
    assert "3 of 4 code cells ran ok" in outcome.message


def test_infinite_loop_is_stopped_at_the_cell_limit_and_the_run_goes_on(tmp_path):
    path = write_notebook(tmp_path, "loop.ipynb", new_code_cell("x = 1"), new_code_cell("while True:\n    pass"),
                          new_code_cell("y = x + 1"), new_code_cell("assert y == 2"))
    outcome = KINDS["notebook_runs"].run(context_for(path), spec("notebook_runs", cell_seconds=2, partial=True))
    assert outcome.fraction == pytest.approx(3 / 4)
    assert "cell 1 was stopped at the 2 s limit per cell" in outcome.message


def test_without_partial_credit_one_failing_cell_scores_zero():
    cells = [CellRun(0, OK), CellRun(1, ERROR, "NameError", "name 'np' is not defined"), CellRun(2, TIMEOUT)]
    full = FullRun(Path("nb.ipynb"), cells, False, 1.0, 0.5)
    outcome = notebook_runs.judge_run(full, cell_seconds=60, partial=False)
    assert (outcome.fraction, outcome.resolved_status()) == (0.0, "timeout")
    assert outcome.message.startswith("1 of 3 code cells ran ok; cell 1 raised NameError: name 'np' is not defined")
    errors_only = FullRun(Path("nb.ipynb"), cells[:2], False, 1.0, 0.5)
    assert notebook_runs.judge_run(errors_only, cell_seconds=60, partial=False).resolved_status() == "failed"


def test_a_script_is_not_run_and_scores_zero_with_the_reason(tmp_path):
    path = tmp_path / "connect4.py"
    path.write_text("# %%\nx = 1\n", encoding="utf-8")
    outcome = KINDS["notebook_runs"].run(context_for(path), spec("notebook_runs"))
    assert (outcome.fraction, outcome.resolved_status()) == (0.0, "skipped")
    assert "not a Jupyter notebook" in outcome.message


@pytest.mark.skipif("bubblewrap" not in isolation.available_levels(), reason="bubblewrap is not usable here")
def test_kernel_under_bubblewrap_cannot_see_the_grader_or_write_the_system(tmp_path):
    # The grader's own files, not its folder: a venv inside the repo (under /tmp, say) is bound
    # read-only, which makes bubblewrap create the empty folders above it.
    probe = (f"import os\nassert not os.path.exists({str(ROOT / 'grader' / 'grading.py')!r}), 'sees the grader'\n"
             "try:\n    open('/usr/evil', 'w')\nexcept OSError:\n    pass\nelse:\n    raise AssertionError('wrote /usr')\n"
             "open('scratch.txt', 'w').write('the working folder is writable')")
    path = write_notebook(tmp_path, "probe.ipynb", new_code_cell(probe))
    outcome = KINDS["notebook_runs"].run(context_for(path), spec("notebook_runs"))
    assert outcome.fraction == 1.0, outcome.message


@pytest.mark.skipif("bubblewrap" not in isolation.available_levels(), reason="bubblewrap is not usable here")
def test_kernel_under_bubblewrap_has_no_network(tmp_path):
    listener = socket.create_server(("127.0.0.1", 0))
    probe = ("import socket\ntry:\n    socket.create_connection(('127.0.0.1', %d), timeout=2)\n"
             "except OSError:\n    pass\nelse:\n    raise AssertionError('reached the host network')"
             % listener.getsockname()[1])
    path = write_notebook(tmp_path, "net.ipynb", new_code_cell(probe))
    with listener:
        outcome = KINDS["notebook_runs"].run(context_for(path), spec("notebook_runs"))
    assert outcome.fraction == 1.0, outcome.message


# --- answer cells filled in ------------------------------------------------------------------

def test_filled_notebook_gets_full_credit(tmp_path):
    outcome = KINDS["answers_filled"].run(context_for(write_notebook(tmp_path, "clean.ipynb", *CLEAN)),
                                          spec("answers_filled"))
    assert outcome.fraction == 1.0
    assert "all 2 answer cells" in outcome.message


def test_one_answer_cell_is_said_in_the_singular(tmp_path):
    path = write_notebook(tmp_path, "one.ipynb", *CLEAN[:2])
    outcome = KINDS["answers_filled"].run(context_for(path), spec("answers_filled"))
    assert outcome.message == "the one answer cell in the notebook is filled in"
    path = write_notebook(tmp_path, "stub.ipynb", new_code_cell("def actions(board):\n    raise NotImplementedError"))
    outcome = KINDS["answers_filled"].run(context_for(path), spec("answers_filled"))
    assert outcome.message.startswith("0 of 1 answer cell in the notebook is filled in; still a placeholder in cell 0")


def test_placeholders_left_in_code_and_markdown_are_listed_by_cell(tmp_path):
    path = write_notebook(tmp_path, "unfilled.ipynb", *CLEAN,
                          new_code_cell("def alpha_beta_search(board, player):\n    # YOUR CODE HERE\n"
                                        "    raise NotImplementedError()"),
                          new_markdown_cell("**Discussion:** YOUR ANSWER HERE"),
                          new_code_cell("def heuristic(board):\n    return 0  # TODO: count threats"))
    outcome = KINDS["answers_filled"].run(context_for(path), spec("answers_filled"))
    assert outcome.fraction == pytest.approx(2 / 5)  # 4 code cells and the markdown placeholder
    assert "cell 4 (code: raise NotImplementedError, YOUR CODE HERE)" in outcome.message
    assert "cell 5 (markdown: YOUR ANSWER HERE)" in outcome.message
    assert "cell 6 (code: # TODO)" in outcome.message
    assert "cell 2" not in outcome.message


def test_template_count_of_answer_cells_sets_the_share(tmp_path):
    path = write_notebook(tmp_path, "unfilled.ipynb", *CLEAN, new_markdown_cell("YOUR ANSWER HERE"))
    outcome = KINDS["answers_filled"].run(context_for(path), spec("answers_filled", answer_cells=4))
    assert outcome.fraction == pytest.approx(3 / 4)
    assert "3 of 4 answer cells in the template" in outcome.message
    assert KINDS["answers_filled"].run(context_for(path), spec("answers_filled", partial=False)).fraction == 0.0


def test_nbgrader_solution_cells_are_the_only_answer_cells(tmp_path):
    solution = {"nbgrader": {"solution": True, "grade": False}}
    helper = new_code_cell("class Agent:\n    def act(self, board):\n        raise NotImplementedError")
    answer = new_code_cell("def random_player(board, player=1):\n    return 3", metadata=solution)
    blank = new_markdown_cell("YOUR ANSWER HERE", metadata=solution)
    path = write_notebook(tmp_path, "nbgrader.ipynb", helper, answer, blank)
    outcome = KINDS["answers_filled"].run(context_for(path), spec("answers_filled"))
    assert outcome.fraction == pytest.approx(1 / 2)
    assert "cell 2 (markdown" in outcome.message and "cell 0" not in outcome.message


def test_abstract_methods_of_a_subclassed_base_are_not_placeholders(tmp_path):
    """The textbook's Game raises NotImplementedError in methods its games override: not unfinished work."""
    base = ("class Game:\n    def actions(self, state):\n        raise NotImplementedError\n\n"
            "class TicTacToe(Game):\n    def actions(self, state):\n        return state.moves\n")
    path = write_notebook(tmp_path, "textbook.ipynb", *CLEAN, new_code_cell(base),
                          new_code_cell("def result(state, move):\n    raise NotImplementedError"))
    outcome = KINDS["answers_filled"].run(context_for(path), spec("answers_filled"))
    assert f"cell {len(CLEAN)} " not in outcome.message  # the base class is filled in
    assert f"cell {len(CLEAN) + 1} (code: raise NotImplementedError)" in outcome.message
