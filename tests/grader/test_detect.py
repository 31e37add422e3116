"""Telling which assignment a submission is, and grading each under its own rubric or flagging it.

The notebooks in ``tests/notebooks/detect/`` are small and named by what they show. The course's
real notebooks (``$GRADER_DEVSET``, default ``/work/devset``: ``<assignment>/*.ipynb``) are checked
when present.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml

from grader.cli import main
from grader.detect import (
    SubmissionText,
    detect,
    detect_assignment,
    display_name,
    phrase_pattern,
    place,
    score_text,
)
from grader.rubric import BUNDLED_RUBRIC, Rubric, load_rubric
from tests.paths import ROOT, TESTS

FIXTURES = TESTS / "notebooks" / "detect"
CONNECT4 = FIXTURES / "connect4_that_mentions_boxes.ipynb"
DOTS_AND_BOXES = FIXTURES / "dots_and_boxes_old_layout_no_title.ipynb"
MEAN_CONNECT4 = FIXTURES / "mean_connect4.ipynb"
NOTES = FIXTURES / "notes_without_an_assignment.txt"
DEVSET = Path(os.environ.get("GRADER_DEVSET", "/work/devset"))


@pytest.fixture(scope="module")
def rubric() -> Rubric:
    return load_rubric()


# --- detection ------------------------------------------------------------------------------------

def test_connect4_notebook_that_mentions_boxes_is_connect4(rubric):
    found = detect(CONNECT4, rubric)
    assert found.name == "connect4"
    assert found.scores["dots_and_boxes"] > 0  # the mention was seen, and outweighed


def test_dots_and_boxes_in_the_old_n_m_layout_is_told_by_its_code_without_a_title(rubric):
    assert detect(DOTS_AND_BOXES, rubric).name == "dots_and_boxes"


def test_a_python_file_is_told_by_its_module_docstring(tmp_path, rubric):
    """A .py file has no headings; the first line of its docstring says what it is, as a title does."""
    path = tmp_path / "agent.py"
    path.write_text('#!/usr/bin/env python\n"""Connect 4, my own board and agents."""\nimport math\n\n'
                    'def legal_moves(state):\n    return []\n')
    assert detect(path, rubric).name == "connect4"
    path.write_text('import math\n"""Connect 4, my own board and agents."""\n')  # not a docstring: a string
    assert detect(path, rubric).name is None


def rubric_without(tmp_path: Path, name: str) -> Rubric:
    """The bundled rubric less one assignment (as an instructor's older copy would be)."""
    data = yaml.safe_load(BUNDLED_RUBRIC.read_text(encoding="utf-8"))
    del data["assignments"][name]
    path = tmp_path / "rubric.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load_rubric(path)


def test_mean_connect4_is_recognised_though_a_rubric_does_not_define_it(tmp_path):
    older = rubric_without(tmp_path, "mean_connect4")
    assert detect(MEAN_CONNECT4, older).name == "mean_connect4"
    placed = place([MEAN_CONNECT4], older)[0]
    assert placed.assignment == "connect4"
    assert placed.flag == "looks like Mean Connect 4, which this rubric does not define: graded as Connect 4"


def test_the_bundled_rubric_grades_mean_connect4_as_such_without_a_flag(rubric):
    assert "mean_connect4" in rubric.assignments
    placed = place([MEAN_CONNECT4, CONNECT4], rubric)
    assert [(p.assignment, p.flag) for p in placed] == [("mean_connect4", ""), ("connect4", "")]


def test_a_file_that_names_no_assignment_is_not_guessed(rubric):
    assert detect_assignment(NOTES, rubric) is None
    placed = place([NOTES], rubric)[0]
    assert placed.assignment is None
    assert placed.reason.startswith("could not tell which assignment this is; pass --assignment")


def test_a_notebook_naming_two_games_about_equally_is_not_guessed(rubric):
    text = SubmissionText(body="connect 4 connect 4 dots and boxes dots and boxes")
    scores = score_text(text, {name: a.detect for name, a in rubric.assignments.items()})
    assert scores["connect4"] == scores["dots_and_boxes"] == 2


def test_links_to_the_tic_tac_toe_examples_do_not_count(rubric):
    assert detect(CONNECT4, rubric).scores["tictactoe"] == 0


def test_phrases_match_however_the_words_are_joined_but_only_whole():
    pattern = phrase_pattern("Mean Connect 4")
    for text in ['playing "mean" connect 4', "mean connect-4", "mean_connect4", "**mean** connect 4"]:
        assert pattern.search(text), text
    assert not phrase_pattern("Connect 4").search("connect 45")
    assert not phrase_pattern("mean move").search("np.mean(moves)")
    assert phrase_pattern("'m':").search("board = {'n': 4, 'm': 4}")


def test_the_title_outweighs_a_section_about_another_game(rubric):
    text = SubmissionText(title="connect 4 with minimax", headings="comparison with dots and boxes",
                          body="connect four")
    scores = score_text(text, {name: a.detect for name, a in rubric.assignments.items()})
    assert scores["connect4"] >= 2 * scores["dots_and_boxes"] > 0


def test_messages_name_the_games_as_people_do(rubric):
    assert [display_name(n, rubric) for n in ("connect4", "dots_and_boxes", "tictactoe", "mean_connect4")] == [
        "Connect 4", "Dots and Boxes", "Tic-tac-toe", "Mean Connect 4"]


def test_sample_class_is_detected_as_the_folders_it_is_in(rubric):
    samples = ROOT / "submissions"
    for folder in (samples / name for name in rubric.assignments):
        for path in folder.iterdir():
            assert detect_assignment(path, rubric) in (folder.name, None), path  # None: the PDF report


@pytest.mark.skipif(not DEVSET.is_dir(), reason=f"no development notebooks at {DEVSET}")
def test_development_notebooks_are_each_detected_as_their_folder(rubric):
    paths = sorted(DEVSET.glob("*/*.ipynb"))
    assert paths
    wrong = {p.name: detect(p, rubric).name for p in paths if detect(p, rubric).name != p.parent.name}
    assert wrong == {}


# --- grading a folder -----------------------------------------------------------------------------

def _class_folder(tmp_path: Path, *files: Path) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    for f in files:
        shutil.copy(f, folder / f.name)
    return folder


def test_grade_without_assignment_detects_each_file(tmp_path, capsys):
    folder = _class_folder(tmp_path, CONNECT4, DOTS_AND_BOXES, MEAN_CONNECT4, NOTES)
    out = tmp_path / "grades"
    assert main(["grade", str(folder), "--out", str(out), "--jobs", "3", "--no-progress"]) == 0

    c4 = pd.read_csv(out / "connect4" / "scores.csv")
    dab = pd.read_csv(out / "dots_and_boxes" / "scores.csv")
    mean = pd.read_csv(out / "mean_connect4" / "scores.csv")
    assert list(c4["submission"]) == ["connect4_that_mentions_boxes"]
    assert list(dab["submission"]) == ["dots_and_boxes_old_layout_no_title"]
    assert list(mean["submission"]) == ["mean_connect4"]
    assert (c4["max_total"] == 110).all() and (dab["max_total"] == 110).all() and (mean["max_total"] == 11).all()

    everyone = pd.read_csv(out / "scores.csv", keep_default_na=False).set_index("submission")
    assert everyone.columns[0] == "assignment"
    assert everyone["assignment"].to_dict() == {
        "connect4_that_mentions_boxes": "connect4", "dots_and_boxes_old_layout_no_title": "dots_and_boxes",
        "mean_connect4": "mean_connect4", "notes_without_an_assignment": ""}
    notes = everyone.loc["notes_without_an_assignment"]
    assert notes["status"] == "error"
    assert notes["message"].startswith("could not tell which assignment this is; pass --assignment")
    assert everyone.get("flag", pd.Series(dtype=str)).get("mean_connect4", "") == ""
    printed = capsys.readouterr().out
    assert "notes_without_an_assignment.txt: could not tell which assignment this is" in printed
    assert "looks like Mean Connect 4" not in printed


def test_a_rubric_without_mean_connect4_grades_it_as_connect4_and_flags_it(tmp_path, capsys):
    folder = _class_folder(tmp_path, CONNECT4, MEAN_CONNECT4)
    older = tmp_path / "rubric.yaml"
    rubric_without(tmp_path, "mean_connect4")
    out = tmp_path / "grades"
    assert main(["grade", str(folder), "--rubric", str(older), "--out", str(out), "--jobs", "2",
                 "--no-progress"]) == 0
    everyone = pd.read_csv(out / "scores.csv", keep_default_na=False).set_index("submission")
    assert everyone["assignment"].to_dict() == {"connect4_that_mentions_boxes": "connect4", "mean_connect4": "connect4"}
    assert everyone.loc["mean_connect4", "flag"] == (
        "looks like Mean Connect 4, which this rubric does not define: graded as Connect 4")
    assert "mean_connect4.ipynb looks like Mean Connect 4, which this rubric does not define: graded as Connect 4" \
        in capsys.readouterr().out


def test_notebook_of_another_assignment_is_flagged_in_every_sheet(tmp_path, capsys):
    folder = _class_folder(tmp_path, CONNECT4, DOTS_AND_BOXES)
    out = tmp_path / "grades"
    assert main(["grade", str(folder), "--assignment", "connect4", "--out", str(out), "--jobs", "2",
                 "--no-progress", "--canvas-title", "Connect 4"]) == 0
    flag = "looks like Dots and Boxes, graded as Connect 4"
    name = "dots_and_boxes_old_layout_no_title"

    assert pd.read_csv(out / "scores.csv", keep_default_na=False).set_index("submission").loc[name, "flag"] == flag
    out = out / "connect4"  # one layout whatever the flags: the assignment's sheets in its own folder
    scores = pd.read_csv(out / "scores.csv", keep_default_na=False).set_index("submission")
    assert scores.loc[name, "flag"] == flag
    assert scores.loc["connect4_that_mentions_boxes", "flag"] == ""
    assert scores.loc[name, "max_total"] == 110  # graded as Connect 4 all the same
    details = pd.read_csv(out / "details.csv", keep_default_na=False)
    assert set(details.loc[details["submission"] == name, "flag"]) == {flag}
    assert flag in (out / "feedback" / f"{name}.md").read_text(encoding="utf-8")
    assert flag in (out / "feedback" / f"{name}.html").read_text(encoding="utf-8")
    assert flag not in (out / "feedback" / "connect4_that_mentions_boxes.md").read_text(encoding="utf-8")
    gradescope = json.loads((out / "gradescope" / name / "results.json").read_text(encoding="utf-8"))
    assert flag in gradescope["output"]
    printed = capsys.readouterr().out
    assert f"{name}.ipynb {flag}" in printed  # the terminal summary
    assert f"submission {name!r} {flag}" in printed  # canvas.csv has no comments: its checklist says it


def test_a_flag_is_recomputed_when_a_saved_result_is_reused(tmp_path, capsys):
    folder = _class_folder(tmp_path, DOTS_AND_BOXES)
    out = tmp_path / "grades"
    args = ["grade", str(folder), "--assignment", "connect4", "--out", str(out), "--jobs", "1", "--no-progress"]
    assert main(args) == 0
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert "1 reused from an earlier run" in printed
    flagged = [line for line in printed.splitlines() if line.startswith("  ! ")]  # canvas.csv's checklist says it too
    assert sum("looks like Dots and Boxes, graded as Connect 4" in line for line in flagged) == 2


# --- reports --------------------------------------------------------------------------------------

def _result(flags: list[str]):
    from grader.results import CheckResult, SubmissionResult

    check = CheckResult(task="Task 2", check="actions: canned boards", points=1, max_points=3, status="partial")
    return SubmissionResult(submission="kim", path="/class/kim.ipynb", assignment="connect4", flags=flags,
                            checks=[check])


def test_sheets_of_a_class_without_flags_keep_their_columns():
    from grader.report import details_frame, scores_frame

    assert list(scores_frame([_result([])], ["Task 2"]).columns) == [
        "submission", "Task 2", "total", "max_total", "status", "message"]
    assert "flag" not in details_frame([_result([])]).columns


def test_self_check_report_says_which_assignment_the_notebook_looks_like():
    from grader.report import format_check_report

    report = format_check_report(_result(["looks like Dots and Boxes, graded as Connect 4"]))
    assert report.splitlines()[1] == "check the assignment: this notebook looks like Dots and Boxes, graded as Connect 4"
