"""``grader export prairielearn``: an external-grader directory whose entrypoint grades /grade/student/ as
``grader grade`` grades a student's folder and always leaves a results.json in PrairieLearn's format that says
what happened; a submission whose code never ran is not gradable, so the student loses no attempt on it."""

from __future__ import annotations

import json
import stat

import pytest

from grader.cli import main
from tests.grader.export.conftest import RUBRIC
from tests.grader.export.platform_roots import checks_by_name, prairielearn_root, run_prairielearn, valid_prairielearn

MANUAL = "Task 1: search problem - problem formulation"
HIDDEN = "Task 2: environment and random agent - utility: random positions"


def test_the_directory_holds_the_entrypoint_settings_rubric_image_and_question_settings(prairielearn_grader):
    tests = prairielearn_grader / "tests"
    assert (tests / "run_grader").stat().st_mode & stat.S_IXUSR
    assert (tests / "rubric.yaml").read_text(encoding="utf-8") == RUBRIC.read_text(encoding="utf-8")
    assert json.loads((tests / "export.json").read_text(encoding="utf-8"))["platform"] == "prairielearn"
    wheel = next((prairielearn_grader / "image").glob("adversarial_grader-*.whl"))
    assert f"COPY {wheel.name} /tmp/" in (prairielearn_grader / "image" / "Dockerfile").read_text(encoding="utf-8")
    options = json.loads((prairielearn_grader / "info.json").read_text(encoding="utf-8"))["externalGradingOptions"]
    assert options["entrypoint"] == "/grade/tests/run_grader" and options["timeout"] == 300
    assert options["image"].startswith("adversarial-grader:")
    assert '<pl-file-upload file-names="connect4.ipynb">' in (prairielearn_grader / "question.html").read_text()
    assert "docker build" in (prairielearn_grader / "README.md").read_text(encoding="utf-8")


def test_a_good_notebook_scores_its_automatic_points_over_their_maximum(on_prairielearn):
    payload = valid_prairielearn(on_prairielearn("good"))
    assert payload["gradable"] is True and payload["score"] == 1.0  # 12 of 12: the item graded by hand waits
    tests = checks_by_name(payload)
    assert (tests[MANUAL]["points"], tests[MANUAL]["max_points"]) == (0, 5)
    assert tests[MANUAL]["message"] == "graded by hand"
    assert tests[HIDDEN]["max_points"] == 1  # shown with its points, its boards withheld
    assert payload["message"] == "connect4: automatic 12/12, manual 0/5 pending."
    assert "Submission file: alice_complete.ipynb" in payload["output"]


def test_a_buggy_notebook_scores_a_fraction(on_prairielearn):
    payload = valid_prairielearn(on_prairielearn("buggy"))
    automatic = [t for t in payload["tests"] if t["message"] != "graded by hand"]
    assert payload["score"] == pytest.approx(sum(t["points"] for t in automatic) / sum(t["max_points"] for t in automatic))
    assert 0 < payload["score"] < 1


@pytest.mark.parametrize("sample, words", [
    ("empty", "empty.ipynb: the notebook file is empty"),
    ("report", "noah_report.pdf. It is not a notebook"),
    ("nothing", "nothing was submitted"),
])
def test_a_submission_whose_code_never_ran_is_not_gradable_and_says_why(on_prairielearn, sample, words):
    payload = valid_prairielearn(on_prairielearn(sample))
    assert payload["gradable"] is False and "score" not in payload
    assert words in payload["format_errors"][0]


def test_a_hostile_notebook_is_graded_and_its_results_follow_the_format(on_prairielearn):
    payload = valid_prairielearn(on_prairielearn("hostile"))
    assert payload["gradable"] is True and payload["score"] > 0


def test_of_two_notebooks_the_newer_is_graded_and_the_other_named(on_prairielearn):
    payload = valid_prairielearn(on_prairielearn("two_notebooks"))
    assert "Submission file: alice_complete.ipynb; not graded: eve_bugs.ipynb" in payload["output"]


def test_a_check_in_review_says_it_needs_a_person(on_prairielearn):
    review = checks_by_name(valid_prairielearn(on_prairielearn("doubtful")))[
        "Task 2: environment and random agent - result: canned boards"]
    assert review["message"] == "needs a person: the points are provisional"
    assert review["output"].startswith("REVIEW:")


def test_a_grader_that_cannot_start_leaves_results_that_cost_the_student_nothing(prairielearn_grader, tmp_path):
    root = prairielearn_root(prairielearn_grader, tmp_path)
    payload = valid_prairielearn(run_prairielearn(root, python="/bin/false"))
    assert payload["gradable"] is False and "exit code 1" in payload["format_errors"][0]


def test_export_refuses_a_timeout_prairielearn_does_not_allow(tmp_path, capsys):
    assert main(["export", "prairielearn", "-a", "connect4", "--timeout", "900", "--out", str(tmp_path / "pl")]) == 2
    assert "1 to 600 seconds" in capsys.readouterr().err
    assert not (tmp_path / "pl").exists()
