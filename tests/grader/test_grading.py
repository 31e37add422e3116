"""Grading is repeatable, resumable, and the same alone or in a batch (issue: rubric-driven grading)."""

import shutil
from pathlib import Path

import pytest

from grader.batch import BatchOptions, grade_batch
from grader.load.submission import discover
from grader.cli import main
from grader.grading import grade_submission
from grader.pipeline import write_reports
from grader.rubric import RubricError, load_rubric
from tests.paths import ROOT

SAMPLES = ROOT / "submissions"
RUBRIC = load_rubric()


def scores(result):
    return [(c.check, c.points, c.status) for c in result.checks]


def test_a_batch_gives_the_same_scores_as_grading_alone_and_resumes_without_regrading(tmp_path):
    a = RUBRIC.assignment("tictactoe")
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLES / "tictactoe" / "mia_tictactoe.ipynb", folder / "mia.ipynb")
    shutil.copy(SAMPLES / "connect4" / "noah_report.pdf", folder / "noah.pdf")
    (folder / "broken.ipynb").write_text("{ not json")
    options = BatchOptions(jobs=2, progress=False)
    batch = grade_batch(discover(folder), "tictactoe", a, tmp_path / "out", options)
    by_name = {r.submission: r for r in batch.results}
    assert by_name["noah"].status == "manual" and by_name["broken"].status == "error"
    alone = grade_submission(folder / "mia.ipynb", "tictactoe", a)
    assert by_name["mia"].total == alone.total == 100 and scores(by_name["mia"]) == scores(alone)
    for name in ("feedback/mia.html", "gradescope/mia/results.json"):  # each submission's own, as it finishes
        assert (tmp_path / "out" / name).exists(), name
    write_reports(batch.results, tmp_path / "out", a)
    for name in ("scores.csv", "details.csv", "canvas.csv", "class.html", "similarity.html"):
        assert (tmp_path / "out" / name).exists(), name
    again = grade_batch(discover(folder), "tictactoe", a, tmp_path / "out", options)
    assert sorted(again.reused) == ["broken", "mia", "noah"] and not again.graded_now


def test_an_invalid_rubric_is_a_usage_error_that_names_the_key(tmp_path, capsys):
    bad = tmp_path / "rubric.yaml"
    bad.write_text((ROOT / "rubric.yaml").read_text().replace(
        "kind: canned_boards, target: result, points: 3", "kind: canned_boards, target: reslt, points: 3", 1))
    with pytest.raises(RubricError, match=r"tasks\[1\]\.checks\[3\].*reslt"):
        load_rubric(bad)
    assert main(["grade", str(SAMPLES), "--rubric", str(bad), "--out", str(tmp_path / "o")]) == 2
    assert "reslt" in capsys.readouterr().err


@pytest.mark.parametrize("old, new, words", [
    ("threshold: 0.75, opening_plies", "threshhold: 0.75, opening_plies", r"params\.threshhold: agent_strength has no parameter 'threshhold'; "
                                                 r"it reads games, max_games, opening_plies, opponent, threshold"),
    ("params: {positions: 8}}", "params: {positions: eight}}", r"params\.positions: expected a whole number, got 'eight'"),
    ("params: {positions: 8}}", "params: {positions: true}}", r"params\.positions: expected a whole number, got True"),
])
def test_a_check_parameter_the_kind_does_not_read_or_of_the_wrong_type_is_an_error(tmp_path, old, new, words):
    """A misspelt parameter would otherwise be ignored and its default used without a word."""
    bad = tmp_path / "rubric.yaml"
    bad.write_text((ROOT / "rubric.yaml").read_text().replace(old, new, 1))
    with pytest.raises(RubricError, match=words):
        load_rubric(bad)


@pytest.mark.slow
def test_grading_alone_or_in_a_batch_of_50_gives_the_same_scores(tmp_path):
    """50 submissions (the reference, its tic-tac-toe mutants and copies of a sample) graded in one
    batch: every one alone gets exactly the batch's scores, check by check."""
    from reference.solutions import Cell, reference_cells, write_notebook
    from tests.validity_mutants import MUTANTS

    a = RUBRIC.assignment("tictactoe")
    folder = tmp_path / "class"
    folder.mkdir()
    variants = [reference_cells("tictactoe")] + [reference_cells("tictactoe") + [Cell("code", m.cell)]
                                                 for m in MUTANTS if m.assignment == "tictactoe"]
    for i in range(50):
        if i < len(variants):
            write_notebook(variants[i], folder / f"s{i:02d}.ipynb")
        else:
            shutil.copy(SAMPLES / "tictactoe" / "mia_tictactoe.ipynb", folder / f"s{i:02d}.ipynb")
    batch = grade_batch(discover(folder), "tictactoe", a, tmp_path / "out", BatchOptions(jobs=2, progress=False))
    assert len(batch.results) == 50 and all(r.status == "graded" for r in batch.results)
    by_name = {r.submission: r for r in batch.results}
    for name in [f"s{i:02d}" for i in range(len(variants))] + ["s49"]:
        alone = grade_submission(folder / f"{name}.ipynb", "tictactoe", a)
        assert scores(alone) == scores(by_name[name]), name
