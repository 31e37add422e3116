"""Time per move: the median and the slowest move of the agent on random positions at several board sizes.

The course's timing experiments run agents on boards of other sizes (4x4, 5x5, 6x7 in Connect 4).
The student's representation was inferred at the rubric's size; at another size the same kind of
representation is rebuilt with the new rows and columns, and the same agent is asked there.

Params: ``sizes`` (list of ``[rows, cols]``; default the rubric's board), ``positions`` per size
(default 10), ``max_positions`` per size (default three times ``positions``), ``median_seconds``
(default half the move limit) and ``max_seconds`` (default the move limit). A size passes when every move there was legal, the median is under ``median_seconds``
and the slowest move under ``max_seconds``; credit is the share of sizes that pass. A move that hits
the move limit is stopped there and counts as at least the limit. A size the check's budget of student time
(:mod:`grader.checks._budget`) stops before its verdict is settled is judged on the moves timed, and the
check goes to ``review``.
"""

from __future__ import annotations

import dataclasses
import statistics
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from grader.adapt import Move, StudentAgent
from grader.adapt.student_game import sized_caller
from grader.check_params import AgentTimingParams
from grader.checks._agent_moves import AgentCheck, StudentTime, ask, failure_words, gives_up, show_move, student_time
from grader.checks._confidence import clear_of, median_interval
from grader.checks.agent_legal import legal_positions
from grader.checks.base import Outcome, share
from grader.checks.context import CheckContext
from reference.games import load_game
from reference.games.base import Game, State
from reference.positions import random_positions

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


@dataclass
class SizeTiming:
    """The figures at one board size."""

    rows: int
    cols: int
    planned: int
    seconds: list[float] = field(default_factory=list)
    extra: int = 0  # positions timed beyond the planned ones, because the median was close to its line
    timeouts: int = 0
    failures: list[tuple[State, Move]] = field(default_factory=list)  # moves that timed out, raised or were illegal
    problem: str = ""  # why this size could not be timed at all
    game: Game | None = None
    #: why the budget stopped the timing at this size before its verdict was settled ('' when it did not), and
    #: whether that was among the planned positions (else while more were timed near the median's line)
    unfinished: str = ""
    unfinished_planned: bool = False

    @property
    def median(self) -> float | None:
        return statistics.median(self.seconds) if self.seconds else None

    @property
    def slowest(self) -> float | None:
        return max(self.seconds) if self.seconds else None

    def passes(self, median_limit: float, max_limit: float) -> bool:
        """Whether this size passes: every move legal and in time, the median and the slowest under their limits,
        on the planned positions; where the budget stopped it, on the positions timed (provisionally)."""
        asked_all = len(self.seconds) == self.planned or (self.unfinished and self.seconds)
        return bool(not self.problem and not self.failures and asked_all
                    and self.median < median_limit and self.slowest < max_limit)

    def undecided(self, max_limit: float) -> bool:
        """Whether the budget stopped this size before its verdict was settled (a failed move or one slower
        than ``max_limit`` settles it)."""
        return (bool(self.unfinished) and not self.failures and not self.problem
                and (self.slowest is None or self.slowest < max_limit))


class AgentTiming(AgentCheck):
    """An agent's moves stay fast on boards of the sizes the course times."""

    Params = AgentTimingParams

    def judge(self, ctx: CheckContext, spec: CheckSpec, agent: StudentAgent, limit: float) -> Outcome:
        try:
            sizes = _sizes(spec.settings.sizes, ctx.game)
        except ValueError as e:
            return Outcome(0.0, f"params.sizes: {e}", status="error")
        params = spec.settings
        count = params.positions
        most = max(count, 3 * count if params.max_positions is None else params.max_positions)
        median_limit = limit / 2 if params.median_seconds is None else params.median_seconds
        max_limit = limit if params.max_seconds is None else params.max_seconds
        budget = student_time(ctx, spec, limit)
        seed = ctx.rng(f"agent_timing:{spec.target}").randrange(2**31)

        legal = next((s for task in ctx.assignment.tasks for s in task.checks
                      if s.kind == "agent_legal" and s.target == spec.target), None)
        asked = legal_positions(ctx, legal) if legal is not None else []  # their moves are timed already
        timings = [time_at_size(ctx, agent, rows, cols, count, seed, limit, budget, most=most,
                                median_limit=median_limit, label=spec.target,
                                first=asked if (rows, cols) == (ctx.game.rows, ctx.game.cols) else ())
                   for rows, cols in sizes]
        passed = sum(t.passes(median_limit, max_limit) for t in timings)
        message = (f"{passed} of {len(timings)} board sizes within a median of {median_limit:g} s and a slowest move "
                   f"of {max_limit:g} s per move, in CPU time\n" + table(timings, median_limit, max_limit, limit))
        boards = []
        for t in timings:
            for state, move in t.failures[:1]:
                boards.append(show_move(ctx, agent if t.game is None else _at_game(agent, t.game, ctx), state,
                                        f"{t.rows}x{t.cols} board", move, expected="a legal move", limit=limit))
        status = "timeout" if passed == 0 and any(t.timeouts for t in timings) else None
        outcome = Outcome(share(passed, len(timings)), message, status=status, boards=boards[:3])
        undecided = [t for t in timings if t.undecided(max_limit)]
        if not undecided:
            return outcome
        sizes_words = ", ".join(f"{t.rows}x{t.cols}" for t in undecided)
        return budget.undecided(outcome, f"{budget.words()} before the verdict at {sizes_words} was settled, so it "
                                "rests on the positions timed and is provisional",
                                planned_all_asked=not any(t.unfinished_planned for t in undecided))


def time_at_size(ctx: CheckContext, agent: StudentAgent, rows: int, cols: int, count: int, seed: int,
                 limit: float, budget: StudentTime, *, most: int | None = None,
                 median_limit: float | None = None, label: str = "", first: Sequence[State] = ()) -> SizeTiming:
    """Ask the agent for moves on ``count`` random positions of a ``rows`` x ``cols`` board and time them (CPU
    seconds), while the check's ``budget`` lasts; then, up to ``most`` positions, more of the same series while
    the median's interval holds ``median_limit``. The series starts with the positions ``first`` (those the
    legal-moves check asked on this board: with a ``label``, a position asked before is not asked again)."""
    timing = SizeTiming(rows, cols, count)
    try:
        game = _game_at(ctx, rows, cols)
        sized = agent if (rows, cols) == (ctx.game.rows, ctx.game.cols) else resized(agent, game, ctx)
    except (TypeError, ValueError) as e:
        timing.problem = str(e)
        return timing
    timing.game = game
    most = max(count, most or count)
    series = random_positions(game, most, seed=seed)  # the first ``count`` are those of random_positions(count)
    states = (list(first) + [s for s in series if s not in first])[:max(most, len(first))]
    timing.planned = min(count, len(states))
    for asked, state in enumerate(states):
        if asked >= timing.planned:
            if timing.failures or median_limit is None or len(timing.seconds) < asked or \
                    clear_of(median_limit, median_interval(timing.seconds)):
                break
            if budget.used_up:
                timing.unfinished = budget.words()
                break
            timing.planned += 1
            timing.extra += 1
        elif budget.used_up:
            timing.unfinished, timing.unfinished_planned = budget.words(), True
            break
        move = (ask(ctx, sized, state, limit, label=label, budget=budget) if label else
                budget.charge(sized.move(game.to_course(state), game.to_move(state), timeout=limit)))
        if move.ok:
            timing.seconds.append(move.seconds)
        elif move.kind == "timeout":
            timing.timeouts += 1
            timing.seconds.append(max(move.seconds, limit))
            timing.failures.append((state, move))
            if gives_up(sized, timing.timeouts):  # the copy at another size counts its own timeouts
                timing.problem = f"stopped after {timing.timeouts} timeouts"
                break
        else:
            timing.failures.append((state, move))
    return timing


def resized(agent: StudentAgent, game: Game, ctx: CheckContext) -> StudentAgent:
    """The same student agent asked on ``game``'s board size: the same kind of representation, resized.

    Agents that are classes get fresh instances per seat (they may have read the size when built);
    an agent given the game object gets one of that size, when the student's class takes the size.
    """
    game_object = agent.game_object
    if game_object is not None and ctx.student is not None:
        game_object = ctx.at_size(game.rows, game.cols).student.game_object or game_object
    return dataclasses.replace(agent, game=game, seats={}, game_object=game_object,
                               caller=sized_caller(agent.caller, game),
                               representation=agent.representation.at_size(game.rows, game.cols, game))


def _at_game(agent: StudentAgent, game: Game, ctx: CheckContext) -> StudentAgent:
    return agent if agent.game == game else resized(agent, game, ctx)


def _game_at(ctx: CheckContext, rows: int, cols: int) -> Game:
    if (rows, cols) == (ctx.game.rows, ctx.game.cols):
        return ctx.game
    return load_game(ctx.game.name, **{**ctx.assignment.board, "rows": rows, "cols": cols})


def _sizes(value: Any, game: Game) -> list[tuple[int, int]]:
    if value is None:
        return [(game.rows, game.cols)]
    if not isinstance(value, Sequence) or isinstance(value, str) or not value:
        raise ValueError(f"expected a list of [rows, cols] pairs, got {value!r}")
    out = []
    for item in value:
        if (not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in item)):
            raise ValueError(f"{item!r} is not a [rows, cols] pair of positive ints")
        out.append((item[0], item[1]))
    return out


def table(timings: Sequence[SizeTiming], median_limit: float, max_limit: float, limit: float) -> str:
    """The figures as a fixed-width table (Markdown code block friendly)."""
    lines = [f"{'board':>7}  {'legal':>7}  {'median s':>9}  {'max s':>9}  verdict (CPU seconds)"]
    for t in timings:
        moves = f"{len(t.seconds) - t.timeouts}/{t.planned}"  # legal moves in time / positions
        median = "-" if t.median is None else f"{t.median:.4f}"
        slowest = "-" if t.slowest is None else (f">{limit:g}" if t.timeouts else f"{t.slowest:.4f}")
        if t.passes(median_limit, max_limit):
            verdict = "ok"
            if t.extra:
                verdict += f" ({t.extra} more positions timed: the median was close to {median_limit:g} s)"
            if t.undecided(max_limit):
                verdict += f" on the {len(t.seconds)} timed, provisionally ({t.unfinished})"
        elif t.undecided(max_limit) and not t.seconds:
            verdict = f"not timed: {t.unfinished}"
        elif t.problem and not t.seconds:
            verdict = t.problem
        else:
            why = []
            if t.timeouts:
                why.append(f"{t.timeouts} move(s) hit the {limit:g} s limit")
            broken = [m for _, m in t.failures if m.kind != "timeout"]
            if broken:
                why.append(f"{len(broken)} move(s) failed ({failure_words(broken[0], limit)})")
            if t.median is not None and t.median >= median_limit:
                why.append("median too slow")
            if t.slowest is not None and t.slowest >= max_limit and not t.timeouts:
                why.append("slowest move too slow")
            if t.problem and t.problem not in " ".join(why):
                why.append(t.problem)
            if t.undecided(max_limit):
                why.append(f"on the {len(t.seconds)} timed, provisionally ({t.unfinished})")
            verdict = "; ".join(why) or "too slow"
        lines.append(f"{f'{t.rows}x{t.cols}':>7}  {moves:>7}  {median:>9}  {slowest:>9}  {verdict}")
    return "\n".join(lines)
