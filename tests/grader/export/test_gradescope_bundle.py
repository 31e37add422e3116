"""``grader export gradescope``: a zip Gradescope accepts, whose run_autograder grades the submission folder as
``grader grade`` grades a student's folder and always leaves a results.json that follows Gradescope's format
and says what happened (the run here uses this interpreter; test_bundles_in_a_fresh_venv.py installs the wheel)."""

from __future__ import annotations

import json
import zipfile

import pytest

from grader.cli import main
from tests.grader.export.conftest import RUBRIC
from tests.grader.export.platform_roots import gradescope_root, run_gradescope, checks_by_name, valid_gradescope

MANUAL = "Task 1: search problem - problem formulation"
HIDDEN = "Task 2: environment and random agent - utility: random positions"
PUBLIC = "Task 2: environment and random agent - actions: canned boards"


def test_the_zip_holds_setup_run_autograder_the_wheel_the_rubric_and_the_settings_at_its_root(gradescope_bundle):
    with zipfile.ZipFile(gradescope_bundle) as archive:
        names = set(archive.namelist())
        modes = {i.filename: (i.external_attr >> 16) & 0o777 for i in archive.infolist()}
        settings = json.loads(archive.read("export.json"))
        rubric = archive.read("rubric.yaml").decode()
    wheels = [n for n in names if n.startswith("wheels/")]
    assert {"setup.sh", "run_autograder", "export.json", "rubric.yaml", "baseline_games.jsonl", "README.md"} <= names
    assert len(wheels) == 1 and wheels[0].endswith("-py3-none-any.whl")
    assert modes["setup.sh"] == modes["run_autograder"] == 0o755
    assert rubric == RUBRIC.read_text(encoding="utf-8")  # the rubric, hidden checks and all, travels as it is
    assert (settings["platform"], settings["assignment"], settings["hidden_visibility"]) == \
        ("gradescope", "connect4", "after_published")
    assert settings["leaderboard"]["baselines"] == ["random", "alphabeta:1"]


def test_a_good_notebook_gets_each_check_as_a_test_with_its_visibility_and_a_leaderboard_entry(on_gradescope):
    payload = valid_gradescope(on_gradescope("good"))
    tests = checks_by_name(payload)
    assert tests[PUBLIC]["visibility"] == "visible" and tests[PUBLIC]["status"] == "passed"
    assert tests[HIDDEN]["visibility"] == "after_published"
    assert (tests[MANUAL]["score"], tests[MANUAL]["max_score"]) == (0, 5) and "Graded by hand" in tests[MANUAL]["output"]
    assert payload["score"] == sum(t["score"] for t in payload["tests"]) == 12
    assert payload["execution_time"] > 0
    summary = payload["output"]
    assert summary.startswith("connect4: automatic 12/12, manual 0/5 pending.")
    assert "Submission file: alice_complete.ipynb" in summary
    assert "Leaderboard: your heuristic_player played 4 games against ref:random, ref:alphabeta:1" in summary
    assert [e["name"] for e in payload["leaderboard"]] == ["Rating", "Points", "Games", "Forfeits"]
    assert payload["leaderboard"][2]["value"] == 4


def test_an_empty_notebook_gets_no_points_and_says_it_is_empty(on_gradescope):
    payload = valid_gradescope(on_gradescope("empty"))
    assert payload["score"] == 0 and "leaderboard" not in payload
    assert "Status: error." in payload["output"] and "empty.ipynb: the notebook file is empty" in payload["output"]


def test_a_hostile_notebook_is_graded_and_its_results_follow_the_format(on_gradescope):
    payload = valid_gradescope(on_gradescope("hostile"))
    tests = checks_by_name(payload)
    assert tests[PUBLIC]["status"] == "passed"  # its rules are right: the attacks cost it nothing else
    assert "Submission file: henry_hostile.ipynb" in payload["output"]


def test_a_pdf_report_is_left_to_a_person_and_says_that_no_check_ran(on_gradescope):
    payload = valid_gradescope(on_gradescope("report"))
    assert payload["score"] == 0 and all(t["score"] == 0 for t in payload["tests"])
    assert "noah_report.pdf. It is not a notebook" in payload["output"]
    assert "Graded by hand: every item of the rubric (17 points)." in payload["output"]


def test_no_submitted_file_gives_results_that_say_nothing_was_submitted(on_gradescope):
    payload = valid_gradescope(on_gradescope("nothing"))
    assert payload["score"] == 0 and "nothing was submitted" in payload["output"]
    assert "upload your notebook (.ipynb" in payload["output"]


def test_of_two_notebooks_the_newer_is_graded_and_the_other_named(on_gradescope):
    payload = valid_gradescope(on_gradescope("two_notebooks"))
    assert "Submission file: alice_complete.ipynb; not graded: eve_bugs.ipynb" in payload["output"]
    assert payload["score"] == on_gradescope("good")["score"]


def test_a_check_in_review_says_in_its_output_that_it_needs_a_person(on_gradescope):
    payload = valid_gradescope(on_gradescope("doubtful"))
    review = checks_by_name(payload)["Task 2: environment and random agent - result: canned boards"]
    assert review["output"].startswith("REVIEW:") and "Needs a person" in review["output"]
    assert "Provisional, needs a person" in payload["output"]


def test_a_grader_that_cannot_start_still_leaves_results_that_say_so(gradescope_bundle, tmp_path):
    root = gradescope_root(gradescope_bundle, tmp_path)
    payload = valid_gradescope(run_gradescope(root, python="/bin/false"))
    assert payload["score"] == 0 and "The autograder failed (exit code 1)" in payload["output"]


def test_a_bundle_without_settings_gives_results_that_name_the_missing_file(gradescope_bundle, tmp_path):
    root = gradescope_root(gradescope_bundle, tmp_path)
    (root / "source" / "export.json").unlink()
    payload = valid_gradescope(run_gradescope(root))
    assert payload["score"] == 0 and "export.json is missing" in payload["output"]


@pytest.mark.parametrize("arguments, words", [
    (["--assignment", "nonesuch"], "no assignment 'nonesuch'"),
    (["--assignment", "connect4", "--baselines", "random,grandmaster"], "--baselines"),
    (["--assignment", "connect4", "--games-per-pair", "3"], "--games-per-pair 3"),
    (["--assignment", "connect4", "--wheel", "README.md"], "not a wheel of this package"),
])
def test_export_refuses_a_bad_command_line_with_a_message_and_exit_code_2(arguments, words, tmp_path, capsys):
    assert main(["export", "gradescope", *arguments, "--out", str(tmp_path / "a.zip")]) == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "a.zip").exists()
