"""The "does not change its input board" check: the sandbox hands back a call's arguments as the call
left them, the adapter compares the student's board before and after in the student's own
representation, and ``no_mutation`` takes the point from a ``result`` that changes its input.

Mutants are the course-style correct students in ``tests/course_style_students`` with their one copy line
deleted: exactly the bug students make.
"""

from __future__ import annotations


import numpy as np
import pytest

from grader.adapt import adapt
from grader.adapt.student_game import same_value
from grader.checks.kinds import KINDS, describe_kind
from grader.checks.no_mutation import NoMutation
from grader.checks.context import CheckContext
from grader.grading import grade_submission
from grader.rubric import Assignment, CheckSpec, Task, load_rubric
from grader.sandbox import Limits, Sandbox
from tests.paths import TESTS

pytestmark = pytest.mark.timeout(120)

STUDENTS = TESTS / "course_style_students"
SIZES = {"connect4": {"rows": 6, "cols": 7}, "tictactoe": {"rows": 3, "cols": 3, "k": 3},
         "dots_and_boxes": {"rows": 4, "cols": 4}}
ALIASES = {"initial_state": ["empty_board", "initial_state"], "actions": ["actions"], "result": ["result"],
           "terminal": ["terminal"], "utility": ["utility"]}
#: the line that makes each course student's result work on a copy
COPY_LINE = {"connect4": "    s = s.copy()\n", "tictactoe": "    state = state.copy()\n",
             "dots_and_boxes": "    board = copy.deepcopy(board)\n"}
FAST = Limits(call_timeout=5.0, cell_timeout=30.0)


def course_source(name: str, *, mutating: bool = False) -> str:
    source = (STUDENTS / f"{name}_course.py").read_text()
    if mutating:
        assert source.count(COPY_LINE[name]) == 1, f"{name}_course.py changed: update COPY_LINE"
        source = source.replace(COPY_LINE[name], "")
    return source


def check_result(name: str, cells: list[str], target: str = "result", positions: int = 5):
    """Run no_mutation (and canned_boards, for comparison) on ``target`` through sandbox and adapter."""
    spec = CheckSpec(kind="no_mutation", target=target, points=1, params={"positions": positions})
    assignment = Assignment(title=name, game=name, board=SIZES[name], functions=ALIASES,
                            tasks=[Task(name="environment", checks=[spec])])
    with Sandbox(None, FAST) as box:
        report = box.load(cells)
        assert report.ok, report.failed
        game = assignment.make_game()
        ctx = CheckContext(assignment, game, adapt(box, game, assignment.functions, timeout=5.0), sandbox=box)
        canned = KINDS["canned_boards"].run(ctx, CheckSpec(kind="canned_boards", target=target, points=1))
        return KINDS["no_mutation"].run(ctx, spec), canned


# --- the sandbox hands the arguments back ---


def test_return_args_gives_back_the_arguments_as_the_call_left_them():
    cells = ["def drop(board, player, action):\n    board[action] = player\n    return board",
             "def mark(grid):\n    grid[0, 0] = 7\n    return None",
             "def pure(board, player, action):\n    return board[:action] + [player] + board[action + 1:]",
             "def fails(board):\n    board.append(1)\n    raise ValueError('no')"]
    with Sandbox(cells, FAST) as box:
        r = box.call_with("drop", ([" "] * 3, "x", 1), return_args=True)
        assert r.ok and r.value == [" ", "x", " "] and r.args_after == ([" ", "x", " "], "x", 1)

        grid = np.zeros((2, 3), dtype=np.int8)
        r = box.call_with("mark", (grid,), return_args=True)
        (after,) = r.args_after
        assert after.dtype == np.int8 and after[0, 0] == 7 and grid[0, 0] == 0  # the caller's copy is untouched

        r = box.call_with("pure", ([" "] * 3, "x", 1), return_args=True)
        assert r.value == [" ", "x", " "] and r.args_after == ([" "] * 3, "x", 1)

        assert box.call_with("drop", ([" "] * 3, "x", 1)).args_after is None  # only when asked
        assert box.call("drop", [" "] * 3, "x", 1).args_after is None
        failed = box.call_with("fails", ([],), return_args=True)
        assert not failed.ok and failed.kind == "exception" and failed.args_after is None


def test_arguments_that_stop_being_plain_data_are_a_bad_return():
    with Sandbox(["def smuggle(board):\n    board.append(object())\n    return 0"], FAST) as box:
        r = box.call_with("smuggle", ([],), return_args=True)
        assert not r.ok and r.kind == "bad-return" and "no longer plain data" in r.message
        assert box.call("smuggle", []).ok  # without return_args the argument is never read back


# --- the check, through sandbox and adapter ---


@pytest.mark.parametrize("name", list(SIZES))
def test_a_result_that_works_on_a_copy_keeps_the_point(name):
    outcome, _ = check_result(name, [course_source(name)])
    assert outcome.fraction == 1 and outcome.resolved_status() == "passed", outcome.message
    assert "unchanged after all 5 calls" in outcome.message and not outcome.boards


@pytest.mark.parametrize("name,board_kind", [("connect4", "numpy array"), ("tictactoe", "flat list"),
                                             ("dots_and_boxes", "dict")])
def test_a_result_that_changes_its_board_in_place_loses_the_point(name, board_kind):
    outcome, canned = check_result(name, [course_source(name, mutating=True)])
    assert canned.fraction == 1, "in place or not, the returned boards are right: only no_mutation sees it"
    assert outcome.fraction == 0 and outcome.resolved_status() == "failed", board_kind
    assert "result changed the board it was given on 5 of 5 calls; first: random position 1" in outcome.message
    assert "copy" in outcome.message
    (shown,) = outcome.boards
    assert shown.expected == "the board unchanged" and shown.call.startswith("result(board")
    assert shown.returned.startswith("the board as the call left it:\n")
    assert shown.returned.count("\n") >= 3 and shown.text != shown.returned.split(":", 1)[1].strip("\n")


def test_a_list_of_lists_board_changed_in_place_is_caught_through_the_students_representation():
    """Connect 4 as lists of lists with players 1/2: compared as the student holds it."""
    cells = [
        "def empty_board():\n    return [[0] * 7 for _ in range(6)]",
        "def actions(board):\n    return [c for c in range(7) if board[0][c] == 0]",
        "def result(board, player, action):\n    for r in range(5, -1, -1):\n"
        "        if board[r][action] == 0:\n            board[r][action] = player\n            return board",
    ]
    outcome, canned = check_result("connect4", cells)
    assert canned.fraction == 1 and outcome.fraction == 0
    assert "on 5 of 5 calls" in outcome.message


def test_a_change_that_is_undone_before_returning_is_no_change():
    cells = [course_source("tictactoe"),
             "def result(state, player, action):\n    state[action] = player\n    new = list(state)\n"
             "    state[action] = ' '\n    return new"]
    outcome, _ = check_result("tictactoe", cells)
    assert outcome.fraction == 1, outcome.message


def test_other_roles_are_judged_the_same_way():
    cells = [course_source("tictactoe"),
             "def terminal(state):\n    done = check_win(state) != 'n'\n    state[4] = '?'\n    return done"]
    outcome, canned = check_result("tictactoe", cells, target="terminal")
    assert canned.fraction == 1 and outcome.fraction == 0
    assert outcome.message.startswith("terminal changed the board it was given on 5 of 5 calls")


def test_boards_are_the_same_only_if_equal_in_value_and_type_at_every_level():
    assert same_value({"size": (4, 4), "lines": {("h", 0, 0): True, ("v", 0, 1): True}, "boxes": {}},
                      {"boxes": {}, "lines": {("v", 0, 1): True, ("h", 0, 0): True}, "size": (4, 4)})
    assert not same_value([[0, 1], [0, 0]], [[0.0, 1], [0, 0]])  # 0 became 0.0: written to
    assert not same_value([[0, 1]], [(0, 1)])
    assert not same_value(np.zeros((6, 7), dtype=int), np.zeros((7, 6), dtype=int))
    assert not same_value(np.zeros(3, dtype=np.int8), np.zeros(3, dtype=np.int64))
    assert same_value(np.array(["x", " "]), np.array(["x", " "])) and same_value([float("nan")], [float("nan")])


def after_adapting(name: str, redefinition: str, positions: int = 5):
    """no_mutation on ``result`` once the correct student is adapted and ``result`` then redefined
    (inference would not bind a result that fails on its probes)."""
    spec = CheckSpec(kind="no_mutation", target="result", points=1, params={"positions": positions})
    assignment = Assignment(title=name, game=name, board=SIZES[name], functions=ALIASES,
                            tasks=[Task(name="environment", checks=[spec])])
    with Sandbox([course_source(name)], FAST) as box:
        game = assignment.make_game()
        student = adapt(box, game, assignment.functions, timeout=5.0)
        assert box.load([redefinition]).ok
        return KINDS["no_mutation"].run(CheckContext(assignment, game, student, sandbox=box), spec)


def test_a_result_that_raises_every_time_is_an_error_not_a_pass():
    outcome = after_adapting("tictactoe", "def result(state, player, action):\n    raise RuntimeError('not written yet')")
    assert outcome.fraction == 0 and outcome.resolved_status() == "error"
    assert "failed on every call" in outcome.message and "RuntimeError: not written yet" in outcome.message


def test_calls_that_fail_are_left_out_and_the_others_judged():
    outcome = after_adapting("connect4", (
        "_calls = [0]\n"
        "def result(s, player, a):\n    _calls[0] += 1\n    if _calls[0] % 2 == 0:\n"
        "        raise ValueError('every other call')\n"
        "    s = s.copy()\n    row = max(r for r in range(s.shape[0]) if s[r, a] == 0)\n"
        "    s[row, a] = player\n    return s"), positions=6)
    assert outcome.fraction == 1, outcome.message
    assert "unchanged after all 3 calls (3 failing calls not judged: raised ValueError: every other call)" \
        in outcome.message


def test_a_missing_function_is_an_error_that_says_so():
    outcome, _ = check_result("tictactoe", [course_source("tictactoe")], target="utility")
    assert outcome.fraction == 1  # utility exists and leaves its board alone
    cells = [course_source("tictactoe").replace("def utility(", "def _not_utility(")]
    spec = CheckSpec(kind="no_mutation", target="utility", points=1)
    assignment = Assignment(title="t", game="tictactoe", board=SIZES["tictactoe"], functions=ALIASES,
                            tasks=[Task(name="environment", checks=[spec])])
    with Sandbox(cells, FAST) as box:
        game = assignment.make_game()
        ctx = CheckContext(assignment, game, adapt(box, game, assignment.functions, timeout=5.0), sandbox=box)
        outcome = KINDS["no_mutation"].run(ctx, spec)
    assert outcome.resolved_status() == "error" and "no function named utility" in outcome.message


# --- the rubric and the score sheet ---


def test_the_check_is_registered_and_reads_as_a_rule_about_the_board():
    assert isinstance(KINDS["no_mutation"], NoMutation) and KINDS["no_mutation"].target == "function"
    spec = CheckSpec(kind="no_mutation", target="result", points=1)
    assert spec.title == "result: does not change its input board" == f"result: {describe_kind('no_mutation')}"


def test_every_assignment_charges_one_point_for_changing_the_board_taken_from_canned_result():
    rubric = load_rubric()
    for name in ("connect4", "dots_and_boxes", "tictactoe"):
        task = next(t for t in rubric.assignment(name).tasks
                    if any(c.kind == "no_mutation" for c in t.checks))
        (check,) = [c for c in task.checks if c.kind == "no_mutation"]
        assert (check.target, check.points) == ("result", 1)
        assert task.points == sum(c.points for c in task.checks)


def test_the_graded_sheet_names_the_check_and_takes_the_point(tmp_path):
    path = tmp_path / "mutant.py"
    path.write_text(course_source("connect4", mutating=True))
    specs = [CheckSpec(kind="canned_boards", target="result", points=3),
             CheckSpec(kind="no_mutation", target="result", points=1)]
    assignment = Assignment(title="c4", game="connect4", board=SIZES["connect4"], functions=ALIASES,
                            tasks=[Task(name="Task 2", points=4, checks=specs)])
    result = grade_submission(path, "connect4", assignment, seed=1)
    by_check = {c.check: c for c in result.checks}
    assert by_check["result: canned boards"].points == 3
    lost = by_check["result: does not change its input board"]
    assert (lost.points, lost.max_points, lost.status) == (0, 1, "failed")
    assert lost.boards and lost.boards[0].expected == "the board unchanged"
