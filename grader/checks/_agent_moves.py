"""Asking a student's agent for moves, for the agent checks: finding the agent, the call as the
student would write it, and a failed move said in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grader.adapt import Move, StudentAgent
from grader.adapt.agents import time_spent
from grader.checks._budget import undecided_status
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext, text_with_turn
from grader.results import QUICK_VERDICT, BoardShown
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
    the machine is busy, and the points would move with the load). ``bound`` says in words what sets
    ``seconds`` (the check's own cap, or its share of the task's budget: :mod:`grader.checks._budget`);
    ``quick`` is ``grader check``'s tighter budget."""

    def __init__(self, seconds: float, move_limit: float, bound: str = "", *, quick: bool = False) -> None:
        self.seconds, self.move_limit = seconds, move_limit
        self.bound = bound or f"the check's budget of {seconds:g} s"
        self.quick = quick
        self.spent = 0.0

    def charge(self, move: Move) -> Move:
        """Count ``move``'s CPU time (a timeout counts the whole move limit); the move, for chaining."""
        self.spent += time_spent(move, self.move_limit)
        return move

    @property
    def used_up(self) -> bool:
        """Whether no further move may be asked (none at all when nothing was left for this check)."""
        return self.spent > self.seconds or self.seconds <= 0

    def words(self) -> str:
        return f"{self.bound} of your agent's CPU time was used up"

    def undecided(self, outcome: Outcome, note: str, *, planned_all_asked: bool) -> Outcome:
        """``outcome`` of a check this budget stopped before its verdict was settled: ``note`` (what was asked,
        what the credit rests on) added, the status :func:`grader.checks._budget.undecided_status` gives, and
        in ``grader check`` a message that starts by saying the verdict is a quick one."""
        status = undecided_status(outcome.fraction, planned_all_asked)
        outcome.status = status or outcome.status
        if note:
            outcome.message = f"{outcome.message}; {note}" if outcome.message else note
        if self.quick:
            outcome.message = (f"{QUICK_VERDICT} (grader check spends less of your agent's time than grading does, "
                               f"which may ask more): {outcome.message}")
        return outcome


def student_time(ctx: CheckContext, spec: CheckSpec, move_limit: float) -> StudentTime:
    """The budget of ``spec``'s check: its share of its task's budget of the student's CPU time when grading
    shares one (``ctx.budget``), at most the assignment's ``check_seconds``."""
    budget = getattr(ctx, "budget", None)
    if budget is None:
        return StudentTime(ctx.assignment.limits.check_seconds, move_limit)
    seconds, bound = budget.allowance(spec)
    return StudentTime(seconds, move_limit, bound, quick=budget.quick)


def provisional_words(asked: int, planned: int, noun: str, budget: StudentTime, done: str = "asked") -> str:
    """The note of a check its budget stopped among its planned positions (or games: ``done`` "played")."""
    return (f"stopped after {asked} of the {planned} {noun} planned: {budget.words()}, so the credit rests on the "
            f"{noun} {done} and is provisional")


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
        options: dict | None = None, budget: StudentTime | None = None) -> Move:
    """``agent``'s move on reference ``state`` within ``limit``, asked once per grading: a position another
    check asked (the same agent label, board size, limit and options) is answered as it was then, so a move
    serves legality, timing and tactics alike and the student's time is spent once. A move asked afresh is
    charged to ``budget``; one answered as before costs nothing."""
    key = (label, agent.game, state, limit, tuple(sorted((options or {}).items())))
    try:
        known = ctx.answers.get(key)
    except TypeError:  # an option that is no plain value: asked afresh
        return _charged(budget, _asked(agent, state, limit, options))
    if known is None:
        known = ctx.answers[key] = _charged(budget, _asked(agent, state, limit, options))
    return known


def _charged(budget: StudentTime | None, move: Move) -> Move:
    return budget.charge(move) if budget is not None else move


def _asked(agent: StudentAgent, state: State, limit: float, options: dict | None) -> Move:
    """The move, asked once: the margin past the CPU limit (``grader.sandbox.Limits.cpu_margin``) absorbs the
    machine's variation, so a move near the limit is not lost on one measurement."""
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
        return f"made no move within the move limit of {limit:g} s of CPU time (it was stopped at {move.seconds:.3g} s)"
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
