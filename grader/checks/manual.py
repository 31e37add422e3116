"""An item a person grades (a discussion, a state-space estimate): listed in every sheet with 0 points
until someone fills it in, so it is never forgotten."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grader.check_params import ManualParams
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


class Manual(Check):
    """An item a person grades: listed with 0 points until someone fills it in."""

    Params = ManualParams

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        return Outcome(0.0, spec.settings.note, status="manual")
