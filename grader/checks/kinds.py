"""Every kind of check's implementation by the name the rubric gives it (:data:`KINDS`; the same names as
:data:`grader.check_params.PARAMS`, which the rubric reads without loading these), and what is done with
all of them at once: their names in sheets and the work a batch prepares for every submission."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grader.checks.agent_legal import AgentLegal
from grader.checks.agent_strength import AgentStrength
from grader.checks.agent_tactics import AgentTactics
from grader.checks.agent_timing import AgentTiming
from grader.checks.answers_filled import AnswersFilled
from grader.checks.base import Check
from grader.checks.canned_boards import CannedBoards
from grader.checks.context import CheckContext
from grader.checks.initial_state import InitialState
from grader.checks.manual import Manual
from grader.checks.no_mutation import NoMutation
from grader.checks.notebook_runs import NotebookRuns
from grader.checks.random_positions import RandomPositions
from grader.checks.search_nodes import SearchNodes

if TYPE_CHECKING:
    from grader.rubric import Assignment, CheckSpec

#: every kind of check, by the name the rubric gives it
KINDS: dict[str, Check] = {
    "initial_state": InitialState(),
    "canned_boards": CannedBoards(),
    "random_positions": RandomPositions(),
    "no_mutation": NoMutation(),
    "agent_legal": AgentLegal(),
    "agent_tactics": AgentTactics(),
    "agent_strength": AgentStrength(),
    "agent_timing": AgentTiming(),
    "search_nodes": SearchNodes(),
    "answers_filled": AnswersFilled(),
    "notebook_runs": NotebookRuns(),
    "manual": Manual(),
}


def describe_kind(kind: str, spec: CheckSpec | None = None) -> str:
    """How a check reads in sheets (``canned boards``, ``beats alphabeta:2``); an unknown kind by its name."""
    check = KINDS.get(kind)
    if check is None:
        return kind.replace("_", " ")
    return check.describe(spec) if spec is not None else check.words


def prepare_shared(assignment: Assignment, seed: int) -> dict[str, Any]:
    """Work that every submission's checks would repeat (tactic positions found with the solver),
    done once for a batch; each grading process gets it back in its context (``ctx.shared``)."""
    ctx = CheckContext(assignment, assignment.make_game(), None, seed=seed)
    shared: dict[str, Any] = {}
    for task in assignment.tasks:
        for spec in task.checks:
            found = KINDS[spec.kind].prepare(ctx, spec)
            if found:
                shared.setdefault(spec.kind, {}).update(found)
    return shared


__all__ = ["KINDS", "describe_kind", "prepare_shared"]
