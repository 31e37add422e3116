"""Item analysis: how the class did on each check, the question statistics of a written exam.

Per check: how many submissions earned all, part or none of its points, the mean points, and the
discrimination index (the correlation between a check's score and the rest of the total: near 0
or negative means the check does not separate strong submissions from weak ones, a hint that it
measures something else, or is broken). Checks graded by hand and submissions graded only by hand
(a PDF) carry no automatic points and are left out, so that they do not read as zeros.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Iterable

import numpy as np
import pandas as pd

from grader.report.files import write_text
from grader.report.sheets import frame_to_csv_text, latest_by_submission, neutralize_formulas
from grader.results import SubmissionResult

ITEM_COLUMNS = ["task", "check", "max_points", "submissions", "full", "partial", "zero", "mean_points",
                "mean_share", "discrimination", "errors", "timeouts"]


def auto_graded(results: Iterable[SubmissionResult]) -> list[SubmissionResult]:
    """The results whose points come from the grader (not a submission graded only by hand)."""
    return [r for r in latest_by_submission(results) if r.status != "manual"]


def item_frame(results: Iterable[SubmissionResult]) -> pd.DataFrame:
    """One row per automatic check, in rubric order: the shares of full, partial and zero scores
    (fractions of ``submissions``), the mean points and share, the discrimination index, and how
    many submissions the check ended in an error or a timeout for."""
    results = auto_graded(results)
    scores: dict[tuple[str, str], dict[str, float]] = {}
    max_points: dict[tuple[str, str], float] = {}
    problems: dict[tuple[str, str], list[int]] = {}
    for r in results:
        for c in r.checks:
            if c.status == "manual" or c.max_points <= 0:
                continue
            key = (c.task, c.check)
            scores.setdefault(key, {})[r.submission] = c.points
            max_points[key] = c.max_points
            counts = problems.setdefault(key, [0, 0])
            counts[0] += c.status == "error"
            counts[1] += c.status == "timeout"
    totals = {r.submission: r.total for r in results}
    rows = []
    for key, by_submission in scores.items():
        points = np.array(list(by_submission.values()), dtype=float)
        rest = np.array([totals[s] - p for s, p in by_submission.items()], dtype=float)
        top = max_points[key]
        n = len(points)
        rows.append({
            "task": key[0], "check": key[1], "max_points": top, "submissions": n,
            "full": round(float(np.mean(points >= top - 1e-9)), 4),
            "partial": round(float(np.mean((points > 1e-9) & (points < top - 1e-9))), 4),
            "zero": round(float(np.mean(points <= 1e-9)), 4),
            "mean_points": round(float(points.mean()), 3),
            "mean_share": round(float(points.mean() / top), 4),
            "discrimination": _correlation(points, rest),
            "errors": problems[key][0], "timeouts": problems[key][1],
        })
    return pd.DataFrame(rows, columns=ITEM_COLUMNS)


def _correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson's r, or NaN when either side does not vary (everyone scored the same)."""
    if len(a) < 3 or np.ptp(a) == 0 or np.ptp(b) == 0:
        return math.nan
    return round(float(np.corrcoef(a, b)[0, 1]), 3)


def write_item_analysis(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str]) -> Path:
    """Write ``out_dir/item_analysis.csv`` from :func:`item_frame`; return its path."""
    frame = neutralize_formulas(item_frame(results))
    return write_text(Path(out_dir) / "item_analysis.csv", frame_to_csv_text(frame))
