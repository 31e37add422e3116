"""The class report: item analysis figures, failures grouped with a board, who needs a person, and the page."""

from __future__ import annotations

import csv
import math
import re

from grader.batch import save
from grader.cli import main
from grader.report.class_page import (
    class_html,
    failure_groups,
    missing_packages,
    needs_person,
    summarize_class,
    write_class_report,
)
from grader.report.item_analysis import item_frame
from grader.results import BoardShown, CheckResult, SubmissionResult

TASK = "Task 2: environment"
BOARD = BoardShown(caption="a full column", text=". x .", svg='<svg viewBox="0 0 10 10"><rect width="5" height="5"/>'
                   '<script>alert(1)</script></svg>', call="result(board, 1, 3)", expected="an error",
                   returned="<b>a board</b>")


def _result(name: str, terminal: float, result_points: float, *, message: str = "", status: str = "graded",
            isolation: str = "bubblewrap", result_status: str = "", notes: tuple[str, ...] = (), flags: tuple[str, ...] = ()) -> SubmissionResult:
    checks = [
        CheckResult(TASK, "terminal: canned boards", terminal, 4.0,
                    "passed" if terminal == 4 else "failed" if terminal == 0 else "partial",
                    message="" if terminal == 4 else f"{int(terminal)} of 4 boards right; first problem: a diagonal",
                    boards=[] if terminal == 4 else [BOARD]),
        CheckResult(TASK, "result: canned boards", result_points, 2.0,
                    result_status or ("passed" if result_points == 2 else "failed"),
                    message=message),
        CheckResult("Task 1: search problem", "discussion", 0.0, 5.0, "manual"),
    ]
    return SubmissionResult(name, f"{name}.ipynb", "connect4", status=status, checks=checks, isolation=isolation,
                            load_notes=list(notes), flags=list(flags), seconds=2.0, student_seconds=1.0)


def _class() -> list[SubmissionResult]:
    return [
        _result("ann", 4, 2),
        _result("ben", 2, 2),
        _result("cat", 0, 0, message="no result function was found", result_status="error"),
        _result("dan", 1, 0, message="no answer within the 1 s limit", isolation="rlimits", result_status="timeout",
                notes=("cell 3: `tabulate` is not installed for grading: the grader replaced it with a stand-in",),
                flags=("looks like Dots and Boxes, graded as Connect 4",)),
        SubmissionResult("eve", "eve.pdf", "connect4", status="manual", message=".pdf is not a notebook",
                         checks=[CheckResult(TASK, "terminal: canned boards", 0.0, 4.0, "manual")]),
    ]


def test_item_analysis_counts_full_partial_and_zero_scores_per_check():
    items = item_frame(_class()).set_index("check")
    terminal = items.loc["terminal: canned boards"]
    assert terminal["submissions"] == 4  # the PDF graded by hand is left out, not counted as a zero
    assert (terminal["full"], terminal["partial"], terminal["zero"]) == (0.25, 0.5, 0.25)
    assert terminal["mean_points"] == 1.75
    assert terminal["discrimination"] > 0.5  # strong submissions do well on it
    assert "discussion" not in items.index  # graded by hand: no automatic points to analyse


def test_discrimination_is_blank_when_everyone_scores_the_same():
    same = [_result(n, 4, 2) for n in ("a", "b", "c")]
    assert math.isnan(item_frame(same).set_index("check").loc["terminal: canned boards", "discrimination"])


def test_failures_are_grouped_by_message_whatever_the_numbers_with_one_board():
    by_check = {f.check: f for f in failure_groups(_class())}
    terminal = by_check["terminal: canned boards"]
    assert terminal.failing == 3
    assert len(terminal.groups) == 1 and terminal.groups[0].submissions == ["ben", "cat", "dan"]
    assert terminal.groups[0].board == BOARD
    assert "<script" not in terminal.groups[0].board_svg and "<rect" in terminal.groups[0].board_svg
    assert [len(g.submissions) for g in by_check["result: canned boards"].groups] == [1, 1]


def test_people_look_at_errors_hand_grading_flags_and_weaker_isolation_not_at_missing_code():
    reasons = {n.submission: " | ".join(n.reasons) for n in needs_person(_class())}
    assert set(reasons) == {"dan", "eve"}  # cat's missing function is already scored right
    assert "result: canned boards" in reasons["dan"] and "Dots and Boxes" in reasons["dan"]
    assert "weaker isolation (rlimits)" in reasons["dan"]
    assert "graded by hand" in reasons["eve"]


def test_packages_replaced_by_stand_ins_are_listed_with_their_users():
    assert missing_packages(_class()) == {"tabulate": ["dan"]}


def test_class_page_is_self_contained_and_escapes_student_text(tmp_path):
    page, items = write_class_report(_class(), tmp_path, [TASK], "Connect 4")
    html = page.read_text(encoding="utf-8")
    for heading in ("Scores", "Item analysis", "Most common failures", "Submissions that need a person",
                    "Packages the grader lacked", "Time per submission"):
        assert heading in html
    assert "<script" not in html and not re.search(r"(src|href)=[\"']?https?:", html)  # nothing to fetch
    assert "&lt;b&gt;a board&lt;/b&gt;" in html
    assert html.count("<svg") >= 3  # two plots and a board
    rows = list(csv.DictReader(items.open(encoding="utf-8")))
    assert [r["check"] for r in rows] == ["terminal: canned boards", "result: canned boards"]
    assert class_html(_class(), [TASK], "Connect 4") == html  # same results, same bytes


def test_report_command_writes_the_class_report_from_saved_results_without_grading(tmp_path, capsys):
    for result in _class():
        save(tmp_path, result, "fingerprint")
    assert main(["report", str(tmp_path)]) == 0
    assert (tmp_path / "class.html").exists() and (tmp_path / "item_analysis.csv").exists()
    assert "5 result(s)" in capsys.readouterr().out


def test_report_command_refuses_a_folder_without_results(tmp_path, capsys):
    assert main(["report", str(tmp_path)]) == 2
    assert "no saved results" in capsys.readouterr().err


def test_hand_graded_items_count_once_filled_and_the_pending_ones_are_counted():
    results = _class()
    filled = results[0].checks[2]
    filled.points, filled.status, filled.by_hand = 4.0, "partial", True
    summary = summarize_class(results, [TASK])
    assert summary.max_total == 11  # 6 automatic + ann's filled 5; the others' pending items not yet
    assert summary.hand_graded_points == 5 and summary.hand_pending == 3
