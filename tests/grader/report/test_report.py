"""The reporting edge: score sheets, Gradescope results.json, Canvas import, terminal self-check, write_all."""

from __future__ import annotations

import csv
import json
import math

import pandas as pd
import pytest

from grader.report import (
    canvas_column_header,
    canvas_frame,
    details_frame,
    format_check_report,
    gradescope_results,
    match_submission,
    read_roster,
    scores_frame,
    write_all,
    write_canvas,
    write_scores,
    write_submission,
)
from grader.report.canvas import RosterStudent
from grader.report.files import submission_filename
from grader.results import BoardShown, CheckResult, SubmissionResult

TASKS = ["Task 1: search problem", "Task 2: environment", "Task 3: minimax"]
T1, T2, T3 = TASKS


def grid_svg(marks: str) -> str:
    """A 3x3 grid of circles, filled where ``marks`` (9 characters) has an ``x``: our own test board."""
    circles = "".join(
        f'<circle cx="{15 + 30 * (i % 3)}" cy="{15 + 30 * (i // 3)}" r="11" fill="{"#d62728" if m == "x" else "#fff"}" stroke="#444"/>'
        for i, m in enumerate(marks)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="90" height="90" viewBox="0 0 90 90">{circles}</svg>'


def grid_text(marks: str) -> str:
    return "\n".join(" ".join(marks[r * 3:r * 3 + 3]) for r in range(3)).replace("_", ".")


FULL_COLUMN = BoardShown(
    caption="result(board, 1, 2) on a board with column 2 full",
    text=grid_text("__x__x__x"),
    svg=grid_svg("__x__x__x"),
    call="result(board, 1, 2)",
    expected="IllegalAction",
    returned="array([[0, 0, 1], [0, 0, 1], [0, 0, 1]])",
)
HIDDEN_BOARD = BoardShown(
    caption="utility on a hidden board", text=grid_text("xxx______"), svg=grid_svg("xxx______"),
    call="utility(board, 1)", expected="1", returned="-1",
)


def alice() -> SubmissionResult:
    """Graded with partial credit: a manual task, a pass, a failure with a board, a partial, a hidden miss, a timeout."""
    return SubmissionResult(
        submission="alice_connect4", path="/subs/alice_connect4.ipynb", assignment="Connect 4",
        checks=[
            CheckResult(T1, "search problem: written answer", 0, 10, "manual", "Graded by the course staff."),
            CheckResult(T2, "actions: canned boards", 5, 5, "passed", seconds=0.01),
            CheckResult(T2, "result: full column", 0, 5, "failed", "result accepted a move into a full column.",
                        boards=[FULL_COLUMN]),
            CheckResult(T2, "terminal: wins", 2.5, 5, "partial", "4 of 8 winning boards recognised."),
            CheckResult(T2, "utility: hidden boards", 0, 5, "failed", "utility disagrees on 1 hidden board.",
                        visibility="hidden", boards=[HIDDEN_BOARD]),
            CheckResult(T3, "minimax: first moves", 0, 10, "timeout", "minimax took longer than 10 s."),
        ],
        adaptations=["result(board, action, player): arguments reordered to result(board, player, action)"],
        load_notes=["cell 14 skipped: input() loop for human play"],
        isolation="bubblewrap", seconds=12.5,
    )


def bob() -> SubmissionResult:
    return SubmissionResult(submission="bob", path="/subs/bob.ipynb", assignment="Connect 4", status="error",
                            message="notebook is not valid JSON (line 3)")


def carol() -> SubmissionResult:
    return SubmissionResult(
        submission="carol", path="/subs/carol.pdf", assignment="Connect 4", status="manual",
        message="a PDF report: nothing to run",
        checks=[CheckResult(T1, "search problem: written answer", 0, 10, "manual")],
    )


HOSTILE_TEXT = '<script>alert("x")</script>'


def hostile() -> SubmissionResult:
    """Every string a student can influence is hostile: HTML, CSV formulas, Markdown fences, ANSI escapes."""
    return SubmissionResult(
        submission="=evil<script>", path="/subs/=evil<script>.ipynb", assignment="Connect 4",
        message="=HYPERLINK(\"http://x\")",
        checks=[CheckResult(
            T2, "result: <b>|`x`", 0, 5, "failed", HOSTILE_TEXT + "\x1b[2J",
            boards=[BoardShown(
                caption="<img src=x onerror=alert(1)>", text="```\n" + grid_text("x________"),
                svg=grid_svg("x________").replace("</svg>", "<script>alert(1)</script></svg>"),
                call="result(board, 1, 0)", expected="'ok'", returned="'\x1b[31m<script>bad()</script>'",
            )],
        )],
        adaptations=["<i>renamed</i>"], load_notes=["`cell` | 3"],
    )


def all_results() -> list[SubmissionResult]:
    return [alice(), bob(), carol(), hostile()]


def read_csv_rows(path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


# --- scores.csv and details.csv -------------------------------------------------------------


def test_scores_csv_has_one_row_per_submission_sorted_with_exact_values(tmp_path):
    rows = read_csv_rows(write_scores(all_results(), tmp_path, TASKS))
    assert rows == [
        ["submission", T1, T2, T3, "total", "max_total", "breakdown", "status", "message"],
        ["'=evil<script>", "", "0.0", "", "0.0", "5.0", "0 / 5", "graded", "'=HYPERLINK(\"http://x\")"],
        ["alice_connect4", "", "7.5", "0.0", "7.5", "40.0", "automatic 7.5/30, manual 0/10 pending", "graded", ""],
        ["bob", "", "", "", "0.0", "0.0", "0 / 0", "error", "notebook is not valid JSON (line 3)"],
        ["carol", "", "", "", "0.0", "10.0", "manual 0/10 pending", "manual", "a PDF report: nothing to run"],
    ]


def test_scores_frame_keeps_raw_text_and_leaves_manual_tasks_empty():
    frame = scores_frame(all_results(), TASKS)
    assert list(frame.columns) == ["submission", *TASKS, "total", "max_total", "breakdown", "status", "message"]
    evil = frame.set_index("submission").loc["=evil<script>"]
    assert evil["message"] == '=HYPERLINK("http://x")'  # only the CSV file is defused, the frame is data
    alice_row = frame.set_index("submission").loc["alice_connect4"]
    assert math.isnan(alice_row[T1]) and alice_row[T2] == 7.5 and alice_row[T3] == 0.0
    assert frame[T2].dtype == float


def test_scores_frame_gives_a_task_missing_from_the_rubric_its_own_column():
    result = alice()
    result.checks.append(CheckResult("Grad task: MCTS", "mcts: plays", 3, 10, "partial"))
    frame = scores_frame([result], TASKS)
    assert list(frame.columns)[1:5] == [*TASKS, "Grad task: MCTS"]
    assert frame.loc[0, "Grad task: MCTS"] == 3.0 and frame.loc[0, "total"] == 10.5


def test_scores_frame_keeps_the_last_result_of_a_regraded_submission():
    first, again = alice(), alice()
    again.checks[2] = CheckResult(T2, "result: full column", 5, 5, "passed")
    frame = scores_frame([first, bob(), again], TASKS)
    assert list(frame["submission"]) == ["alice_connect4", "bob"]
    assert frame.loc[0, "total"] == 12.5


def test_details_csv_has_one_row_per_check_with_visibility(tmp_path):
    write_all(all_results(), tmp_path, TASKS)
    rows = read_csv_rows(tmp_path / "details.csv")
    assert rows[0] == ["submission", "task", "check", "points", "max_points", "status", "message", "visibility"]
    assert len(rows) == 1 + 1 + 6 + 1  # hostile, alice, carol; bob has no checks
    assert rows[1] == ["'=evil<script>", T2, "result: <b>|`x`", "0.0", "5.0", "failed", HOSTILE_TEXT + "\x1b[2J", "public"]
    assert rows[6] == ["alice_connect4", T2, "utility: hidden boards", "0.0", "5.0", "failed",
                       "utility disagrees on 1 hidden board.", "hidden"]
    frame = details_frame(all_results())
    assert frame.groupby("submission")["points"].sum()["alice_connect4"] == alice().total


def test_sheets_round_trip_through_pandas(tmp_path):
    write_scores(all_results(), tmp_path, TASKS)
    back = pd.read_csv(tmp_path / "scores.csv")
    assert back["total"].tolist() == [0.0, 7.5, 0.0, 0.0]
    assert back["status"].tolist() == ["graded", "graded", "error", "manual"]


# --- Gradescope -----------------------------------------------------------------------------


def test_gradescope_results_follow_the_format_and_scores_add_up():
    payload = gradescope_results(alice(), TASKS, leaderboard=[{"name": "Elo", "value": 1510.5, "order": "desc"}])
    assert set(payload) == {"score", "execution_time", "output", "visibility", "stdout_visibility", "tests", "leaderboard"}
    assert payload["score"] == sum(t["score"] for t in payload["tests"]) == 7.5
    assert payload["execution_time"] == 12.5
    assert (payload["visibility"], payload["stdout_visibility"]) == ("visible", "hidden")
    tests = payload["tests"]
    assert [t["number"] for t in tests] == ["1.1", "2.1", "2.2", "2.3", "2.4", "3.1"]
    for test in tests[1:]:
        assert set(test) == {"name", "number", "score", "max_score", "status", "output", "visibility"}
        assert test["status"] in ("passed", "failed") and 0 <= test["score"] <= test["max_score"]
    by_name = {t["name"]: t for t in tests}
    assert by_name["Task 2: environment - actions: canned boards"]["status"] == "passed"
    partial = by_name["Task 2: environment - terminal: wins"]
    assert partial["status"] == "failed" and partial["output"].startswith("PARTIAL: 2.5 / 5 points")
    failed = by_name["Task 2: environment - result: full column"]
    assert FULL_COLUMN.text in failed["output"] and "expected: IllegalAction" in failed["output"]
    hidden = by_name["Task 2: environment - utility: hidden boards"]
    assert hidden["visibility"] == "after_published" and HIDDEN_BOARD.text not in hidden["output"]
    assert "not shown" in hidden["output"]
    assert "Graded by hand: Task 1: search problem: search problem: written answer (10 points)" in payload["output"]
    assert "arguments reordered" in payload["output"] and "cell 14 skipped" in payload["output"]
    assert payload["leaderboard"] == [{"name": "Elo", "value": 1510.5, "order": "desc"}]


def test_gradescope_lists_checks_graded_by_hand_at_zero_of_their_maximum_with_a_note():
    payload = gradescope_results(alice(), TASKS)
    by_hand = [t for t in payload["tests"] if t["name"].startswith(T1)]
    assert [(t["score"], t["max_score"], t["visibility"]) for t in by_hand] == [(0, 10, "visible")]
    assert "status" not in by_hand[0]  # a placeholder, not a failure
    assert by_hand[0]["output"].startswith("MANUAL: 0 / 10 points") and "Graded by hand" in by_hand[0]["output"]
    assert "Graded by the course staff." in by_hand[0]["output"]  # the rubric's note
    assert payload["score"] == 7.5  # the automatic points until a person grades it


def test_gradescope_hidden_checks_can_be_hidden_for_good_or_revealed():
    payload = gradescope_results(alice(), TASKS, hidden_visibility="hidden", reveal_hidden=True)
    hidden = [t for t in payload["tests"] if "hidden boards" in t["name"]][0]
    assert hidden["visibility"] == "hidden" and HIDDEN_BOARD.text in hidden["output"]


def test_gradescope_error_submission_has_a_score_and_says_why():
    payload = gradescope_results(bob(), TASKS)
    assert payload["score"] == 0 and payload["tests"] == []
    assert "error" in payload["output"] and "not valid JSON" in payload["output"]


@pytest.mark.parametrize("entry, words", [
    ({"name": "Elo", "value": 1, "order": "up"}, "order"),
    ({"name": "", "value": 1}, "name"),
    ({"name": "Elo", "value": [1]}, "value"),
    ({"name": "Elo", "value": 1, "rank": 2}, "unknown keys"),
])
def test_gradescope_refuses_a_malformed_leaderboard_entry(entry, words):
    with pytest.raises(ValueError, match=words):
        gradescope_results(alice(), TASKS, leaderboard=[entry])


def test_gradescope_refuses_an_unknown_visibility():
    with pytest.raises(ValueError, match="hidden_visibility"):
        gradescope_results(alice(), TASKS, hidden_visibility="later")


def test_gradescope_file_is_valid_json_under_the_submission_folder(tmp_path):
    paths = write_all(all_results(), tmp_path, TASKS)
    path = paths.gradescope["=evil<script>"]
    assert path.parent.parent == tmp_path / "gradescope" and path.parent.name == "=evil_script_"
    payload = json.loads(path.read_text(encoding="utf-8"))
    assert payload["tests"][0]["output"].count("\x1b") == 0  # escapes shown as text, not sent raw


# --- Canvas ---------------------------------------------------------------------------------

ROSTER_CSV = """Student,ID,SIS User ID,SIS Login ID,Section,Connect 4 (555)
    Points Possible,,,,,100
"Smith, Alice",1001,S-1,asmith,AI 101,
"Jones, Bob",1002,S-2,bjones,AI 101,
"Nguyễn, Văn An",1003,S-3,vnguyen,AI 102,
"Lee, Dana",1004,S-4,dlee,AI 102,
"Student, Test",9999,,,AI 101,
"""


def graded(stem: str, total: float, max_total: float = 100) -> SubmissionResult:
    return SubmissionResult(submission=stem, path=f"/subs/{stem}.ipynb", assignment="Connect 4",
                            checks=[CheckResult(T2, "all", total, max_total, "partial" if total < max_total else "passed")])


@pytest.fixture
def roster(tmp_path):
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER_CSV, encoding="utf-8")
    return read_roster(path)


def test_roster_from_a_canvas_export_skips_points_possible_and_the_test_student(roster):
    assert [s.name for s in roster] == ["Smith, Alice", "Jones, Bob", "Nguyễn, Văn An", "Lee, Dana"]
    assert roster[0] == RosterStudent("Smith, Alice", "1001", "S-1", "asmith", "AI 101")


def test_roster_with_other_headers_is_read_and_one_without_identity_is_refused(tmp_path):
    path = tmp_path / "class.csv"
    path.write_text("First Name,Last Name,Email\nAlice,Smith,alice.smith@uni.edu\n", encoding="utf-8")
    student, = read_roster(path)
    assert student.name == "Smith, Alice" and "alice.smith" in student.id_keys()
    bad = tmp_path / "bad.csv"
    bad.write_text("score,notes\n1,x\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"no column naming or identifying a student.*\['score', 'notes'\]"):
        read_roster(bad)


@pytest.mark.parametrize("stem, name", [
    ("smithalice_1001_7777_connect4", "Smith, Alice"),  # Canvas download name: user id
    ("jonesbob_LATE_1002_8888_Connect4", "Jones, Bob"),
    ("asmith", "Smith, Alice"),  # SIS login id
    ("S-2", "Jones, Bob"),  # SIS user id
    ("connect4_vnguyen", "Nguyễn, Văn An"),  # login id as a word
    ("Nguyen_Van_An_connect4", "Nguyễn, Văn An"),  # accented name, written without accents
    ("dana-lee", "Lee, Dana"),  # first-last
])
def test_submission_stems_match_roster_students(roster, stem, name):
    assert [s.name for s in match_submission(stem, roster)] == [name]


def test_canvas_csv_matches_the_roster_and_reports_the_rest(tmp_path, roster):
    results = [graded("smithalice_1001_7777_connect4", 88.5), graded("bjones", 70), graded("jonesbob_1002_9_c4", 60),
               graded("zed_connect4", 50), bob()]
    path, export = write_canvas(results, tmp_path, "Connect 4", 555, roster)
    rows = read_csv_rows(path)
    assert rows == [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Connect 4 (555)"],
        ["Smith, Alice", "1001", "S-1", "asmith", "AI 101", "88.5"],
        ["Jones, Bob", "1002", "S-2", "bjones", "AI 101", "70"],
    ]
    assert export.unmatched_submissions == ["zed_connect4"]
    assert export.students_without_submission == ["Nguyễn, Văn An", "Lee, Dana"]
    assert export.duplicates == {"Jones, Bob": ["bjones", "jonesbob_1002_9_c4"]}
    assert export.not_exported == {"bob": "status error: notebook is not valid JSON (line 3)"}
    assert len(export.problems()) == 5


def test_canvas_new_assignment_gets_points_possible_and_missing_students_can_get_zero(roster):
    export = canvas_frame([graded("asmith", 40, 50)], "Connect 4", roster=roster, missing="zero")
    frame = export.frame
    assert list(frame.columns) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Connect 4"]
    assert frame.iloc[0].tolist() == ["Points Possible", "", "", "", "", "50"]
    assert frame["Connect 4"].tolist()[1:] == ["40", "0", "0", "0"]


def test_canvas_without_roster_takes_identity_from_file_names():
    export = canvas_frame([graded("smithalice_1001_7777_connect4", 90), graded("Alice Smith", 80)], "Connect 4", 555)
    assert export.frame.values.tolist() == [
        ["Alice Smith", "", "", "", "", "80"],
        ["smithalice", "1001", "", "", "", "90"],
    ]


def test_canvas_column_header_carries_the_assignment_id():
    assert canvas_column_header("Connect 4", 12345) == "Connect 4 (12345)"
    assert canvas_column_header("Connect 4") == "Connect 4"
    with pytest.raises(ValueError, match="title"):
        canvas_column_header("  ")


def test_canvas_ambiguous_stem_is_reported_not_guessed():
    twins = [RosterStudent("Kim, Min", "1"), RosterStudent("Kim, Min", "2")]
    export = canvas_frame([graded("kim_min", 10)], "A", roster=twins)
    assert export.ambiguous == {"kim_min": ["Kim, Min", "Kim, Min"]}
    assert len(export.frame) == 1  # only the Points Possible row


# --- terminal -------------------------------------------------------------------------------


def test_terminal_report_lists_checks_failures_boards_and_a_final_line():
    text = format_check_report(alice(), color=False)
    assert "\x1b" not in text
    lines = text.splitlines()
    assert lines[0].startswith("=") and "Connect 4: alice_connect4" in lines[0]
    assert any(line.startswith("  PASSED   actions: canned boards") and line.endswith("5 / 5") for line in lines)
    assert any(line.startswith("  FAILED   utility: hidden boards (hidden)") for line in lines)
    for board_line in FULL_COLUMN.text.splitlines():
        assert "    " + board_line in lines
    assert "    expected: IllegalAction" in lines and "    returned: array([[0, 0, 1], [0, 0, 1], [0, 0, 1]])" in lines
    assert HIDDEN_BOARD.caption not in text and "not shown" in text
    assert "arguments reordered" in text and "cell 14 skipped" in text
    assert "1 passed, 1 partial, 2 failed, 1 timeout, 1 manual: automatic 7.5/30, manual 0/10 pending" in lines[-1]


def test_terminal_report_colours_only_when_asked_and_never_replays_student_escapes():
    coloured = format_check_report(alice(), color=True)
    assert "\x1b[32mPASSED" in coloured and "\x1b[31mFAILED" in coloured
    assert coloured.splitlines()[-1].startswith("\x1b[31m")  # failures: red final line
    evil = format_check_report(hostile(), color=False)
    assert "\x1b" not in evil and "\\x1b[2J" in evil and "\\x1b[31m" in evil


def test_terminal_report_all_passed_is_green():
    result = graded("asmith", 10, 10)
    assert format_check_report(result, color=True).splitlines()[-1].startswith("\x1b[32m")


# --- writing everything, again and again ----------------------------------------------------


def test_write_all_writes_every_file_and_returns_the_paths(tmp_path, roster):
    paths = write_all(all_results(), tmp_path, TASKS, canvas_title="Connect 4", canvas_assignment_id=555, roster=roster)
    assert paths.scores == tmp_path / "scores.csv" and paths.details == tmp_path / "details.csv"
    assert set(paths.feedback) == set(paths.gradescope) == {"=evil<script>", "alice_connect4", "bob", "carol"}
    assert paths.feedback["alice_connect4"] == (tmp_path / "feedback/alice_connect4.html",
                                                tmp_path / "feedback/alice_connect4.md")
    assert paths.canvas == tmp_path / "canvas.csv" and paths.canvas_export is not None
    for path in [paths.scores, paths.details, paths.canvas, *paths.gradescope.values()]:
        assert path.is_file()
    assert not list(tmp_path.rglob("*.tmp"))


def test_writers_are_idempotent_and_a_regraded_submission_replaces_its_files(tmp_path):
    first = write_submission(alice(), tmp_path, TASKS)
    snapshot = {p: p.read_bytes() for p in first}
    again = write_submission(alice(), tmp_path, TASKS)
    assert again == first and {p: p.read_bytes() for p in again} == snapshot
    regraded = alice()
    regraded.checks[2] = CheckResult(T2, "result: full column", 5, 5, "passed")
    write_submission(regraded, tmp_path, TASKS)
    payload = json.loads((tmp_path / "gradescope/alice_connect4/results.json").read_text())
    assert payload["score"] == 12.5
    assert len(list((tmp_path / "feedback").iterdir())) == 2


def test_submission_file_names_cannot_escape_their_folder():
    assert submission_filename("../../etc/passwd") == "___.._etc_passwd"
    assert submission_filename("..") == "__"
    assert submission_filename("Nguyễn Văn An") == "Nguyễn Văn An"
    assert submission_filename("") == "submission"
