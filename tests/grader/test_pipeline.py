"""One plan for every way in: ``grader grade``, ``grader check``, :func:`grader.grade` and :func:`grader.check`
place each file under the same assignment (:func:`grader.pipeline.plan`) and so give the same scores."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pytest

import grader
from grader import pipeline
from grader.cli import main
from grader.rubric import load_rubric
from grader.usage import UsageError
from tests.paths import ROOT, TESTS

SAMPLES = ROOT / "submissions"
TWO_GAMES = TESTS / "rubrics" / "two_games_quick.yaml"


@pytest.fixture
def mixed_folder(tmp_path) -> Path:
    """One folder of two assignments, a report a person grades, and a file that names no assignment."""
    folder = tmp_path / "class"
    folder.mkdir()
    shutil.copy(SAMPLES / "tictactoe" / "mia_tictactoe.ipynb", folder / "mia.ipynb")
    shutil.copy(SAMPLES / "connect4" / "eve_bugs.ipynb", folder / "eve.ipynb")
    shutil.copy(SAMPLES / "connect4" / "olivia_connect4.py", folder / "olivia.py")
    (folder / "zed.py").write_text("def add(a, b):\n    return a + b\n", encoding="utf-8")
    return folder


def test_the_sample_class_is_planned_per_assignment_folder():
    plan = pipeline.plan(SAMPLES, load_rubric())
    assert {g.name: sorted(p.path.parent.name for p in g.placements) for g in plan.groups} == {
        name: [name] * len(list((SAMPLES / name).iterdir())) for name in ("connect4", "mean_connect4",
                                                                          "dots_and_boxes", "tictactoe")}
    assert not plan.undetected


def test_a_mixed_folder_is_planned_by_what_each_file_says_it_is(mixed_folder):
    plan = pipeline.plan(mixed_folder, load_rubric(TWO_GAMES))
    assert {g.name: sorted(p.path.name for p in g.placements) for g in plan.groups} == {
        "connect4": ["eve.ipynb", "olivia.py"], "tictactoe": ["mia.ipynb"]}
    assert [p.path.name for p in plan.undetected] == ["zed.py"]
    assert "could not tell which assignment" in plan.undetected[0].reason


def test_an_assignment_given_places_every_file_under_it_and_flags_those_that_say_otherwise(mixed_folder):
    plan = pipeline.plan(mixed_folder, load_rubric(TWO_GAMES), "connect4")
    [group] = plan.groups
    assert sorted(p.path.name for p in group.placements) == ["eve.ipynb", "mia.ipynb", "olivia.py", "zed.py"]
    assert group.flags == {mixed_folder / "mia.ipynb": ["looks like Tic-tac-toe, graded as Connect 4"]}


def test_an_empty_folder_is_a_usage_error(tmp_path):
    with pytest.raises(UsageError, match="holds no submissions"):
        pipeline.plan(tmp_path, load_rubric(TWO_GAMES))


def test_grader_grade_gives_exactly_the_command_s_scores(mixed_folder, tmp_path):
    """With its defaults, as ``grader grade FOLDER`` runs: each file under its own assignment."""
    assert main(["grade", str(mixed_folder), "--rubric", str(TWO_GAMES), "--out", str(tmp_path / "cli"),
                 "--jobs", "2", "--no-progress"]) == 0
    frame = grader.grade(mixed_folder, rubric=TWO_GAMES, out=tmp_path / "lib", jobs=2, progress=False)
    with open(tmp_path / "cli" / "scores.csv", encoding="utf-8", newline="") as handle:
        command = list(csv.DictReader(handle))
    assert {r["submission"]: r["assignment"] for r in command} == {
        "eve": "connect4", "mia": "tictactoe", "olivia": "connect4", "zed": ""}
    assert list(frame["submission"]) == [r["submission"] for r in command]
    assert list(frame["assignment"]) == [r["assignment"] for r in command]
    assert list(frame["total"]) == [float(r["total"]) for r in command]
    assert (tmp_path / "lib" / "scores.csv").read_bytes() == (tmp_path / "cli" / "scores.csv").read_bytes()


def test_grader_check_and_the_command_place_and_flag_a_notebook_alike(capsys):
    notebook = SAMPLES / "tictactoe" / "mia_tictactoe.ipynb"
    main(["check", str(notebook), "--rubric", str(TWO_GAMES), "--assignment", "connect4", "--json"])
    command = json.loads(capsys.readouterr().out)
    frame = grader.check(notebook, "connect4", rubric=TWO_GAMES)
    assert command["assignment"] == "connect4"
    assert set(frame["flag"]) == {"looks like Tic-tac-toe, graded as Connect 4"}
    assert command["flags"][0] == "looks like Tic-tac-toe, graded as Connect 4"
    assert [(c["check"], c["points"]) for c in command["checks"]] == list(zip(frame["check"], frame["points"]))


def test_a_notebook_that_names_no_assignment_is_refused_alike(tmp_path):
    odd = tmp_path / "odd.py"
    odd.write_text("def add(a, b):\n    return a + b\n", encoding="utf-8")
    with pytest.raises(UsageError, match="odd.py: could not tell which assignment"):
        grader.check(odd, rubric=TWO_GAMES)
    assert main(["check", str(odd), "--rubric", str(TWO_GAMES)]) == 2
