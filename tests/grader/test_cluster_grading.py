"""Grading on a Dask cluster gives the local run's scores, resumes the same way, and keeps the cap."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from grader.batch import BatchOptions, grade_batch
from grader.cluster_grading import GradingJob, grade_task, grading_task
from grader.executors import Failed
from grader.rubric import load_rubric
from tests.paths import ROOT

SAMPLES = ROOT / "submissions" / "dots_and_boxes"


def _class(folder: Path) -> list[Path]:
    """A small class: a student's folder holding a notebook, and a PDF graded by hand."""
    folder.mkdir()
    (folder / "kim").mkdir()
    shutil.copy(SAMPLES / "kim_dab_old_layout.ipynb", folder / "kim" / "boxes.ipynb")
    (folder / "noor.pdf").write_bytes(b"%PDF-1.4 a report\n")
    return sorted(folder.iterdir())


def _scores(batch) -> list[tuple]:
    return [(r.submission, r.path, r.status, r.message, r.load_notes,
             [(c.check, c.points, c.status, c.moves) for c in r.checks]) for r in batch.results]


def test_a_local_cluster_grades_like_local_processes_and_resumes(tmp_path):
    distributed = pytest.importorskip("distributed")
    assignment = load_rubric().assignment("dots_and_boxes")
    paths = _class(tmp_path / "class")
    here = grade_batch(paths, "dots_and_boxes", assignment, tmp_path / "here", BatchOptions(jobs=2, progress=False))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        options = BatchOptions(scheduler=cluster.scheduler_address, progress=False)
        there = grade_batch(paths, "dots_and_boxes", assignment, tmp_path / "there", options)
        again = grade_batch(paths, "dots_and_boxes", assignment, tmp_path / "there", options)
    assert _scores(there) == _scores(here)
    assert [r.status for r in there.results] == ["graded", "manual"] and there.results[0].total > 50
    assert there.results[0].path.startswith(str(paths[0]))  # the instructor's path, not the worker's scratch folder
    assert str(paths[1]) in there.results[1].message
    assert again.graded_now == [] and sorted(again.reused) == sorted(r.submission for r in there.results)


def test_a_submission_over_the_cap_is_stopped_on_the_worker(tmp_path):
    assignment = load_rubric().assignment("dots_and_boxes")
    job = GradingJob(str(SAMPLES / "kim_dab_old_layout.ipynb"), "dots_and_boxes", assignment.model_dump_json())
    assert grade_task(grading_task(job, seconds=0.2)) == Failed(overran=True)
