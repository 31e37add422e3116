"""Grading a generated submission with the checks that binding decides: every function check and
every agent's legality. The agents' strength, speed and tactics are the validity suite's business;
here only whether the grader found and called everything right matters."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Sequence

from grader.grading import grade_submission
from grader.results import SubmissionResult
from grader.rubric import Assignment, Task, load_rubric
from tests.metamorphic.faces import Face, submission

#: the check kinds the metamorphic suite grades
BINDING_KINDS = frozenset({"initial_state", "canned_boards", "random_positions", "no_mutation", "agent_legal"})


@lru_cache(maxsize=None)
def binding_assignment(assignment: str) -> Assignment:
    """The rubric's assignment with only the checks of :data:`BINDING_KINDS`."""
    full = load_rubric().assignment(assignment)
    tasks = [Task(name=t.name, checks=[c for c in t.checks if c.kind in BINDING_KINDS]) for t in full.tasks]
    return full.model_copy(update={"tasks": [t for t in tasks if t.checks]})


def grade_face(face: Face, folder: Path, extra_cells: Sequence[str] = (), stem: str = "") -> SubmissionResult:
    """Write ``face`` (with a mutant's ``extra_cells``) into ``folder`` and grade it."""
    stem = stem or "__".join(face.steps) or "course"
    path = submission(face, Path(folder) / f"{face.assignment}__{stem}.ipynb", extra_cells)
    return grade_submission(path, face.assignment, binding_assignment(face.assignment), seed=0)


def lost(result: SubmissionResult, allowed: frozenset[str] = frozenset()) -> dict[str, str]:
    """Checks below full points (other than ``allowed``): name -> points and the grader's message."""
    if result.status != "graded":
        return {"(submission)": f"{result.status}: {result.message}"}
    return {c.check: f"{c.points:g}/{c.max_points:g}{' [review]' if c.status == 'review' else ''}: {c.message[:400]}"
            for c in result.checks if c.points < c.max_points and c.check not in allowed}
