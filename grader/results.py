"""What grading produces: plain dataclasses, shared by the checks, the reports and the CLI.

Checks never see student objects; they fill these from plain data. Reports read them and nothing else.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

#: ``review``: the grader is unsure it called the student's code as meant (see ``StudentGame.doubts``); the
#: check keeps the points its evidence gives, provisionally, and a person decides
CheckStatus = Literal["passed", "failed", "partial", "error", "timeout", "review", "manual", "skipped"]
SubmissionStatus = Literal["graded", "error", "manual"]
#: how a check's message starts in ``grader check`` when its quick budget of student time stopped it before its
#: verdict settled (``grader.checks._budget``): a quick verdict, not a person's to confirm
QUICK_VERDICT = "Quick verdict"
Visibility = Literal["public", "hidden"]


@dataclass(frozen=True)
class BoardShown:
    """One board in feedback: why it is shown, the board drawn two ways, and the call made on it."""

    caption: str  # e.g. "result(board, 1, 3) on a board with column 3 full"
    text: str  # plain-text drawing (terminal, Markdown)
    svg: str = ""  # self-contained <svg> (HTML feedback)
    call: str = ""  # the call as the student would write it
    expected: str = ""  # repr of what the reference says
    returned: str = ""  # repr of what the student's code returned (or the error)


@dataclass
class CheckResult:
    """The outcome of one check: points, status and a message a student can act on."""

    task: str  # e.g. "Task 2: environment"
    check: str  # starts with the function or agent judged, e.g. "result: canned boards"
    points: float
    max_points: float
    status: CheckStatus
    message: str = ""
    visibility: Visibility = "public"
    boards: list[BoardShown] = field(default_factory=list)
    seconds: float = 0.0  # time the check took (student think time included)
    student_seconds: float = 0.0  # CPU seconds inside the submission's code (its think time)
    moves: list[str] = field(default_factory=list)  # an agent check's answers, position by position ("" for none)
    by_hand: bool = False  # points typed by a person into manual.csv (status "manual" until then)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def quick(self) -> bool:
        """Whether ``grader check``'s quick budget stopped this check before its verdict settled."""
        return self.message.startswith(QUICK_VERDICT)


@dataclass
class SubmissionResult:
    """Everything graded for one submission file."""

    submission: str  # file stem, the row key of every sheet
    path: str
    assignment: str
    status: SubmissionStatus = "graded"
    message: str = ""
    flags: list[str] = field(default_factory=list)  # for the instructor: "looks like Dots and Boxes, graded as Connect 4"
    checks: list[CheckResult] = field(default_factory=list)
    adaptations: list[str] = field(default_factory=list)  # what the adapter did, in words
    load_notes: list[str] = field(default_factory=list)  # skipped/failed cells, in words
    isolation: str = ""  # sandbox isolation level reached
    seconds: float = 0.0
    student_seconds: float = 0.0  # CPU seconds inside the submission's code: cells, probes, moves

    @property
    def total(self) -> float:
        return round(sum(c.points for c in self.checks), 4)

    @property
    def max_total(self) -> float:
        return round(sum(c.max_points for c in self.checks), 4)

    def task_points(self) -> dict[str, float]:
        """Points per task, in rubric order."""
        out: dict[str, float] = {}
        for c in self.checks:
            out[c.task] = round(out.get(c.task, 0.0) + c.points, 4)
        return out

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["total"], d["max_total"] = self.total, self.max_total
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "SubmissionResult":
        d = dict(d)
        d.pop("total", None)
        d.pop("max_total", None)
        checks = []
        for c in d.pop("checks", []):
            c = dict(c)
            c["boards"] = [BoardShown(**b) for b in c.get("boards", [])]
            checks.append(CheckResult(**c))
        return cls(checks=checks, **d)
