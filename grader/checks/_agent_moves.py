"""Asking a student's agent for moves, for the agent checks: finding the agent, the call as the
student would write it, and a failed move said in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grader.adapt import Move, StudentAgent
from grader.adapt.agents import time_spent
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext, text_with_turn
from grader.results import BoardShown
from reference.games.base import State

if TYPE_CHECKING:
    from grader.rubric import CheckSpec

#: timed-out moves after which a check stops asking (each costs a whole move limit and a restart)
TIMEOUTS_BEFORE_GIVING_UP = 3


def gives_up(agent: StudentAgent, timeouts_here: int) -> bool:
    """Whether a check stops asking ``agent`` after ``timeouts_here`` timeouts of its own: at
    :data:`TIMEOUTS_BEFORE_GIVING_UP`, or at the first once the agent has run out of time that often
    before this check (an agent that is always too slow costs a class minutes: each timeout is a whole
    move limit and a restart). A check asks each position once, so those are as many positions."""
    return timeouts_here >= TIMEOUTS_BEFORE_GIVING_UP or \
        (timeouts_here >= 1 and agent.timeouts - timeouts_here >= TIMEOUTS_BEFORE_GIVING_UP)


class StudentTime:
    """A check's budget of the student's time: the CPU seconds its agent spends on the check's moves. A check
    stops asking at the same move on a busy machine as on a quiet one (wall time would stop it sooner when
    the machine is busy, and the points would move with the load)."""

    def __init__(self, seconds: float, move_limit: float) -> None:
        self.seconds, self.move_limit = seconds, move_limit
        self.spent = 0.0

    def charge(self, move: Move) -> Move:
        """Count ``move``'s CPU time (a timeout counts the whole move limit); the move, for chaining."""
        self.spent += time_spent(move, self.move_limit)
        return move

    @property
    def used_up(self) -> bool:
        return self.spent > self.seconds

    def words(self) -> str:
        return f"the check's budget of {self.seconds:g} s of your agent's CPU time was used up"


def agent_or_outcome(ctx: CheckContext, spec: CheckSpec) -> StudentAgent | Outcome:
    """The agent the check judges, or an error outcome that says why there is none."""
    agent = ctx.agent(spec.target)
    if isinstance(agent, str):
        return Outcome(0.0, f"{spec.target}: {agent}", status="error")
    return agent


class AgentCheck(Check):
    """A check that judges an agent by its moves. Every such check starts alike: the agent the rubric line names
    (or an error outcome saying why there is none) and the move limit it is asked within. That start is written
    here once, so that a kind implements only :meth:`judge` and all of them fail the same way without an agent."""

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        agent = agent_or_outcome(ctx, spec)
        if isinstance(agent, Outcome):
            return agent
        return self.judge(ctx, spec, agent, move_limit(ctx))

    def judge(self, ctx: CheckContext, spec: CheckSpec, agent: StudentAgent, limit: float) -> Outcome:
        """Judge ``agent``, whose moves are asked within ``limit`` CPU seconds, by the rubric line ``spec``."""
        raise NotImplementedError


def ask(ctx: CheckContext, agent: StudentAgent, state: State, limit: float, *, label: str,
        options: dict | None = None) -> Move:
    """``agent``'s move on reference ``state`` within ``limit``, asked once per grading: a position another
    check asked (the same agent label, board size, limit and options) is answered as it was then, so a move
    serves legality, timing and tactics alike and the student's time is spent once."""
    key = (label, agent.game, state, limit, tuple(sorted((options or {}).items())))
    try:
        known = ctx.answers.get(key)
    except TypeError:  # an option that is no plain value: asked afresh
        return _asked(agent, state, limit, options)
    if known is None:
        known = ctx.answers[key] = _asked(agent, state, limit, options)
    return known


def _asked(agent: StudentAgent, state: State, limit: float, options: dict | None) -> Move:
    """The move, asked once: a move that runs out of time is not asked a second time here (games do ask
    again, :func:`grader.adapt.agents.move_within`, where one timeout loses a whole game). A position is a
    small share of a check's points, and asking again doubled the CPU an agent that is always too slow
    costs for no points."""
    game = agent.game
    return agent.move(game.to_course(state), game.to_move(state), timeout=limit, options=options)


def move_limit(ctx: CheckContext) -> float:
    """CPU seconds an agent gets for one move (the assignment's limit)."""
    return ctx.assignment.limits.move_seconds


def agent_call(agent: StudentAgent, player: int) -> str:
    """The call as the student would write it, e.g. ``alpha_beta_player(board, 1)``."""
    return agent.describe_call(player)


def failure_words(move: Move, limit: float) -> str:
    """What went wrong with a move, for a student, as what the agent did: it reads after "your agent"
    ("made no move within the move limit of 2 s of CPU time", "raised ValueError: ...", "returned 9, ...")."""
    if move.kind == "timeout" and move.seconds < limit:  # stopped by the backstop, not by its CPU time
        return (f"made no move after {move.wall_seconds:.3g} s, in which it used {move.seconds:.2g} s of CPU time: "
                f"it sleeps, blocks or waits (the move limit is {limit:g} s of CPU time, and a few times that of "
                "waiting)")
    if move.kind == "timeout":
        return f"made no move within the move limit of {limit:g} s of CPU time"
    return move.error or "made no usable move"


def show_move(ctx: CheckContext, agent: StudentAgent, state: State, caption: str, move: Move, *,
              expected: Any = "", limit: float | None = None, highlight: tuple = ()) -> BoardShown:
    """The board the agent was asked on, what it answered (or why it did not) and what was expected."""
    game = agent.game  # the rubric's game, or another board size (timing)
    player = game.to_move(state)
    if move.ok:
        returned = f"{move.action!r} ({move.seconds:.3g} s of CPU time)"
        highlight = highlight or (move.action,)
    else:
        returned = failure_words(move, limit if limit is not None else move_limit(ctx))
    board = game.to_course(state)
    if game == ctx.game:
        return ctx.show(board, caption, player=player, call=agent_call(agent, player), expected=expected,
                        returned=returned, highlight=highlight)
    return BoardShown(caption=caption, text=text_with_turn(game, state), svg=game.svg(state, highlight=highlight),
                      call=agent_call(agent, player), expected=str(expected), returned=returned)
