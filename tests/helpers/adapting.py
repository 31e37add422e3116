"""Adapting the student fixtures in tests/students/ the way the tests need: plainly, or as grading loads them
(the calling shims first, seeded), and checking the adapted rules against the reference."""

from __future__ import annotations

import yaml

from grader.adapt import adapt, conventions
from grader.rubric import BUNDLED_RUBRIC
from grader.sandbox import Limits, Sandbox
from reference.games import load_game
from reference.positions import random_positions
from tests.paths import TESTS

STUDENTS = TESTS / "students"
ASSIGNMENTS = yaml.safe_load(BUNDLED_RUBRIC.read_text())["assignments"]


def functions_of(assignment: str):
    """The bundled rubric's aliases and game for an assignment (read directly: checks are not needed here)."""
    a = ASSIGNMENTS[assignment]
    return load_game(a["game"], **a["board"]), a["functions"]


def adapted(file: str, assignment: str):
    source = (STUDENTS / file).read_text()
    box = Sandbox([source], Limits(call_timeout=2.0))
    game, functions = functions_of(assignment)
    return box, adapt(box, game, functions, source=source)


def agrees_with_reference(student, game, count=15):
    """actions/result/terminal of the student agree with the reference on random positions."""
    for state in random_positions(game, count, seed=5):
        board, player = game.to_course(state), game.to_move(state)
        assert sorted(map(repr, student.actions(board, player).value)) == sorted(map(repr, game.actions(state)))
        action = game.actions(state)[0]
        got = student.result(board, player, action)
        after = game.result(state, action)
        expected = game.to_course(after)
        if got.moves_again is not None:  # the student's result says whose turn it is
            assert got.moves_again == (game.to_move(after) == player), got
        assert game.same_board(got.value, expected), got
        assert student.terminal(board).value is False


def adapted_source(source: str, assignment: str = "connect4"):
    """(sandbox, adapted student) for ``source`` loaded as grading loads it: the calling shims first, seed 0."""
    box = Sandbox([conventions.SHIM_CELL, source], Limits(call_timeout=2.0), seed=0)
    game, functions = functions_of(assignment)
    return box, adapt(box, game, functions, source=source)


def graded_way(file: str, assignment: str):
    """A student file of tests/students/ loaded as grading loads it and adapted."""
    return adapted_source((STUDENTS / file).read_text(), assignment)
