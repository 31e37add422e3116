"""A check in review ("needs a person": the grader is unsure it read the code as meant) is counted everywhere a
person looks: scores.csv, details.csv, Gradescope, the feedback pages, the class page, the Canvas checklist
and ``grader check``. Its points stay, provisional."""

from __future__ import annotations

import io

import pandas as pd

from grader.report import canvas_frame, details_frame, feedback_html, feedback_markdown, format_check_report, \
    gradescope_results, scores_frame
from grader.report.class_page import class_html, needs_person
from grader.report.terminal import LiveCheckReport
from grader.results import CheckResult, SubmissionResult

TASK = "Task 2"
EVIDENCE = "place_preview() was taken for result() only because its name says so in other words"
NOTE = f"6 of 17 boards right\nNeeds a person: {EVIDENCE}. The points are provisional until a person confirms."


def in_review() -> SubmissionResult:
    return SubmissionResult("ada", "ada.ipynb", "connect4", checks=[
        CheckResult(TASK, "actions: canned boards", 3, 3, "passed", "7 of 7 boards right"),
        CheckResult(TASK, "result: canned boards", 1.06, 3, "review", NOTE),
        CheckResult(TASK, "result: does not change its input board", 1, 1, "review", f"unchanged\n{NOTE}"),
    ], isolation="bubblewrap")


def clear() -> SubmissionResult:
    return SubmissionResult("bea", "bea.ipynb", "connect4", isolation="bubblewrap", checks=[
        CheckResult(TASK, "actions: canned boards", 3, 3, "passed"),
        CheckResult(TASK, "result: canned boards", 3, 3, "passed"),
        CheckResult(TASK, "result: does not change its input board", 1, 1, "passed")])


def test_scores_sheet_names_the_checks_in_review_and_keeps_their_provisional_points():
    frame = scores_frame([in_review(), clear()], [TASK]).set_index("submission")
    assert frame.loc["ada", "review"] == "result: canned boards; result: does not change its input board"
    assert frame.loc["bea", "review"] == ""
    assert frame.loc["ada", TASK] == 5.06 and frame.loc["ada", "status"] == "graded"
    assert "review" not in scores_frame([clear()], [TASK]).columns  # a class with nothing in doubt: the sheet as before


def test_details_sheet_gives_each_check_in_review_that_status_and_the_evidence():
    rows = details_frame([in_review()]).set_index("check")
    assert rows.loc["result: canned boards", "status"] == "review"
    assert EVIDENCE in rows.loc["result: canned boards", "message"]
    assert rows.loc["actions: canned boards", "status"] == "passed"


def test_gradescope_tests_in_review_say_so_and_the_summary_names_them():
    payload = gradescope_results(in_review(), [TASK])
    tests = {t["name"].split(" - ")[1]: t for t in payload["tests"]}
    partial, full = tests["result: canned boards"], tests["result: does not change its input board"]
    assert partial["output"].startswith("REVIEW: 1.06 / 3 points") and EVIDENCE in partial["output"]
    assert partial["status"] == "failed" and full["status"] == "passed"  # full points in review read as passed
    assert payload["score"] == 5.06
    assert "Checks: 1 passed, 2 review." in payload["output"]
    assert ("Provisional, needs a person (the grader is unsure of its verdict; each check says why): "
            "result: canned boards (1.06 / 3); result: does not change its input board (1 / 1).") in payload["output"]


def test_feedback_pages_open_with_the_checks_that_need_a_person():
    html, md = feedback_html(in_review(), [TASK]), feedback_markdown(in_review(), [TASK])
    said = ("for 2 checks: result: canned boards; result: does not change its input board (it may have read your "
            "code otherwise than you meant, or your code called a package the grader lacks). Their points are provisional")
    assert "Needs a person" in html and said in html and 'class="check card status-review"' in html
    assert "--review:" in html  # the status has its colours
    assert "> **Needs a person:** The grader is not sure of its verdict for 2 checks" in md
    assert "### REVIEW: result: canned boards (1.06 / 3)" in md and "1 passed, 2 review" in md
    assert "Needs a person" not in feedback_markdown(clear(), [TASK])


def test_class_page_lists_a_submission_with_checks_in_review_among_those_to_look_at():
    people = {n.submission: n.reasons for n in needs_person([in_review(), clear()])}
    assert people == {"ada": ["2 check(s) in review (a person must confirm how the code was read; their points are "
                              "provisional): result: canned boards; result: does not change its input board"]}
    assert "result: does not change its input board" in class_html([in_review(), clear()], [TASK])


def test_canvas_checklist_says_which_scores_are_provisional():
    export = canvas_frame([in_review(), clear()], "Connect 4")
    assert export.frame["Student"].tolist() == ["Points Possible", "ada", "bea"]  # exported all the same
    assert ("submission 'ada' has checks in review: result: canned boards; result: does not change its input "
            "board; its score is provisional until a person confirms how its code was read") in export.problems()
    assert not any("bea" in line for line in export.problems())


def test_grader_check_shows_the_student_which_checks_need_a_person():
    text = format_check_report(in_review(), tasks=[TASK])
    row = next(line for line in text.splitlines() if line.startswith("  REVIEW   result: canned boards"))
    assert row.rstrip().endswith("1.06 / 3") and "(needs a person)" in row
    assert "needs a person: provisional points" in text and "what to fix" not in text
    assert EVIDENCE in text
    assert text.rstrip().splitlines()[-1].strip("= ") == "1 passed, 2 review: 5.06 / 7 points"

    out = io.StringIO()  # the same, printed as the checks finish
    live = LiveCheckReport("connect4", "ada", out=out, tasks=[TASK])
    for check in in_review().checks:
        live.check_done(check)
    live.finish(in_review())
    assert "(needs a person)" in out.getvalue() and "needs a person: provisional points" in out.getvalue()


def test_details_round_trip_keeps_review():
    again = SubmissionResult.from_dict(in_review().to_dict())
    assert [c.status for c in again.checks] == ["passed", "review", "review"]
    assert isinstance(details_frame([again]), pd.DataFrame)
