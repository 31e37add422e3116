"""A game function against the reference on hand-written edge cases (each game's ``edge_boards.py``,
found by :func:`grader.plugs.edge_cases`): wins on every edge and diagonal, full columns and boards, draws,
the extra turn after a box, the last line.

Each case is named after the rule it tests, so a failure tells the student which rule to look at.
``params.sizes`` (``[[rows, cols], ...]``) asks the same rules on other board sizes too, so a function
that hard-codes the assignment's size loses those boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grader.check_params import CannedBoardsParams
from grader.plugs import EdgeBoardError, edge_cases
from grader.checks._role_answers import judge_answers, other_sizes, sized
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


class CannedBoards(Check):
    """A game function against the reference on the hand-written edge cases of its rules."""

    Params = CannedBoardsParams

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        try:
            cases = edge_cases(ctx.game, spec.target)
        except EdgeBoardError as e:
            return Outcome(0.0, f"the canned boards for {spec.target} could not be built: {e}", status="error")
        if not cases:
            return Outcome(0.0, f"no canned boards for {spec.target} fit a {ctx.game!r} board", status="skipped")
        contexts = other_sizes(ctx, spec.settings.sizes)
        elsewhere = [(there, [sized(case, there) for case in edge_cases(there.game, spec.target)])
                     for there in contexts]
        return judge_answers(ctx, spec.target, cases, show=spec.settings.show, elsewhere=elsewhere)
