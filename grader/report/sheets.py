"""Score sheets for instructors: ``scores.csv`` (one row per submission) and ``details.csv`` (one per check).

The frames are the Python API; the CSV writers add only one thing, protection against spreadsheet
formula injection (see :func:`neutralize_formulas`), because a message may quote student text and
these files are opened in Excel.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Iterable, Sequence

import pandas as pd

from grader.report.files import write_text
from grader.report.tally import in_review, ordered_tasks, review_text, score_split, score_text, tally_tasks
from grader.results import SubmissionResult

SCORE_TAIL_COLUMNS = ["total", "max_total", "status", "message"]
DETAIL_COLUMNS = ["submission", "task", "check", "points", "max_points", "status", "message", "visibility"]
#: the column of warnings about what was graded; present only when a submission has one, so that a
#: class graded without surprises gets the same sheets as before
FLAG_COLUMN = "flag"
#: the checks a person must confirm (status ``review``: the grader was unsure how it read the code, and their
#: points are provisional), named and separated by "; "; present only when some submission has one
REVIEW_COLUMN = "review"
#: the score in words ("automatic 85/85, manual 0/25 pending"), after ``max_total``; present only when
#: some submission has items graded by hand, so that a total is never read without its missing part
BREAKDOWN_COLUMN = "breakdown"

# A spreadsheet treats a cell starting with one of these as a formula (OWASP "CSV injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def latest_by_submission(results: Iterable[SubmissionResult]) -> list[SubmissionResult]:
    """One result per submission, the last given winning (a resumed batch appends re-graded ones), sorted."""
    latest: dict[str, SubmissionResult] = {}
    for result in results:
        latest[result.submission] = result
    return [latest[key] for key in sorted(latest)]


def flag_text(result: SubmissionResult) -> str:
    """The submission's warnings in one cell ('' when none)."""
    return "; ".join(result.flags)


def scores_frame(results: Iterable[SubmissionResult], tasks: Sequence[str], *,
                 assignment_column: bool = False) -> pd.DataFrame:
    """One row per submission: ``submission``, one column per task, ``total``, ``max_total``, ``status``, ``message``.

    ``assignment_column`` adds ``assignment`` after ``submission`` (a sheet of several assignments);
    ``breakdown`` follows ``max_total`` when any submission has items graded by hand; ``review`` follows
    ``message`` when any check needs a person (it names those checks: their points are provisional); ``flag``
    comes last when any submission is flagged (graded as another assignment than it looks like).

    Task columns follow ``tasks`` (rubric order, names as given); a task found in the results but
    not in ``tasks`` gets a column after them rather than vanishing. A task cell is empty (NaN)
    when the submission has no check for it or when all its checks are graded by hand, so that a
    missing grade never reads as a zero. Rows are sorted by submission.
    """
    results = latest_by_submission(results)
    columns = ordered_tasks(results, tasks)
    rows = []
    for result in results:
        row: dict[str, object] = {"submission": result.submission, "assignment": result.assignment}
        row.update({task: math.nan for task in columns})
        for tally in tally_tasks(result, columns):
            if not tally.manual_only:
                row[tally.task] = tally.points
        row.update(total=result.total, max_total=result.max_total, status=result.status, message=result.message)
        row[BREAKDOWN_COLUMN] = score_text(result)
        row[REVIEW_COLUMN] = review_text(result)
        row[FLAG_COLUMN] = flag_text(result)
        rows.append(row)
    head = ["submission", "assignment"] if assignment_column else ["submission"]
    tail = list(SCORE_TAIL_COLUMNS)
    if any(score_split(r).items for r in results):
        tail.insert(tail.index("max_total") + 1, BREAKDOWN_COLUMN)
    if any(in_review(r) for r in results):
        tail.append(REVIEW_COLUMN)
    if any(r.flags for r in results):
        tail.append(FLAG_COLUMN)
    frame = pd.DataFrame(rows, columns=[*head, *columns, *tail])
    for column in [*columns, "total", "max_total"]:
        frame[column] = frame[column].astype(float)
    return frame


def details_frame(results: Iterable[SubmissionResult]) -> pd.DataFrame:
    """One row per check: ``submission, task, check, points, max_points, status, message, visibility``.

    Submissions are sorted; checks keep the order in which they were run (rubric order). ``flag``
    (the submission's, on each of its rows) is added when any submission is flagged.
    """
    results = latest_by_submission(results)
    rows = [
        {
            "submission": result.submission,
            "task": check.task,
            "check": check.check,
            "points": check.points,
            "max_points": check.max_points,
            "status": check.status,
            "message": check.message,
            "visibility": check.visibility,
            FLAG_COLUMN: flag_text(result),
        }
        for result in results
        for check in result.checks
    ]
    frame = pd.DataFrame(rows, columns=DETAIL_COLUMNS + ([FLAG_COLUMN] if any(r.flags for r in results) else []))
    frame["points"] = frame["points"].astype(float)
    frame["max_points"] = frame["max_points"].astype(float)
    return frame


def neutralize_formulas(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy in which text cells that a spreadsheet would run as a formula start with ``'``.

    Only text columns are touched; numbers (negative ones included) stay numbers.
    """
    frame = frame.copy()
    for column in frame.columns:
        if not pd.api.types.is_numeric_dtype(frame[column]):
            frame[column] = frame[column].map(
                lambda v: "'" + v if isinstance(v, str) and v.startswith(_FORMULA_STARTS) else v
            )
    return frame


def unneutralized(cell: str) -> str:
    """A cell read back from a sheet as it was before :func:`neutralize_formulas` (``'=x`` -> ``=x``)."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_STARTS) else cell


def frame_to_csv_text(frame: pd.DataFrame) -> str:
    """CSV text of ``frame`` without the index, ``\\n`` line ends, empty cells for NaN."""
    return frame.to_csv(index=False, lineterminator="\n")


def write_scores(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str], tasks: Sequence[str], *,
                 assignment_column: bool = False) -> Path:
    """Write ``out_dir/scores.csv`` from :func:`scores_frame`; return its path (rewritten whole, atomically)."""
    frame = neutralize_formulas(scores_frame(results, tasks, assignment_column=assignment_column))
    return write_text(Path(out_dir) / "scores.csv", frame_to_csv_text(frame))


def write_details(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str]) -> Path:
    """Write ``out_dir/details.csv`` from :func:`details_frame`; return its path."""
    frame = neutralize_formulas(details_frame(results))
    return write_text(Path(out_dir) / "details.csv", frame_to_csv_text(frame))
