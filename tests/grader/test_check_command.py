"""The students' view, ``grader check``: checks shown as they finish, one card per distinct problem, the
student's own cell and line for an exception, whose turn it is on text boards, and one clear error for a
path that is no notebook."""

from __future__ import annotations

import io

import pytest

from grader.checks.context import text_with_turn
from grader.cli import main
from grader.grading import grade_submission
from grader.session import student_frame
from grader.report import format_check_report
from grader.report.terminal import LiveCheckReport
from grader.results import CheckResult, SubmissionResult
from grader.rubric import Assignment, load_rubric
from reference.games import load_game
from tests.paths import ROOT

NOT_FOUND = "mcts_player: no agent named mcts_player was found"


@pytest.mark.parametrize("name, content, words", [
    ("empty.ipynb", b"", "the notebook file is empty (0 bytes)"),
    ("prose.ipynb", b"my answers are in the PDF", "not valid notebook JSON"),
    ("noise.ipynb", bytes(range(128, 256)), "not UTF-8 text"),
    ("empty.py", b"\n\n", "holds no code"),
    ("answers.txt", b"def actions(board): pass", "is not a notebook"),
])
def test_a_path_that_is_no_notebook_is_one_error_and_a_failing_exit(tmp_path, capsys, name, content, words):
    path = tmp_path / name
    path.write_bytes(content)
    assert main(["check", str(path), "--assignment", "connect4"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and words in err


def test_a_folder_is_refused_with_a_notebook_to_try_instead(tmp_path, capsys):
    (tmp_path / "mine.ipynb").write_text("{}", encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is a folder; give one notebook file" in err and str(tmp_path / "mine.ipynb") in err


def test_live_report_prints_the_heading_at_once_and_each_check_as_it_finishes():
    out = io.StringIO()
    live = LiveCheckReport("connect4", "alice", out=out)
    assert "connect4: alice" in out.getvalue() and "PASSED" not in out.getvalue()
    live.check_done(CheckResult("Task 2", "actions: canned boards", 3, 3, "passed"))
    assert out.getvalue().splitlines()[-2:] == ["Task 2", "  PASSED   actions: canned boards" + " " * 42 + "3 / 3"]
    live.check_done(CheckResult("Task 2", "result: canned boards", 0, 3, "failed", "wrong"))
    assert out.getvalue().count("Task 2") == 1  # a task's name once, before its first check
    live.finish(SubmissionResult("alice", "alice.ipynb", "connect4", checks=[
        CheckResult("Task 2", "actions: canned boards", 3, 3, "passed"),
        CheckResult("Task 2", "result: canned boards", 0, 3, "failed", "wrong")]))
    assert "what to fix" in out.getvalue() and "1 passed, 1 failed: 3 / 6 points" in out.getvalue().splitlines()[-1]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_the_running_check_is_shown_then_replaced_by_its_result():
    out = Terminal()
    live = LiveCheckReport("connect4", "alice", out=out)
    live.check_started("Task 3", "alpha_beta_player: beats random")
    assert out.getvalue().endswith("Task 3\n  running  alpha_beta_player: beats random")
    live.check_done(CheckResult("Task 3", "alpha_beta_player: beats random", 5, 5, "passed"))
    shown = out.getvalue().split("\n")[-2].split("\r")[-1]  # what the terminal shows once the line is redrawn
    assert shown.startswith("  PASSED   alpha_beta_player: beats random") and shown.endswith("5 / 5")

    log = io.StringIO()  # not a terminal: the running line would stay in the log
    LiveCheckReport("connect4", "alice", out=log).check_started("Task 3", "alpha_beta_player: beats random")
    assert "running" not in log.getvalue()


def test_grading_reports_each_check_as_it_starts_and_as_it_finishes_in_rubric_order():
    started: list[tuple[str, str]] = []
    seen: list[CheckResult] = []
    result = grade_submission(ROOT / "submissions" / "tictactoe" / "mia_tictactoe.ipynb", "tictactoe",
                              load_rubric().assignment("tictactoe"), public_only=True, on_check=seen.append,
                              on_check_start=lambda task, title: started.append((task, title)))
    assert seen == result.checks and len(seen) > 5
    assert started == [(c.task, c.check) for c in result.checks]


def test_checks_that_say_the_same_thing_without_a_board_are_one_card():
    result = SubmissionResult("grace", "grace.ipynb", "connect4", checks=[
        CheckResult("Graduate task", "mcts_player: legal moves in time", 0, 3, "error", NOT_FOUND),
        CheckResult("Graduate task", "mcts_player: beats random", 0, 7, "error", NOT_FOUND),
        CheckResult("Task 2", "result: canned boards", 0, 3, "failed", "other"),
    ])
    text = format_check_report(result)
    assert text.count(NOT_FOUND) == 1
    assert "mcts_player: legal moves in time (and 1 more, same message)" in text
    assert "the same for Graduate task :: mcts_player: beats random: ERROR 0 / 7 points" in text


def test_feedback_pages_tell_a_repeated_problem_once():
    from grader.report import feedback_html, feedback_markdown

    result = SubmissionResult("grace", "grace.ipynb", "connect4", checks=[
        CheckResult("Graduate task", "mcts_player: legal moves in time", 0, 3, "error", NOT_FOUND),
        CheckResult("Graduate task", "mcts_player: beats random", 0, 7, "error", NOT_FOUND),
    ])
    for page in (feedback_html(result), feedback_markdown(result)):
        assert page.count("no agent named mcts\\_player" if page.startswith("#") else NOT_FOUND) == 1
        assert "The same problem as “mcts" in page


def test_exception_location_is_the_last_frames_in_the_students_cells():
    traceback = ('Traceback (most recent call last):\n  File "<cell 2>", line 9, in alpha_beta\n    return helper(b)\n'
                 '  File "<cell 3>", line 4, in helper\n    raise ValueError("no")\n  File "<frozen os>", line 1, in x\n'
                 'ValueError: no\n')
    assert student_frame(traceback, {1: 4, 2: 7, 3: 12}) == "in helper, cell 12, line 4, called from alpha_beta, cell 7, line 9"
    assert student_frame(traceback, {1: 4, 3: 12}) == "in helper, cell 12, line 4"  # only the student's cells count
    assert student_frame(traceback, {1: 4}) == ""  # no frame of the submission's cells: nothing to say


def test_an_agent_that_raises_names_the_students_cell_and_line(tmp_path):
    source = ROOT / "tests" / "agent_submissions" / "tictactoe_agents.py"
    script = tmp_path / "raises.py"
    script.write_text("# %%\n" + source.read_text(encoding="utf-8") + "\n# %%\ndef helper(board):\n"
                      "    scores = {}\n    raise ValueError('no move yet')\n\n\n"
                      "def minimax_player(board, player='x'):\n    return helper(board)\n", encoding="utf-8")
    rubric = load_rubric().assignment("tictactoe").model_dump()
    rubric["tasks"] = [{"name": "Minimax", "checks": [
        {"kind": "agent_legal", "target": "minimax_player", "points": 4, "params": {"positions": 2}}]}]
    result = grade_submission(script, "tictactoe", Assignment.model_validate(rubric))
    assert "raised ValueError: no move yet (in helper, cell 1, line 3, called from minimax_player, cell 1, line 7)" \
        in result.checks[0].message


@pytest.mark.parametrize("moves, last_line", [((), "x to move"), ((3,), "o to move"), ((0, 1, 0, 1, 0, 1, 0), "0 1 2 3 4 5 6")])
def test_connect4_text_boards_say_whose_turn_it_is_until_the_game_is_over(moves, last_line):
    game = load_game("connect4")
    state = game.initial_state()
    for move in moves:
        state = game.result(state, move)
    assert text_with_turn(game, state).splitlines()[-1] == last_line


def test_dots_and_boxes_text_boards_say_the_turn_once():
    game = load_game("dots_and_boxes", rows=3, cols=3)
    assert text_with_turn(game, game.initial_state()).count("to move") == 1


def test_the_lines_of_a_returned_board_that_differ_from_the_expected_one_are_marked():
    from grader.report import feedback_html
    from grader.results import BoardShown

    drawing = "\n   0   1\n0  o---o\n   |-1 |\n1  o---o\nboxes +1: 0, -1: 1; {} to move"
    board = BoardShown(caption="-1 closes box (0, 0)", text="o o", call="result(board, ('v', 0, 1))",
                       expected=drawing.format("-1"), returned=drawing.format("+1"))
    check = CheckResult("Task 2", "result: canned boards", 0, 5, "failed", "no extra turn", boards=[board])
    text = format_check_report(SubmissionResult("liam", "liam.ipynb", "dots_and_boxes", checks=[check]))
    indent = " " * (4 + 10)  # a board's lines, then the value column
    assert indent + "boxes +1: 0, -1: 1; +1 to move   <- differs" in text.splitlines()
    assert indent + "boxes +1: 0, -1: 1; -1 to move" in text.splitlines()  # the expected board: no mark
    assert text.count("<- differs") == 1
    html = feedback_html(SubmissionResult("liam", "liam.ipynb", "dots_and_boxes", checks=[check]))
    assert html.count("<mark") == 1 and ">boxes +1: 0, -1: 1; +1 to move</mark>" in html


def test_check_exits_1_when_an_automatic_check_lost_points_and_0_with_exit_zero(capsys):
    quick = ["--rubric", str(ROOT / "tests" / "rubrics" / "connect4_quick.yaml"), "--assignment", "connect4",
             "--no-color"]
    buggy = str(ROOT / "submissions" / "connect4" / "eve_bugs.ipynb")
    assert main(["check", buggy, *quick]) == 1
    assert main(["check", buggy, *quick, "--exit-zero"]) == 0
    capsys.readouterr()
    whole = str(ROOT / "tests" / "packages" / "c4_wins_by_convolution.py")
    assert main(["check", whole, *quick, "--section", "undergraduate"]) == 0  # the manual item waits: not lost
    assert "Graduate task" not in capsys.readouterr().out
