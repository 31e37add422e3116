"""The sample class earns the scores recorded in submissions/expected_scores.csv, and the README says the same.

The record holds each sample's automatic points and the automatic maximum, as `grader grade` reports
them with the bundled rubric and seed 0 (two decimals at most); ``manual`` marks a file only a person
can grade. Grading the class takes a few minutes, so that comparison is marked slow (CI runs it).
"""

from __future__ import annotations

import re

import pytest

import grader
from grader.batch import saved_results
from grader.load.submission import discover
from grader.report.tally import format_points, score_split
from grader.results import SubmissionResult
from tests.helpers.expected_scores import RECORD, SAMPLES, expected_scores

README = SAMPLES / "README.md"


def measured(result: SubmissionResult) -> tuple[str, str]:
    """``result``'s (score, max) written as the record writes them."""
    split = score_split(result)
    score = "manual" if result.status == "manual" else format_points(split.automatic)
    return score, format_points(split.automatic_max)


def readme_measured_table() -> dict[str, str]:
    """submission -> its total (``85 of 95`` or ``manual``) in the README's "Measured" table."""
    section = README.read_text(encoding="utf-8").split("\n## Measured\n", 1)[1]
    rows = re.findall(r"^\| (\w+) \| ([^|]+?) \|", section, flags=re.M)
    return {name: total for name, total in rows if name != "submission"}


def test_record_lists_every_sample_once_under_its_assignment():
    on_disk = {p.stem: folder.name for folder in SAMPLES.iterdir() if folder.is_dir()
               for p in discover(folder)}
    assert {name: row["assignment"] for name, row in expected_scores().items()} == on_disk


def test_readme_table_shows_the_recorded_scores():
    recorded = {name: row["score"] if row["score"] == "manual" else f"{row['score']} of {row['max']}"
                for name, row in expected_scores().items()}
    assert readme_measured_table() == recorded


@pytest.mark.slow
@pytest.mark.timeout(2400)
def test_grader_grade_on_the_samples_gives_the_recorded_scores(tmp_path):
    """``grader.grade("submissions")`` with its defaults, as ``grader grade`` runs: each sub-folder graded as
    its assignment, every sample scored as recorded."""
    grader.grade(SAMPLES, out=tmp_path, jobs=2, progress=False)
    got = {r.submission: (r.assignment, *measured(r)) for folder in sorted(tmp_path.iterdir()) if folder.is_dir()
           for r in saved_results(folder)}
    want = {name: (row["assignment"], row["score"], row["max"]) for name, row in expected_scores().items()}
    changed = "\n".join(f"{name},{assignment},{score},{top}  (recorded {want.get(name)})"
                        for name, (assignment, score, top) in sorted(got.items()) if want.get(name) != (assignment, score, top))
    assert got == want, f"scores differ from {RECORD.name}:\n{changed}"
