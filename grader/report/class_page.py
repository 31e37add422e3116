"""The class report, ``class.html``: the instructor's view of a whole grading round on one page.

Score distributions per task, the item analysis (:mod:`grader.report.item_analysis`), the most
common failure of each check with one example board, the submissions a person must look at, the
packages students imported that the grader lacked, and the time spent per submission. The page is
self-contained (inline CSS, plots as inline SVG, no scripts); student-derived text is escaped by
Jinja and boards pass through :func:`grader.report.svg.safe_svg`, as in the feedback pages.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

import pandas as pd
from markupsafe import Markup

from grader.report.feedback import page_environment
from grader.report.files import write_text
from grader.report.item_analysis import auto_graded, item_frame, write_item_analysis
from grader.report.plots import score_histograms, time_bars
from grader.report.sheets import REVIEW_COLUMN, latest_by_submission, scores_frame
from grader.report.svg import safe_svg
from grader.report.tally import format_points, in_review, is_hand_graded, review_text
from grader.results import BoardShown, CheckResult, SubmissionResult
from grader.sandbox.isolation import LEVELS

#: failing groups shown per check
FAILURES_SHOWN = 3
#: the loading note of a package replaced by a stand-in (written by grader.grading._repair_notes)
_STAND_IN_NOTE = re.compile(r"`([^`]+)` (?:is not installed|cannot be imported \(it needs `([^`]+)`\)) for grading")
_NUMBERS = re.compile(r"\d+(?:\.\d+)?")
_FAILED = ("failed", "partial", "error", "timeout")
#: an error that only says the code was not there: the score is right, nobody needs to look
_MISSING_CODE = re.compile(r"\bno .* was found\b")


@dataclass
class FailureGroup:
    """Submissions whose check failed with the same message once its numbers are set aside."""

    message: str  # the first submission's message
    submissions: list[str]
    board: BoardShown | None  # the first board of the first submission that showed one
    board_svg: Markup = Markup("")


@dataclass
class CheckFailures:
    task: str
    check: str
    failing: int
    groups: list[FailureGroup]


@dataclass
class NeedsPerson:
    submission: str
    reasons: list[str]


@dataclass
class ClassSummary:
    """Everything the page shows, as plain data (the page is one rendering of it)."""

    title: str  # the assignment's title, else its name
    submissions: int
    graded: int
    mean: float
    median: float
    max_total: float
    items: pd.DataFrame
    failures: list[CheckFailures]
    needs_person: list[NeedsPerson]
    missing_packages: dict[str, list[str]]  # package -> submissions
    hand_graded_points: float  # per submission, at most
    hand_pending: int  # hand-graded items nobody has filled in manual.csv yet, in the whole class
    plots: dict[str, Markup] = field(default_factory=dict)


def failure_groups(results: Iterable[SubmissionResult]) -> list[CheckFailures]:
    """Per check that failed anywhere: its failures grouped by message (numbers ignored), biggest first."""
    by_check: dict[tuple[str, str], list[tuple[str, CheckResult]]] = {}
    results = auto_graded(results)
    for r in results:  # every check once, in rubric order, before any failure
        for c in r.checks:
            by_check.setdefault((c.task, c.check), [])
    for r in results:
        for c in r.checks:
            if c.status in _FAILED:
                by_check.setdefault((c.task, c.check), []).append((r.submission, c))
    out = []
    for (task, check), failing in by_check.items():
        if not failing:
            continue
        groups: dict[str, FailureGroup] = {}
        for submission, c in failing:
            key = _NUMBERS.sub("#", c.message.split("\n")[0])
            group = groups.setdefault(key, FailureGroup(c.message.split("\n")[0], [], None))
            group.submissions.append(submission)
            if group.board is None and c.boards:  # the instructor sees hidden checks' boards too
                group.board = c.boards[0]
                group.board_svg = Markup(safe_svg(c.boards[0].svg))
        ranked = sorted(groups.values(), key=lambda g: -len(g.submissions))
        out.append(CheckFailures(task, check, len(failing), ranked[:FAILURES_SHOWN]))
    return out


def needs_person(results: Iterable[SubmissionResult]) -> list[NeedsPerson]:
    """The submissions a person should look at, each with why: not graded, graded by hand, checks in
    review (the grader unsure how it read the code), a check that errored or timed out, an assignment
    mismatch, or a weaker sandbox than the class's best."""
    results = latest_by_submission(results)
    reached = [LEVELS.index(r.isolation) for r in results if r.isolation in LEVELS]
    best = max(reached, default=None)
    out = []
    for r in results:
        reasons = []
        if r.status == "error":
            reasons.append(f"not graded: {r.message}")
        elif r.status == "manual":
            reasons.append(f"graded by hand: {r.message}")
        broken = [c.check for c in r.checks
                  if c.status == "timeout" or c.status == "error" and not _MISSING_CODE.search(c.message)]
        review = in_review(r)
        if review:
            reasons.append(f"{len(review)} check(s) in review (a person must confirm how the code was read; their "
                           f"points are provisional): {review_text(r)}")
        if broken and r.status == "graded":
            reasons.append(f"{len(broken)} check(s) ended in an error or timeout: {', '.join(broken)}")
        reasons += [f"it {flag}" for flag in r.flags]
        if r.status == "graded" and best is not None and r.isolation in LEVELS and LEVELS.index(r.isolation) < best:
            reasons.append(f"ran under weaker isolation ({r.isolation}) than the rest ({LEVELS[best]})")
        elif r.status == "graded" and r.isolation not in LEVELS:
            reasons.append("isolation level not recorded")
        if reasons:
            out.append(NeedsPerson(r.submission, reasons))
    return out


def missing_packages(results: Iterable[SubmissionResult]) -> dict[str, list[str]]:
    """Packages the class imported that the grader lacked (replaced by stand-ins), most used first."""
    users: dict[str, list[str]] = {}
    for r in latest_by_submission(results):
        for note in r.load_notes:
            match = _STAND_IN_NOTE.search(note)
            if match:
                package = match.group(2) or match.group(1)
                names = users.setdefault(package.split(".")[0], [])
                if r.submission not in names:
                    names.append(r.submission)
    return dict(sorted(users.items(), key=lambda item: (-len(item[1]), item[0])))


def summarize_class(results: Iterable[SubmissionResult], tasks: Sequence[str] = (), title: str = "") -> ClassSummary:
    """What :func:`class_html` shows, computed from the results alone."""
    results = latest_by_submission(results)
    graded = auto_graded(results)
    scores = scores_frame(graded, tasks)
    task_columns = [c for c in scores.columns if c not in ("submission", "total", "max_total", "status",
                                                           "message", REVIEW_COLUMN, "flag")]
    max_points = _task_maxima(graded)
    max_total = round(sum(max_points.values()), 4)
    points = scores[task_columns].copy()
    points["Total"] = scores["total"]
    max_points["Total"] = max_total
    items = item_frame(graded)
    summary = ClassSummary(
        title=title or next((r.assignment for r in results if r.assignment), ""),
        submissions=len(results), graded=len(graded),
        mean=float(scores["total"].mean()) if graded else 0.0,
        median=float(scores["total"].median()) if graded else 0.0,
        max_total=max_total, items=items, failures=failure_groups(graded),
        needs_person=needs_person(results), missing_packages=missing_packages(results),
        hand_graded_points=max((sum(c.max_points for c in r.checks if is_hand_graded(c)) for r in graded),
                               default=0.0),
        hand_pending=sum(c.status == "manual" for r in graded for c in r.checks),
    )
    summary.plots = {
        "scores": Markup(score_histograms(points, max_points)),
        "time": Markup(time_bars([r.submission for r in results], [r.seconds for r in results],
                                 [r.student_seconds for r in results])),
    }
    return summary


def _task_maxima(results: Sequence[SubmissionResult]) -> dict[str, float]:
    """Each task's points at most, items still waiting for a person left out (filled ones count)."""
    maxima: dict[str, float] = {}
    for r in results:
        per_task: dict[str, float] = {}
        for c in r.checks:
            if c.status != "manual":
                per_task[c.task] = per_task.get(c.task, 0.0) + c.max_points
        for task, top in per_task.items():
            maxima[task] = max(maxima.get(task, 0.0), top)
    return maxima


def class_html(results: Iterable[SubmissionResult], tasks: Sequence[str] = (), title: str = "") -> str:
    """The class report for ``results``: a complete, self-contained HTML document."""
    summary = summarize_class(results, tasks, title)
    items = summary.items.to_dict("records")
    return page_environment().get_template("class.html.j2").render(
        s=summary, items=items, points=format_points, one_decimal=lambda v: f"{v:.1f}".removesuffix(".0"), percent=lambda share: f"{100 * share:.0f}%",
        discrimination=lambda v: "" if pd.isna(v) else f"{v:+.2f}",
    )


def write_class_report(results: Iterable[SubmissionResult], out_dir: str | os.PathLike[str],
                       tasks: Sequence[str] = (), title: str = "") -> tuple[Path, Path]:
    """Write ``out_dir/class.html`` and ``out_dir/item_analysis.csv``; return both paths."""
    results = list(results)
    page = write_text(Path(out_dir) / "class.html", class_html(results, tasks, title))
    return page, write_item_analysis(results, out_dir)

