"""Autograder and tournament harness for adversarial-search game assignments.

Command line: ``grader grade``, ``grader check``, ``grader tournament`` (see ``grader --help``).
In Jupyter, :func:`grade` and :func:`check` return pandas DataFrames.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


def grade(submissions: str | Path = "submissions", assignment: str | None = None, *,
          rubric: str | Path | None = None, out: str | Path = "grades", jobs: int = 0, seed: int = 0,
          progress: bool = True, section: str | None = None, bindings: str | Path | None = None) -> "pd.DataFrame":
    """Grade a folder of submissions as ``grader grade`` does and return the class's score sheet as a DataFrame.

    The folder is planned as the command plans it (:func:`grader.pipeline.plan`): with no ``assignment``,
    sub-folders named after assignments are graded per assignment, else each file as the assignment its
    words name. The same files as the command's are written under ``out`` (``out/<assignment>/``, and
    ``scores.csv`` at the top, which this returns: one row per submission, with its ``assignment``). Roles
    bound by hand come from ``bindings``, else from a bindings.yaml in the folder (see docs/instructors.md).
    """
    from grader import pipeline
    from grader.batch import BatchOptions
    from grader.report import scores_frame
    from grader.rubric import load_rubric

    plan = pipeline.plan(submissions, load_rubric(rubric), assignment, section=section, bindings=bindings)
    graded = pipeline.grade_class(plan, out, BatchOptions(jobs=jobs, seed=seed, progress=progress))
    tasks = [t for g in plan.groups for t in g.assignment.task_names]
    return scores_frame(graded.results, list(dict.fromkeys(tasks)), assignment_column=True)


def check(notebook: str | Path, assignment: str | None = None, *, rubric: str | Path | None = None,
          seed: int = 0, section: str | None = None, bindings: str | Path | None = None) -> "pd.DataFrame":
    """Self-check one notebook as ``grader check`` does (public checks only; its assignment detected the
    same way when not given); one row per check. ``bindings`` is a bindings.yaml whose roles bound for
    this notebook (or for "*") are used."""
    from grader import pipeline
    from grader.report import details_frame
    from grader.rubric import load_rubric

    plan = pipeline.plan([notebook], load_rubric(rubric), assignment, section=section, bindings=bindings)
    return details_frame([pipeline.check(plan, seed=seed)])


__all__ = ["check", "grade"]
