"""The reporting edge: grading results turned into the files instructors and students read.

Reads :class:`grader.results.SubmissionResult` and nothing else. Per-submission files
(feedback, Gradescope) are written as each submission finishes (:func:`write_submission`); the
sheets are rewritten from the full list at the end (:func:`write_sheets`), which is cheap. Every
writer is idempotent and atomic, so a killed batch that resumes just writes again.

Layout under ``out_dir``::

    scores.csv  details.csv  canvas.csv
    feedback/<submission>.html  feedback/<submission>.md
    gradescope/<submission>/results.json
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

if TYPE_CHECKING:
    from grader.report.canvas import CanvasExport, RosterStudent
    from grader.results import SubmissionResult

#: each name this package offers -> the module that defines it, imported on first use: ``grader check``
#: prints a terminal report and should not pay for pandas, which the sheets and Canvas need
_WHERE = {
    **dict.fromkeys(("CanvasExport", "RosterStudent", "canvas_column_header", "canvas_frame", "match_submission",
                     "read_roster", "write_canvas"), "canvas"),
    **dict.fromkeys(("feedback_html", "feedback_markdown", "write_feedback"), "feedback"),
    **dict.fromkeys(("gradescope_results", "validate_leaderboard", "write_gradescope"), "gradescope"),
    **dict.fromkeys(("details_frame", "latest_by_submission", "scores_frame", "write_details", "write_scores"),
                    "sheets"),
    "format_check_report": "terminal",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)


__all__ = [
    "CanvasExport", "ReportPaths", "RosterStudent", "canvas_column_header", "canvas_frame", "details_frame",
    "feedback_html", "feedback_markdown", "format_check_report", "gradescope_results", "match_submission",
    "read_roster", "scores_frame", "validate_leaderboard", "write_all", "write_canvas", "write_details",
    "write_feedback", "write_gradescope", "write_scores", "write_sheets", "write_submission",
]


@dataclass
class ReportPaths:
    """Where :func:`write_all` put each file, and the Canvas matching report when one was made."""

    scores: Path
    details: Path
    feedback: dict[str, tuple[Path, Path]] = field(default_factory=dict)  # submission -> (html, md)
    gradescope: dict[str, Path] = field(default_factory=dict)
    canvas: Path | None = None
    canvas_export: CanvasExport | None = None


def write_submission(
    result: SubmissionResult,
    out_dir: str | os.PathLike[str],
    tasks: Sequence[str] = (),
    *,
    gradescope: bool = True,
    leaderboard: Sequence[Mapping[str, Any]] | None = None,
    reveal_hidden: bool = False,
) -> list[Path]:
    """Write one submission's own files (feedback HTML and Markdown, Gradescope results); return their paths.

    Call it as each submission finishes; writing again replaces the files with identical bytes.
    """
    from grader.report.feedback import write_feedback
    from grader.report.gradescope import write_gradescope

    paths = list(write_feedback(result, out_dir, tasks, reveal_hidden=reveal_hidden))
    if gradescope:
        paths.append(write_gradescope(result, out_dir, tasks, leaderboard, reveal_hidden=reveal_hidden))
    return paths


def write_sheets(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str], tasks: Sequence[str]) -> tuple[Path, Path]:
    """Write ``scores.csv`` and ``details.csv`` from the full list of results; return both paths."""
    from grader.report.sheets import write_details, write_scores

    results = list(results)
    return write_scores(results, out_dir, tasks), write_details(results, out_dir)


def write_all(
    results: Iterable[SubmissionResult],
    out_dir: str | os.PathLike[str],
    tasks: Sequence[str],
    *,
    canvas_title: str | None = None,
    canvas_assignment_id: int | str | None = None,
    roster: str | os.PathLike[str] | Sequence[RosterStudent] | None = None,
    gradescope: bool = True,
    leaderboards: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    reveal_hidden: bool = False,
) -> ReportPaths:
    """Write every report for ``results`` under ``out_dir`` and return the paths.

    ``canvas.csv`` is written when ``canvas_title`` is given; ``leaderboards`` maps a submission
    to its Gradescope leaderboard entries.
    """
    from grader.report.canvas import write_canvas
    from grader.report.feedback import write_feedback
    from grader.report.gradescope import write_gradescope
    from grader.report.sheets import latest_by_submission

    results = latest_by_submission(results)
    scores, details = write_sheets(results, out_dir, tasks)
    paths = ReportPaths(scores=scores, details=details)
    for result in results:
        paths.feedback[result.submission] = write_feedback(result, out_dir, tasks, reveal_hidden=reveal_hidden)
        if gradescope:
            board = (leaderboards or {}).get(result.submission)
            paths.gradescope[result.submission] = write_gradescope(result, out_dir, tasks, board, reveal_hidden=reveal_hidden)
    if canvas_title is not None:
        paths.canvas, paths.canvas_export = write_canvas(results, out_dir, canvas_title, canvas_assignment_id, roster)
    return paths
