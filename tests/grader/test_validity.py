"""Validity of the rubric grading: the reference solution, packaged as a submission, earns
every automatic point, and each mutant (the reference plus one known bug) loses points exactly at
the checks that name its bug.

"Automatic" is every check whose status is not ``manual`` (hand-graded items); the notebook-wide
checks (answer cells filled in, notebook runs) are automatic too: the reference fills every answer
cell and runs top to bottom, and a mutant's extra cell changes neither. A sample of mutants runs by
default; all of them with ``--runslow``.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from grader.grading import grade_submission
from grader.rubric import load_rubric
from reference.games import load_game
from reference.solutions import (Cell, build_notebook, percent_cells, read_cells, reference_cells, write_notebook,
                                 write_reference_submission)
from tests.validity_mutants import DEFAULT_SAMPLE, MUTANTS, Mutant

RUBRIC = load_rubric()
ASSIGNMENTS = ("connect4", "dots_and_boxes", "tictactoe", "mean_connect4")
SEED = 0


def automatic(result):
    return [c for c in result.checks if c.status != "manual"]


def losses(result) -> dict[str, str]:
    """Automatic checks below full marks: name -> what the grader said."""
    return {c.check: f"{c.points}/{c.max_points} {c.status}: {c.message[:300]}" for c in automatic(result)
            if c.points < c.max_points}


def grade(path: Path, assignment: str):
    result = grade_submission(path, assignment, RUBRIC.assignment(assignment), seed=SEED)
    assert result.status == "graded", f"{path.name}: {result.status}: {result.message}"
    return result


# --- the course solutions agree with the reference games (before any grader is involved) ---


def same(a, b) -> bool:
    """Equal boards: numpy arrays cell by cell, lists and dicts (any key order) by ==."""
    return bool(np.array_equal(a, b)) if isinstance(a, np.ndarray) else a == b


def _course_module(assignment):
    import importlib

    return importlib.import_module(f"reference.solutions.{assignment}")


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_course_functions_agree_with_the_reference_game_on_random_games(assignment):
    course = _course_module(assignment)
    game = load_game(RUBRIC.assignment(assignment).game, **RUBRIC.assignment(assignment).board)
    marks = {1: "x", -1: "o"} if assignment == "tictactoe" else {1: 1, -1: -1}
    rng = random.Random(7)
    for _ in range(30):
        state = game.initial_state()
        while getattr(state, "plies", 0) < getattr(game, "max_plies", math.inf):  # Mean Connect 4 stops there
            board, player = game.to_course(state), game.to_move(state)
            assert course.terminal(board) == game.terminal(state)
            if game.terminal(state):
                for view in (1, -1):
                    assert course.utility(board, marks[view]) == game.utility(state, view)
                break
            mover = (marks[player],) if assignment == "mean_connect4" else ()  # mean moves depend on the mover
            assert sorted(map(repr, course.actions(board, *mover))) == sorted(map(repr, game.actions(state)))
            action = rng.choice(game.actions(state))
            after = course.result(board, marks[player], action)
            assert same(after, game.to_course(game.result(state, action)))
            assert same(board, game.to_course(state)), "result changed its input board"
            state = game.result(state, action)


def test_percent_cells_split_markdown_and_code():
    cells = percent_cells("'''doc'''\n# %% [markdown]\n# # Title\n#\n# text\n\n# %%\nx = 1\n\n# %%\n\n")
    assert cells == [Cell("markdown", "# Title\n\ntext"), Cell("code", "x = 1")]


def test_a_notebook_read_and_built_again_keeps_its_cells_outputs_and_run_order(tmp_path):
    output = {"output_type": "stream", "name": "stdout", "text": "3\n"}
    cells = [Cell("markdown", "# Title"), Cell("code", "x = 1"), Cell("code", "print(x + 2)", (output,)),
             Cell("code", "print(x)", (dict(output, text="1\n"),))]
    path = write_notebook(cells, tmp_path / "run.ipynb")
    assert read_cells(path) == cells
    counts = [c.get("execution_count") for c in build_notebook(cells).cells if c.cell_type == "code"]
    assert counts == [None, 1, 2]


def test_an_unknown_assignment_is_named_in_the_error(tmp_path):
    with pytest.raises(ValueError, match="'chess'"):
        write_reference_submission("chess", tmp_path / "x.ipynb")


# --- the reference submission earns every automatic point ---


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
def test_reference_submission_scores_full_marks_on_every_automatic_check(assignment, tmp_path):
    path = write_reference_submission(assignment, tmp_path / f"reference_{assignment}.ipynb")
    result = grade(path, assignment)
    assert automatic(result), "no automatic checks were run"
    assert losses(result) == {}


# --- each mutant loses points where its bug is named, and nowhere else ---


def _param(mutant: Mutant):
    marks = []
    if mutant.name not in DEFAULT_SAMPLE:
        marks.append(pytest.mark.slow)
    return pytest.param(mutant, id=mutant.name, marks=marks)


@pytest.mark.parametrize("mutant", [_param(m) for m in MUTANTS])
def test_mutant_loses_points_only_at_the_checks_that_name_its_bug(mutant: Mutant, tmp_path):
    names = {spec.title for task in RUBRIC.assignment(mutant.assignment).tasks for spec in task.checks}
    unknown = [n for n in mutant.loses if n not in names]
    assert not unknown, f"{mutant.name}: the rubric has no check named {unknown}"
    cells = reference_cells(mutant.assignment) + [Cell("code", mutant.cell)]
    result = grade(write_notebook(cells, tmp_path / f"{mutant.name}.ipynb"), mutant.assignment)
    lost = losses(result)
    missed = [n for n in mutant.loses if n not in lost]
    extra = {n: why for n, why in lost.items() if n not in mutant.loses}
    assert not missed, f"{mutant.name} ({mutant.bug}) kept full marks at {missed}"
    assert not extra, f"{mutant.name} ({mutant.bug}) also lost points at {extra}"


def test_the_mutants_cover_every_game_with_more_connect4_and_dots_than_tictactoe():
    count = {a: sum(m.assignment == a for m in MUTANTS) for a in ASSIGNMENTS}
    assert len(MUTANTS) >= 20 and len({m.name for m in MUTANTS}) == len(MUTANTS)
    assert count["connect4"] > count["tictactoe"] and count["dots_and_boxes"] > count["tictactoe"] > 0
    assert set(DEFAULT_SAMPLE) <= {m.name for m in MUTANTS}


# --- a correct search in another style keeps every point (the search-bug mutants' baseline) ---


@pytest.mark.parametrize("assignment", ["connect4", "dots_and_boxes"])
def test_a_correct_negamax_with_make_unmake_keeps_every_automatic_point(assignment, tmp_path):
    """The negamax the search-bug mutants break, without a bug: full marks, so their losses are the bugs'."""
    from tests.validity_mutants import negamax_cell

    cells = reference_cells(assignment) + [Cell("code", negamax_cell(assignment))]
    result = grade(write_notebook(cells, tmp_path / f"negamax_{assignment}.ipynb"), assignment)
    assert losses(result) == {}
