"""What every check is made of: the :class:`Check` a kind subclasses and the :class:`Outcome` a check
reports.

A leaf module (it imports nothing else of the grader but the result types and the parameter models), so
the registry and the checks build on it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from grader.check_params import Params, Target
from grader.results import BoardShown, CheckStatus

if TYPE_CHECKING:  # types only: the context and the rubric build on the checks, not the other way round
    from grader.checks.context import CheckContext
    from grader.rubric import CheckSpec



@dataclass
class Outcome:
    """What a check found: the share of its points earned, a status and a message for the student."""

    fraction: float
    message: str = ""
    status: CheckStatus | None = None  # derived from fraction when None
    boards: list[BoardShown] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)  # an agent's answers on the probe positions (similarity report)

    def resolved_status(self) -> CheckStatus:
        if self.status is not None:
            return self.status
        return "passed" if self.fraction >= 1 else "failed" if self.fraction <= 0 else "partial"


def share(passed: int, total: int) -> float:
    """Partial credit by the share of cases right (no cases: no credit)."""
    return passed / total if total else 0.0


class Check:
    """One kind of check, named in the rubric by its key in :data:`grader.checks.kinds.KINDS`.

    A kind declares its parameters as a model (``Params``, from :mod:`grader.check_params`), which also
    says what it judges (``target``: a function role, an agent label, or ``""`` for the notebook as a
    whole) and how it reads in sheets (``words``); the rubric rejects any other parameter. Checks see
    only plain data: course boards, :class:`~grader.adapt.Reply` values and reference answers.
    """

    Params: ClassVar[type[Params]] = Params
    target: ClassVar[Target] = ""
    words: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("target", "words"):  # said once, by the parameters' model
            if name not in cls.__dict__ and "Params" in cls.__dict__:
                setattr(cls, name, getattr(cls.Params, name))

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        """Judge the submission in ``ctx`` by the rubric line ``spec``."""
        raise NotImplementedError

    def describe(self, spec: CheckSpec) -> str:
        """How a check of this kind reads in sheets (``beats alphabeta:2`` where the name depends on the
        parameters: the model's ``describe``)."""
        return spec.settings.describe() if self.Params is not Params else self.words

    def prepare(self, ctx: CheckContext, spec: CheckSpec) -> dict[Any, Any]:
        """Work that every submission would repeat (solver searches), done once for a batch; what it
        returns reaches each submission's checks as ``ctx.shared[kind]``."""
        return {}


class FileCheck(Check):
    """A check of the submission file as a whole (its answer cells, a run from top to bottom), not of the functions
    in it. Every such check needs the file and, without one, says so the same way; that start is written here once,
    so that a kind implements only :meth:`judge_file`."""

    #: what the check does with the file, for the message when there is none ("no submission file to read")
    uses_file_to: ClassVar[str] = "read"

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        if ctx.submission is None:
            return Outcome(0.0, f"no submission file to {self.uses_file_to}", status="error")
        return self.judge_file(ctx, spec, ctx.submission)

    def judge_file(self, ctx: CheckContext, spec: CheckSpec, submission: Any) -> Outcome:
        """Judge ``submission`` (a :class:`grader.load.submission.Submission`) by the rubric line ``spec``."""
        raise NotImplementedError


__all__ = ["Check", "FileCheck", "Outcome", "Target", "share"]
