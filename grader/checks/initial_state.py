"""The student's empty board is the course's empty board (in whatever representation they chose)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grader.check_params import InitialStateParams
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


class InitialState(Check):
    """The student's empty board is the course's empty board."""

    Params = InitialStateParams

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        if ctx.student is None:
            return Outcome(0.0, "the submission could not be loaded", status="error")
        reply = ctx.student.initial_state()
        expected = ctx.game.to_course(ctx.game.initial_state())
        if not reply.ok:
            status = "timeout" if reply.kind == "timeout" else "error"
            return Outcome(0.0, f"{reply.call}: {reply.error}", status=status)
        if ctx.game.same_board(reply.value, expected):
            return Outcome(1.0, f"{reply.call} gives the empty board ({ctx.student.representation.describe()})")
        shown = ctx.show(expected, "the empty board", call=reply.call, expected="this board", returned=reply.value)
        return Outcome(0.0, f"{reply.call} does not give an empty {ctx.game.rows}x{ctx.game.cols} board",
                       boards=[shown])
