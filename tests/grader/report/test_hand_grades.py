"""Hand-graded items: manual.csv is written for people, never loses what they typed, and its filled rows
reach every report on the next run without regrading (saved results included)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from grader import pipeline
from grader.batch import BatchOptions, fingerprint, save
from grader.cli import main
from grader.report.hand_grades import (
    HandGrade,
    ManualSheetError,
    apply_hand_grades,
    read_hand_grades,
    write_manual_sheet,
)
from grader.report.tally import score_text
from grader.results import CheckResult, SubmissionResult
from grader.rubric import load_rubric

T1, T2 = "Task 1: search problem", "Task 2: environment"


def result(submission: str = "alice", status: str = "graded") -> SubmissionResult:
    """85 automatic points earned of 85, and 25 graded by hand in two items."""
    return SubmissionResult(submission=submission, path=f"/subs/{submission}.ipynb", assignment="connect4",
                            status=status, checks=[
                                CheckResult(T1, "problem formulation", 0, 10, "manual", "graded by hand"),
                                CheckResult(T1, "estimates", 0, 15, "manual", "graded by hand"),
                                CheckResult(T2, "actions: canned boards", 85, 85, "passed"),
                            ])


def sheet_rows(path: Path) -> list[dict[str, str]]:
    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def fill(path: Path, values: dict[tuple[str, str], tuple[str, str]]) -> None:
    """Type ``points`` and ``comment`` into the rows of (submission, item), as a person would."""
    rows = sheet_rows(path)
    for row in rows:
        if (row["submission"], row["item"]) in values:
            row["points"], row["comment"] = values[(row["submission"], row["item"])]
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def test_until_filled_the_score_says_what_is_automatic_and_what_is_pending():
    assert score_text(result()) == "automatic 85/85, manual 0/25 pending"
    partly = apply_hand_grades(result(), {("alice", T1, "estimates"): HandGrade(12, "")})
    assert score_text(partly) == "automatic 85/85, manual 12/25 (1 of 2 items pending)"
    done = apply_hand_grades(partly, {("alice", T1, "problem formulation"): HandGrade(10, "")})
    assert score_text(done) == "107 / 110 (automatic 85/85, manual 22/25)"


def test_manual_sheet_has_a_blank_row_per_submission_and_hand_graded_item(tmp_path):
    path = write_manual_sheet([result("bob"), result("alice")], tmp_path)
    assert path == tmp_path / "manual.csv"
    assert [(r["submission"], r["task"], r["item"], r["points"], r["max"], r["comment"]) for r in sheet_rows(path)] == [
        ("alice", T1, "problem formulation", "", "10", ""),
        ("alice", T1, "estimates", "", "15", ""),
        ("bob", T1, "problem formulation", "", "10", ""),
        ("bob", T1, "estimates", "", "15", ""),
    ]


def test_no_manual_sheet_for_an_assignment_without_hand_graded_items(tmp_path):
    automatic = SubmissionResult("mia", "/subs/mia.ipynb", "tictactoe", checks=[CheckResult(T2, "actions", 5, 5, "passed")])
    assert write_manual_sheet([automatic], tmp_path) is None and not (tmp_path / "manual.csv").exists()


def test_writing_again_keeps_what_was_typed_adds_new_submissions_and_keeps_departed_ones(tmp_path):
    path = write_manual_sheet([result("alice"), result("bob")], tmp_path)
    fill(path, {("alice", "estimates"): ("12.5", "=good estimate, one factor off"), ("bob", "estimates"): ("0", "")})
    with open(path, encoding="utf-8") as handle:  # a person's own column
        text = handle.read().replace("comment\n", "comment,grader initials\n", 1)
    path.write_text(text, encoding="utf-8")

    write_manual_sheet([result("alice"), result("carol")], tmp_path)  # bob's file was withdrawn
    rows = {(r["submission"], r["item"]): r for r in sheet_rows(path)}
    assert rows[("alice", "estimates")]["points"] == "12.5"
    assert rows[("alice", "estimates")]["comment"] == "'=good estimate, one factor off"  # defused for Excel
    assert rows[("carol", "estimates")]["points"] == ""
    assert rows[("bob", "estimates")]["points"] == "0"  # typed, so kept, after the current class
    assert list(rows)[-1][0] == "bob" and "grader initials" in sheet_rows(path)[0]
    grades = read_hand_grades(tmp_path)
    assert grades[("alice", T1, "estimates")] == HandGrade(12.5, "=good estimate, one factor off")
    assert grades[("carol", T1, "estimates")] == HandGrade(None, "")


def test_filled_items_count_everywhere_as_graded_by_hand():
    merged = apply_hand_grades(result(), {("alice", T1, "estimates"): HandGrade(7.5, "one factor off"),
                                          ("alice", T1, "problem formulation"): HandGrade(None, "")})
    estimates = merged.checks[1]
    assert (estimates.points, estimates.status, estimates.message, estimates.by_hand) == (7.5, "partial", "one factor off", True)
    assert merged.checks[0].status == "manual" and merged.total == 92.5
    assert result().total == 85  # the saved result is not changed


def test_a_report_graded_only_by_hand_is_graded_once_every_item_is_filled():
    pdf = SubmissionResult("noah", "/subs/noah.pdf", "connect4", status="manual", message="a PDF report",
                           checks=[CheckResult(T1, "problem formulation", 0, 10, "manual")])
    assert score_text(pdf) == "manual 0/10 pending"
    merged = apply_hand_grades(pdf, {("noah", T1, "problem formulation"): HandGrade(10, "")})
    assert merged.status == "graded" and merged.checks[0].status == "passed" and merged.total == 10


@pytest.mark.parametrize("typed, words", [
    ("11", "'points': 11 is above the maximum 10"),
    ("-1", "'points': -1 is negative"),
    ("ten", "'points': 'ten' is not a number"),
    ("nan", "'points': 'nan' is not a number"),
])
def test_a_cell_that_cannot_be_a_grade_is_one_error_naming_file_row_and_column(tmp_path, typed, words):
    path = write_manual_sheet([result("alice"), result("bob")], tmp_path)
    fill(path, {("bob", "problem formulation"): (typed, "")})
    with pytest.raises(ManualSheetError) as error:
        read_hand_grades(tmp_path)
    assert str(error.value).startswith(f"{path}, row 4, column {words}")
    assert "Nothing was changed" in str(error.value)


# --- through the pipeline and the command line, on saved results (nothing is regraded) ------------------

@pytest.fixture
def graded_class(tmp_path):
    """A folder with one Connect 4 submission whose result is already saved, as after a first run."""
    rubric = load_rubric()
    assignment = rubric.assignment("connect4")
    folder, out = tmp_path / "class", tmp_path / "grades" / "connect4"  # where `grader grade --out grades` puts it
    folder.mkdir()
    notebook = folder / "alice.py"
    notebook.write_text("def actions(board):\n    return []\n", encoding="utf-8")
    saved = SubmissionResult("alice", str(notebook), "connect4", checks=[
        CheckResult(task.name, spec.title, 0 if spec.kind == "manual" else spec.points, spec.points,
                    "manual" if spec.kind == "manual" else "passed")
        for task in assignment.tasks for spec in task.checks
    ])
    save(out, saved, fingerprint(notebook, assignment, BatchOptions()))
    return folder, out, assignment


def test_second_run_merges_filled_rows_into_every_report_without_regrading(graded_class):
    folder, out, assignment = graded_class

    def grade_again():  # as `grader grade class -a connect4 --out grades --canvas-title "Connect 4"`
        work = pipeline.plan(folder, load_rubric(), "connect4")
        graded = pipeline.grade_class(work, out.parent, BatchOptions(progress=False),
                                      pipeline.ReportOptions(canvas_title="Connect 4"))
        return graded.batches[0]

    first = grade_again()
    assert first.reused == ["alice"] and first.graded_now == []
    manual_max = sum(s.points for t in assignment.tasks for s in t.checks if s.kind == "manual")
    automatic = assignment.max_points - manual_max
    pending = f"automatic {automatic:g}/{automatic:g}, manual 0/{manual_max:g} pending"
    assert pending in (out / "scores.csv").read_text(encoding="utf-8")
    assert pending in (out / "feedback" / "alice.html").read_text(encoding="utf-8")
    assert any("not fully graded" in line for line in first.canvas_problems)

    item = sheet_rows(out / "manual.csv")[0]["item"]
    fill(out / "manual.csv", {("alice", item): ("3", "well argued")})
    second = grade_again()
    assert second.graded_now == [] and second.results[0].total == automatic + 3
    scores = sheet_rows(out / "scores.csv")[0]
    assert float(scores["total"]) == automatic + 3 and "manual 3/" in scores["breakdown"]
    gradescope = json.loads((out / "gradescope" / "alice" / "results.json").read_text(encoding="utf-8"))
    assert gradescope["score"] == automatic + 3
    assert any(t["output"].endswith("well argued") for t in gradescope["tests"])
    assert "well argued" in (out / "feedback" / "alice.html").read_text(encoding="utf-8")
    assert sheet_rows(out / "canvas.csv")[-1]["Connect 4"] == f"{automatic + 3:g}"
    saved = json.loads((out / "results" / "alice.json").read_text(encoding="utf-8"))
    assert sum(c["points"] for c in saved["result"]["checks"]) == automatic  # the grader's own result stays


def test_cli_refuses_a_bad_cell_and_leaves_every_sheet_as_it_was(graded_class, capsys):
    folder, out, _ = graded_class
    assert main(["grade", str(folder), "-a", "connect4", "--out", str(out.parent), "--no-progress"]) == 0
    assert "manual 0/" in capsys.readouterr().out
    item = sheet_rows(out / "manual.csv")[0]["item"]
    fill(out / "manual.csv", {("alice", item): ("99", "")})
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert main(["grade", str(folder), "-a", "connect4", "--out", str(out.parent), "--no-progress"]) == 2
    error = capsys.readouterr().err
    assert f"{out / 'manual.csv'}, row 2, column 'points': 99 is above the maximum" in error
    assert error.count("row 2") == 1
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
