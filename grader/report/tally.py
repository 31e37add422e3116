"""Points and check counts per task, in rubric order: the numbers every report shows.

Reports only add up what the checks recorded; none of them decides points.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from grader.results import CheckResult, SubmissionResult

# The order in which statuses are counted in summaries: worst news last, like pytest.
STATUS_ORDER = ("passed", "partial", "failed", "error", "timeout", "skipped", "manual")


@dataclass
class TaskTally:
    """One task's points, maximum and checks for one submission."""

    task: str
    points: float = 0.0
    max_points: float = 0.0
    checks: list[CheckResult] = field(default_factory=list)

    @property
    def manual_only(self) -> bool:
        """Whether every check of the task is graded by hand (its points are not the grader's)."""
        return bool(self.checks) and all(c.status == "manual" for c in self.checks)


def ordered_tasks(results: Iterable[SubmissionResult], tasks: Sequence[str] = ()) -> list[str]:
    """``tasks`` first (rubric order), then any other task found in ``results``, in order of appearance.

    A task missing from the rubric list still gets a column, so that no points are hidden.
    """
    order = list(dict.fromkeys(tasks))
    seen = set(order)
    for result in results:
        for check in result.checks:
            if check.task not in seen:
                seen.add(check.task)
                order.append(check.task)
    return order


def tally_tasks(result: SubmissionResult, tasks: Sequence[str] = ()) -> list[TaskTally]:
    """The tasks of ``result`` with their points, in rubric order; tasks with no check are left out."""
    by_task: dict[str, TaskTally] = {}
    for check in result.checks:
        tally = by_task.setdefault(check.task, TaskTally(check.task))
        tally.points = round(tally.points + check.points, 4)
        tally.max_points = round(tally.max_points + check.max_points, 4)
        tally.checks.append(check)
    return [by_task[t] for t in ordered_tasks([result], tasks) if t in by_task]


def status_counts(checks: Iterable[CheckResult]) -> dict[str, int]:
    """How many checks ended in each status, in :data:`STATUS_ORDER`, zero counts left out."""
    counts = Counter(c.status for c in checks)
    return {s: counts[s] for s in STATUS_ORDER if counts[s]}


def format_points(value: float) -> str:
    """Points as people write them: ``5``, ``2.5``, ``0.33`` (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
