"""Each submission's budget of student time per task, and what a check does when its share runs out.

The agent checks of one task (:data:`BUDGETED_KINDS`) share ``limits.task_seconds`` of the student's CPU time
(``limits.quick_task_seconds`` in ``grader check``) on each submission. A check may spend the share of what is
left of its task's budget that its points are of the points of the task's budgeted checks still to run, and at
most ``limits.check_seconds``: a check that needs less leaves the rest to the checks after it, so the time goes
where the points are. The budget is CPU time, as every limit is (``docs/sandbox.md``): an agent does about the same
work within it on a busy machine as on a quiet one, and the seed fixes which positions and games come first.

A check stopped by its budget before its verdict is settled does not turn what it did not ask into a verdict:
its credit is what the positions or games it asked earned, and it goes to ``review`` (a person confirms it;
"A confident zero for working code is the worst error; where evidence is thin, say review"). A verdict the
budget stops while the planned positions were all asked and only the confidence loop was adding more keeps its
credit, with a note, unless that credit is zero or full.

A leaf: it imports nothing of the grader's, so the context, the checks and grading all build on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from grader.rubric import AssignmentLimits, CheckSpec

#: the kinds of check that ask an agent for positions or play it games: those whose time the budget shares
BUDGETED_KINDS = frozenset({"agent_legal", "agent_tactics", "agent_strength", "agent_timing", "search_nodes"})


@dataclass
class TaskBudgets:
    """What each task's agent checks may still spend of one submission's student time (CPU seconds).

    Built from the checks one grading runs (``specs``, in order), so a check's share counts only the points
    of the checks that will run after it (``grader check`` leaves the hidden ones out)."""

    seconds: float  # per task
    check_seconds: float  # at most, per check
    quick: bool = False  # ``grader check``: a quick verdict
    _pending: list[tuple[CheckSpec, str]] = field(default_factory=list)  # budgeted checks not run yet, their task
    _points_to_run: dict[str, float] = field(default_factory=dict)  # task -> points of its budgeted checks not run
    _spent: dict[str, float] = field(default_factory=dict)  # task -> CPU seconds its checks spent so far

    @classmethod
    def for_grading(cls, limits: AssignmentLimits, specs: Sequence[tuple[str, CheckSpec]], *,
                    quick: bool = False) -> "TaskBudgets":
        """The budgets of one grading that runs ``specs`` ((task, spec) pairs, in order); ``quick`` for
        ``grader check``."""
        budgets = cls(limits.quick_task_seconds if quick else limits.task_seconds, limits.check_seconds, quick)
        for task, spec in specs:
            if spec.kind in BUDGETED_KINDS:
                budgets._pending.append((spec, task))
                budgets._points_to_run[task] = budgets._points_to_run.get(task, 0.0) + spec.points
        return budgets

    def allowance(self, spec: CheckSpec) -> tuple[float, str]:
        """The CPU seconds ``spec``'s check may spend now, and in words what bounds it: its share of what is left
        of its task's budget (by its points among the task's checks still to run), at most ``check_seconds``."""
        task = self._task_of(spec)
        if task is None:
            return self.check_seconds, f"the check's budget of {self.check_seconds:g} s"
        left = max(0.0, self.seconds - self._spent.get(task, 0.0))
        to_run = self._points_to_run.get(task, 0.0)
        share = left * spec.points / to_run if to_run > 0 else left
        if share >= self.check_seconds:
            return self.check_seconds, f"the check's budget of {self.check_seconds:g} s"
        which = "grader check's quick budget" if self.quick else "the budget"
        return share, f"this check's share ({share:.3g} s) of {which} of {self.seconds:g} s for the task"

    def charge(self, spec: CheckSpec, seconds: float) -> None:
        """Count what ``spec``'s check spent (the student's CPU seconds while it ran, its agent's search for a
        first move included) against its task, and take its points off those still to run."""
        task = self._task_of(spec)
        if task is None:
            return
        self._pending.pop(self._index_of(spec))
        self._spent[task] = self._spent.get(task, 0.0) + max(0.0, seconds)
        self._points_to_run[task] = max(0.0, self._points_to_run[task] - spec.points)

    def _index_of(self, spec: CheckSpec) -> int:
        """Where ``spec`` is among the checks still to run: itself, else the first equal one (-1: none)."""
        same = [i for i, (pending, _) in enumerate(self._pending) if pending is spec]
        equal = [i for i, (pending, _) in enumerate(self._pending) if pending == spec]
        return (same or equal or [-1])[0]

    def _task_of(self, spec: CheckSpec) -> str | None:
        i = self._index_of(spec)
        return self._pending[i][1] if i >= 0 else None

    def spent(self, task: str) -> float:
        """CPU seconds the budgeted checks of ``task`` have spent so far."""
        return self._spent.get(task, 0.0)


def undecided_status(fraction: float, planned_all_asked: bool) -> str | None:
    """The status of a verdict a budget stopped before it was settled: ``review`` when it rests on fewer
    positions or games than the rubric plans, or when its credit is zero or full (what more evidence might
    change); else None (the credit stands, with a note)."""
    if not planned_all_asked or fraction <= 0 or fraction >= 1:
        return "review"
    return None
