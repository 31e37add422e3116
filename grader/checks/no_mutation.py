"""A game function leaves the board it is given unchanged.

Search calls ``result(board, player, action)`` on one board for every action; a ``result`` that
drops the disc into ``board`` itself (and returns it) corrupts every sibling position. The sandbox
hands student code fresh copies, so this bug is invisible to the checks that only read answers:
here the board argument is read back after each call and compared with what was sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grader.adapt import Reply
from grader.check_params import NoMutationParams
from grader.checks._role_answers import readable
from grader.cases import Case
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext
from grader.checks.random_positions import random_cases
from grader.results import BoardShown

if TYPE_CHECKING:
    from grader.rubric import CheckSpec

_GIVE_UP_AFTER_TIMEOUTS = 3  # a function that hangs is not called again and again
_ROLES_WITH_A_BOARD = ("actions", "result", "terminal", "utility")


class NoMutation(Check):
    """A game function leaves the board it is given as it was."""

    Params = NoMutationParams

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        role = spec.target
        if role not in _ROLES_WITH_A_BOARD:
            return Outcome(0.0, f"{role} takes no board to change; no_mutation judges {', '.join(_ROLES_WITH_A_BOARD)}",
                           status="error")
        if ctx.student is None or not ctx.student.has(role):
            why = ctx.student.interface.problems.get(role) if ctx.student else "the submission could not be loaded"
            return Outcome(0.0, why or f"no {role} function was found", status="error")
        game, calls = ctx.game, []
        cases = random_cases(ctx, role, spec.settings.positions, seed_salt=f"no_mutation:{role}",
                             action_salt=f"no_mutation:{role}:actions")
        for case in cases:
            calls.append((case, ctx.student.mutation(role, game.to_course(case.state), game.to_move(case.state),
                                                     case.action)))
            if sum(reply.kind == "timeout" for _, reply in calls) >= _GIVE_UP_AFTER_TIMEOUTS:
                break
        judged = [(case, reply) for case, reply in calls if reply.ok]
        failed = [reply for _, reply in calls if not reply.ok]
        if not judged:
            first = failed[0].error if failed else "no positions to try"
            return Outcome(0.0, f"{role} failed on every call, so whether it changes its board could not be "
                                f"judged: {first}", status="error")
        changed = [(case, reply) for case, reply in judged if reply.mutated]
        unjudged = f" ({len(failed)} failing calls not judged: {failed[0].error})" if failed else ""
        if not changed:
            return Outcome(1.0, f"the board was unchanged after all {len(judged)} calls{unjudged}")
        case, reply = changed[0]
        message = (f"{role} changed the board it was given on {len(changed)} of {len(judged)} calls{unjudged}; "
                   f"first: {case.why}. Work on a copy (board.copy(), copy.deepcopy(board)): search calls "
                   f"{role} many times on the same board")
        return Outcome(0.0, message, boards=[_shown(ctx, role, case, reply)])


def _shown(ctx: CheckContext, role: str, case: Case, reply: Reply) -> BoardShown:
    game = ctx.game
    after = readable(game, reply.value) if reply.value is not None else reply.raw
    after = after if isinstance(after, str) else " " + repr(after)
    return ctx.show(game.to_course(case.state), f"{case.why}: {role} changed this board",
                    player=game.to_move(case.state), call=reply.call, expected="the board unchanged",
                    returned=f"the board as the call left it:{after}",
                    highlight=(case.action,) if case.action is not None else ())
