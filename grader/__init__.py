"""Autograder and tournament harness for adversarial-search game assignments.

Command line: ``grader grade``, ``grader check``, ``grader tournament`` (see ``grader --help``).
In Jupyter, :func:`grade` and :func:`check` return pandas DataFrames.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


def grade(submissions: str | Path = "submissions", assignment: str = "connect4", *, rubric: str | Path | None = None,
          out: str | Path = "grades", jobs: int = 0, seed: int = 0, progress: bool = True,
          section: str | None = None, bindings: str | Path | None = None) -> "pd.DataFrame":
    """Grade a folder of submissions (as ``grader grade``) and return the score sheet as a DataFrame.

    The same files as the command are written under ``out`` (``out/<assignment>/``, and ``scores.csv``
    at the top); ``details.csv`` has one row per check. Roles bound by hand come from ``bindings``, else
    from a bindings.yaml in the folder (see docs/instructors.md).
    """
    from grader.batch import BatchOptions, discover, grade_batch, write_class_scores
    from grader.bindings_yaml import BINDINGS_FILE, read_bindings
    from grader.report import scores_frame
    from grader.rubric import load_rubric

    r = load_rubric(rubric)
    a = r.assignment(assignment).for_section(section)
    beside = Path(submissions) / BINDINGS_FILE
    path = Path(bindings) if bindings else beside if beside.is_file() else None
    bound = read_bindings(path, {*a.functions, *a.agents}) if path else None
    batch = grade_batch(discover(submissions), assignment, a, Path(out) / assignment,
                        BatchOptions(jobs=jobs, seed=seed, progress=progress, bindings=bound))
    write_class_scores([batch], [], r, out, section)
    return scores_frame(batch.results, a.task_names)


def check(notebook: str | Path, assignment: str | None = None, *, rubric: str | Path | None = None,
          seed: int = 0, section: str | None = None, bindings: str | Path | None = None) -> "pd.DataFrame":
    """Self-check one notebook (public checks only, as ``grader check``); one row per check. ``bindings`` is a
    bindings.yaml whose roles bound for this notebook (or for "*") are used."""
    from grader.bindings_yaml import read_bindings
    from grader.detect import detect_assignment
    from grader.grading import grade_submission
    from grader.load import submission_name
    from grader.report import details_frame
    from grader.rubric import load_rubric

    r = load_rubric(rubric)
    name = assignment or detect_assignment(notebook, r)
    if name is None:
        raise ValueError(f"could not tell which assignment {notebook} is; pass assignment= one of {list(r.assignments)}")
    a = r.assignment(name).for_section(section)
    roles = {*a.functions, *a.agents}
    bound = read_bindings(bindings, roles).for_submission(submission_name(notebook), roles) if bindings else None
    result = grade_submission(notebook, name, a, seed=seed, public_only=True, bindings=bound)
    return details_frame([result])


__all__ = ["check", "grade"]
