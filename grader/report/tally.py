"""Points and check counts per task, in rubric order: the numbers every report shows.

Reports only add up what the checks recorded; none of them decides points.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from grader.results import CheckResult, SubmissionResult

# The order in which statuses are counted in summaries: worst news last, like pytest; then what waits for a person.
STATUS_ORDER = ("passed", "partial", "failed", "error", "timeout", "skipped", "review", "manual")
#: how the ``review`` status reads to people: the grader is unsure how it read the code, a person decides
NEEDS_A_PERSON = "needs a person"


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


def in_review(result: SubmissionResult) -> list[CheckResult]:
    """The checks of ``result`` a person must confirm (status ``review``): their points are provisional."""
    return [c for c in result.checks if c.status == "review"]


def review_text(result: SubmissionResult) -> str:
    """The checks in review in one line, for sheets and lists ('' when none)."""
    return "; ".join(c.check for c in in_review(result))


def format_points(value: float) -> str:
    """Points as people write them: ``5``, ``2.5``, ``0.33`` (at most two decimals)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class ScoreSplit:
    """A submission's points split into what the grader decided and what people grade by hand."""

    automatic: float
    automatic_max: float
    manual: float
    manual_max: float
    pending: int  # hand-graded items nobody has filled in yet
    items: int  # hand-graded items in all


def is_hand_graded(check: CheckResult) -> bool:
    """Whether a person grades ``check``: pending (status ``manual``) or already filled in."""
    return check.status == "manual" or check.by_hand


def score_split(result: SubmissionResult) -> ScoreSplit:
    """The automatic and hand-graded parts of ``result``'s score."""
    auto = [c for c in result.checks if not is_hand_graded(c)]
    hand = [c for c in result.checks if is_hand_graded(c)]
    return ScoreSplit(
        automatic=round(sum(c.points for c in auto), 4), automatic_max=round(sum(c.max_points for c in auto), 4),
        manual=round(sum(c.points for c in hand), 4), manual_max=round(sum(c.max_points for c in hand), 4),
        pending=sum(c.status == "manual" for c in hand), items=len(hand),
    )


def score_text(result: SubmissionResult) -> str:
    """The score as every report writes it: ``85 / 110`` when nothing is graded by hand, else both parts,
    ``automatic 85/85, manual 0/25 pending`` until people have filled every hand-graded item."""
    split = score_split(result)
    whole = f"{format_points(result.total)} / {format_points(result.max_total)}"
    if not split.items:
        return whole
    manual = f"manual {format_points(split.manual)}/{format_points(split.manual_max)}"
    if not split.automatic_max:  # a report with no runnable code: everything is graded by hand
        return manual + (" pending" if split.pending == split.items else
                         f" ({split.pending} of {split.items} items pending)" if split.pending else "")
    automatic = f"automatic {format_points(split.automatic)}/{format_points(split.automatic_max)}"
    if split.pending == split.items:
        return f"{automatic}, {manual} pending"
    if split.pending:
        return f"{automatic}, {manual} ({split.pending} of {split.items} items pending)"
    return f"{whole} ({automatic}, {manual})"
