"""Dots and Boxes: a ``result`` that answers ``(board, next_player)`` or ``(board, extra_turn)`` is judged
on the turn too, since the course's board does not record whose turn it is.

Students are the course-style correct one in ``tests/course_style_students`` with ``result`` redefined by a
later cell, the way notebooks do it. The adapter reads the second item from moves that complete no
box, so a student who never gives the extra turn is read in their own convention and then loses
exactly the cases where the mover completes a box (one, or two at once) and the game goes on.
"""

from __future__ import annotations


import functools

import pytest

from grader.adapt import adapt
from grader.plugs import edge_cases
from grader.checks.kinds import KINDS
from grader.checks._role_answers import judge_answer
from grader.checks.context import CheckContext
from grader.grading import grade_submission
from grader.rubric import Assignment, CheckSpec, Task, load_rubric
from grader.sandbox import Limits, Sandbox
from reference.games import load_game
from tests.paths import ROOT, TESTS

pytestmark = pytest.mark.timeout(120)

COURSE = (TESTS / "course_style_students" / "dots_and_boxes_course.py").read_text()
ALIASES = {"initial_state": ["empty_board"], "actions": ["actions"], "result": ["result"],
           "terminal": ["terminal"], "utility": ["utility"]}

# The course student's result draws the line on a copy and claims the boxes it closes; these
# wrap it and add the turn the way students do.
NEXT_PLAYER = '''
_board_only = result
def result(board, action, player):
    new = _board_only(board, action, player)
    return new, (player if len(new['boxes']) > len(board['boxes']) else -player)
'''
ALWAYS_SWITCH = '''
_board_only = result
def result(board, action, player):
    return _board_only(board, action, player), -player   # bug: no extra turn after a box
'''
EXTRA_TURN_BEFORE_DRAWING = '''
_board_only = result
def result(board, action, player):
    rows, cols = board['size']
    # bug: looks for closed boxes on the board before the line is drawn, so never finds one
    extra_turn = any(closed(board, r, c) and (r, c) not in board['boxes']
                     for r in range(rows - 1) for c in range(cols - 1))
    return _board_only(board, action, player), extra_turn
'''
RETURNS_THE_MOVER = '''
_board_only = result
def result(board, action, player):
    return _board_only(board, action, player), player   # neither the next player nor a flag
'''


@functools.lru_cache(maxsize=None)  # three tests read the same always-switching result: graded once
def graded(*cells: str, positions: int = 40):
    """Adapt the course student plus ``cells``: (student, canned outcome, random outcome, verdicts by canned case).

    The sandbox is closed on return: what comes back is plain data and the reference game."""
    checks = [CheckSpec(kind="canned_boards", target="result", points=5),
              CheckSpec(kind="random_positions", target="result", points=3, params={"positions": positions})]
    assignment = Assignment(title="dab", game="dots_and_boxes", board={"rows": 4, "cols": 4}, functions=ALIASES,
                            tasks=[Task(name="environment", checks=checks)])
    with Sandbox(None, Limits(call_timeout=5.0, cell_timeout=30.0)) as box:
        report = box.load([COURSE, *cells])
        assert report.ok, report.failed
        game = assignment.make_game()
        student = adapt(box, game, assignment.functions, timeout=5.0)
        ctx = CheckContext(assignment, game, student, sandbox=box)
        canned = KINDS["canned_boards"].run(ctx, checks[0])
        rand = KINDS["random_positions"].run(ctx, checks[1])
        verdicts = {c.why: judge_answer(ctx, "result", c) for c in edge_cases(game, "result")}
    return student, canned, rand, verdicts


def wrong(verdicts) -> dict:
    return {why: v for why, v in verdicts.items() if not v.right}


def extra_turn_cases(game) -> set[str]:
    """The canned result cases where the reference gives the mover another turn and the game goes on."""
    out = set()
    for case in edge_cases(game, "result"):
        after = game.result(case.state, case.action)
        if game.to_move(after) == game.to_move(case.state) and not game.terminal(after):
            out.add(case.why)
    return out


def test_a_result_that_returns_the_right_next_player_keeps_full_marks():
    student, canned, rand, verdicts = graded(NEXT_PLAYER)
    assert student.interface.bindings["result"].reading == "(board, next player)"
    assert any("result() returns (board, next player)" in a for a in student.interface.adaptations)
    assert canned.fraction == 1.0 and rand.fraction == 1.0, (canned.message, rand.message)
    assert wrong(verdicts) == {}


def test_the_extra_turn_cases_are_one_box_two_boxes_at_once_and_the_turn_after_them():
    whys = extra_turn_cases(load_game("dots_and_boxes", rows=4, cols=4))
    assert sum("closes box (0, 0)" in w for w in whys) == 1
    assert sum(w.startswith("completing two boxes with one line") for w in whys) == 2
    assert sum("moves again" in w for w in whys) == 2
    assert sum("with its top side" in w for w in whys) == 2  # a box closed from above, on inner rows 1 and 2
    assert len(whys) == 7 and not any("last line" in w for w in whys)


def test_a_result_that_always_passes_the_turn_loses_exactly_the_extra_turn_cases():
    student, canned, rand, verdicts = graded(ALWAYS_SWITCH)
    game = student.game
    assert student.interface.bindings["result"].reading == "(board, next player)"
    expected_wrong = extra_turn_cases(game)
    assert set(wrong(verdicts)) == expected_wrong
    total = len(edge_cases(game, "result"))
    assert canned.fraction == pytest.approx((total - len(expected_wrong)) / total)
    assert f"{total - len(expected_wrong)} of {total} boards right" in canned.message
    assert "expected the same player to move again after completing a box, got the other player (1)" \
        in canned.message  # the first case: -1 closes box (0, 0) and is told +1 moves next
    two = next(v for why, v in wrong(verdicts).items() if why.startswith("completing two boxes") and "for +1" in why)
    assert two.turn_problem == ("expected the same player to move again after completing two boxes at once, "
                                "got the other player (-1)")
    assert 0 < rand.fraction < 1 and "after completing" in rand.message


def test_the_turn_is_not_judged_after_the_last_line():
    # nobody moves once every line is drawn, so "the other player" is not wrong there
    student, canned, rand, verdicts = graded(ALWAYS_SWITCH)
    last = next(v for why, v in verdicts.items() if why.startswith("the last line of the game"))
    assert student.game.terminal(student.game.result(last.case.state, last.case.action))
    assert last.reply.moves_again is False and last.right


def test_the_feedback_draws_both_boards_with_whose_turn_it_is():
    student, canned, rand, verdicts = graded(ALWAYS_SWITCH)
    shown = canned.boards[0]
    assert "closes box (0, 0)" in shown.caption
    assert shown.expected.rstrip().endswith("-1 to move")  # -1 closed the box and moves again
    assert shown.returned.rstrip().endswith("+1 to move")
    assert "-1: 1" in shown.expected and "-1: 1" in shown.returned  # the boards agree


def test_an_extra_turn_flag_that_is_never_set_loses_the_extra_turn_cases():
    student, canned, rand, verdicts = graded(EXTRA_TURN_BEFORE_DRAWING)
    assert student.interface.bindings["result"].reading == "(board, extra turn)"
    assert set(wrong(verdicts)) == extra_turn_cases(student.game)
    assert "expected the same player to move again after completing a box, got extra turn False" in canned.message
    assert rand.fraction < 1


def test_a_result_that_returns_only_the_board_is_judged_on_the_board_alone():
    student, canned, rand, verdicts = graded()
    assert student.interface.bindings["result"].reading == ""
    assert canned.fraction == 1.0 and rand.fraction == 1.0
    assert all(v.reply.moves_again is None and v.reply.turn == "" for v in verdicts.values())


def test_a_second_item_that_is_neither_turn_reading_is_named_and_only_the_board_judged():
    student, canned, rand, verdicts = graded(RETURNS_THE_MOVER)
    assert student.interface.bindings["result"].reading == ""
    assert any("neither the next player nor an extra-turn flag" in a for a in student.interface.adaptations)
    assert canned.fraction == 1.0 and wrong(verdicts) == {}


# --- the sample submissions ---


def _result_checks(name: str) -> dict[str, tuple[float, float, str]]:
    """Grade a Dots and Boxes sample on the rubric's environment task (the function checks) only."""
    assignment = load_rubric().assignment("dots_and_boxes")
    tasks = [t for t in assignment.tasks if any(c.kind == "canned_boards" for c in t.checks)]
    assignment = assignment.model_copy(update={"tasks": tasks})
    result = grade_submission(ROOT / "submissions" / "dots_and_boxes" / f"{name}.ipynb", "dots_and_boxes",
                              assignment)
    return {c.check: (c.points, c.max_points, c.message) for c in result.checks if c.check.startswith("result")}


def test_liam_who_never_gives_the_extra_turn_loses_result_points():
    checks = _result_checks("liam_dab_no_extra_turn")
    assignment = load_rubric().assignment("dots_and_boxes")
    spec = next(c for t in assignment.tasks for c in t.checks if c.kind == "canned_boards" and c.target == "result")
    sizes = [assignment.board, *({"rows": r, "cols": c} for r, c in spec.params.get("sizes", []))]
    games = [load_game("dots_and_boxes", **size) for size in sizes]  # the rubric's board and the other sizes asked
    total = sum(len(edge_cases(game, "result")) for game in games)
    lost = sum(len(extra_turn_cases(game)) for game in games)
    points, most, message = checks["result: canned boards"]
    assert points == pytest.approx(most * (total - lost) / total, abs=0.01) and f"{total - lost} of {total} boards" in message
    assert "got the other player" in message
    points, most, message = checks["result: random positions"]
    assert 0 < points < most and "after completing" in message
    assert checks["result: does not change its input board"][0] == 1.0


@pytest.mark.parametrize("name", ["julia_dab_complete", "kim_dab_old_layout"])
def test_samples_with_the_right_turn_keep_full_result_points(name):
    for check, (points, most, message) in _result_checks(name).items():
        assert points == most, (check, message)


# --- other games: the same pair shape is read the same way, and the other player always moves next ---

C4_NEXT_PLAYER = '''
_board_only = result
def result(s, player, a):
    return _board_only(s, player, a), -player
'''


def test_a_connect4_result_that_returns_the_next_player_keeps_full_marks():
    source = (TESTS / "course_style_students" / "connect4_course.py").read_text()
    spec = CheckSpec(kind="canned_boards", target="result", points=5)
    assignment = Assignment(title="c4", game="connect4", board={"rows": 6, "cols": 7}, functions=ALIASES,
                            tasks=[Task(name="environment", checks=[spec])])
    with Sandbox(None, Limits(call_timeout=5.0, cell_timeout=30.0)) as box:
        assert box.load([source, C4_NEXT_PLAYER]).ok
        game = assignment.make_game()
        student = adapt(box, game, assignment.functions, timeout=5.0)
        outcome = KINDS["canned_boards"].run(CheckContext(assignment, game, student, sandbox=box), spec)
    assert student.interface.bindings["result"].reading == "(board, next player)"
    assert outcome.fraction == 1.0, outcome.message
