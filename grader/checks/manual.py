"""An item a person grades (a discussion, a state-space estimate): listed in every sheet with 0 points
until someone fills it in, so it is never forgotten."""

from __future__ import annotations

from grader.checks import Outcome
from grader.checks.context import CheckContext
from grader.rubric import CheckSpec

TARGET = ""
WORDS = "graded by hand"
#: the parameters this check reads from the rubric, and their types (others are an error in the rubric)
PARAMS: dict[str, type] = {"note": str}


def run(ctx: CheckContext, spec: CheckSpec) -> Outcome:
    return Outcome(0.0, spec.params.get("note", "graded by hand"), status="manual")
