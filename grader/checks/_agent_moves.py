"""Asking a student's agent for moves, for the agent checks: finding the agent, the call as the
student would write it, and a failed move said in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grader.adapt import Move, StudentAgent
from grader.checks.base import Outcome
from grader.checks.context import CheckContext, text_with_turn
from grader.results import BoardShown
from reference.games.base import State

if TYPE_CHECKING:
    from grader.rubric import CheckSpec

#: timed-out moves after which a check stops asking (each costs a whole move limit and a restart)
TIMEOUTS_BEFORE_GIVING_UP = 3


def gives_up(agent: StudentAgent, timeouts_here: int) -> bool:
    """Whether a check stops asking ``agent`` after ``timeouts_here`` timeouts of its own: at
    :data:`TIMEOUTS_BEFORE_GIVING_UP`, or at the first once the agent has run out of time twice that
    often in the submission's earlier checks (an agent that is always too slow costs a class minutes)."""
    return timeouts_here >= TIMEOUTS_BEFORE_GIVING_UP or \
        (timeouts_here >= 1 and agent.timeouts >= 2 * TIMEOUTS_BEFORE_GIVING_UP)


def agent_or_outcome(ctx: CheckContext, spec: CheckSpec) -> StudentAgent | Outcome:
    """The agent the check judges, or an error outcome that says why there is none."""
    agent = ctx.agent(spec.target)
    if isinstance(agent, str):
        return Outcome(0.0, f"{spec.target}: {agent}", status="error")
    return agent


def move_limit(ctx: CheckContext) -> float:
    """Seconds an agent gets for one move (the assignment's limit)."""
    return ctx.assignment.limits.move_seconds


def agent_call(agent: StudentAgent, player: int) -> str:
    """The call as the student would write it, e.g. ``alpha_beta_player(board, 1)``."""
    return agent.describe_call(player)


def failure_words(move: Move, limit: float) -> str:
    """What went wrong with a move, for a student, as what the agent did: it reads after "your agent"
    ("made no move within the 2 s move limit", "raised ValueError: ...", "returned 9, ...")."""
    if move.kind == "timeout":
        return f"made no move within the {limit:g} s move limit"
    return move.error or "made no usable move"


def show_move(ctx: CheckContext, agent: StudentAgent, state: State, caption: str, move: Move, *,
              expected: Any = "", limit: float | None = None, highlight: tuple = ()) -> BoardShown:
    """The board the agent was asked on, what it answered (or why it did not) and what was expected."""
    game = agent.game  # the rubric's game, or another board size (timing)
    player = game.to_move(state)
    if move.ok:
        returned = f"{move.action!r} ({move.seconds:.3g} s)"
        highlight = highlight or (move.action,)
    else:
        returned = failure_words(move, limit if limit is not None else move_limit(ctx))
    board = game.to_course(state)
    if game == ctx.game:
        return ctx.show(board, caption, player=player, call=agent_call(agent, player), expected=expected,
                        returned=returned, highlight=highlight)
    return BoardShown(caption=caption, text=text_with_turn(game, state), svg=game.svg(state, highlight=highlight),
                      call=agent_call(agent, player), expected=str(expected), returned=returned)
