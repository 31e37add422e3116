"""The agent answers a legal move within the move limit on seeded random positions.

The first thing any agent must do: a timeout, an exception or an illegal answer each count as a
failed position, and the feedback shows the first failing boards with what went wrong. A quarter
of the positions (when random play reaches them) rule out a move the empty board allows (a full
column in Connect 4), so that an agent picking from every column is caught. Positions the check's
budget of student time (:mod:`grader.checks._budget`) leaves unasked are not judged: the credit rests
on those asked and goes to ``review``.

The positions are the same for every submission, so the answers are kept: agents that choose alike
everywhere are a similarity signal that survives renaming (:mod:`grader.similarity.behaviour`). The
timing check at the rubric's board size times the moves asked here (each position is asked once).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from grader.check_params import AgentLegalParams
from grader.checks._agent_moves import AgentCheck, ask, failure_words, gives_up, provisional_words, show_move, \
    student_time
from grader.checks.base import Outcome, share
from grader.checks.context import CheckContext
from reference.games.base import Game, State
from reference.positions import random_positions

if TYPE_CHECKING:
    from grader.adapt import StudentAgent
    from grader.rubric import CheckSpec


SHOWN = 3  # failing boards shown in feedback


class AgentLegal(AgentCheck):
    """An agent answers legal moves in time on seeded random positions."""

    Params = AgentLegalParams

    def judge(self, ctx: CheckContext, spec: CheckSpec, agent: StudentAgent, limit: float) -> Outcome:
        budget = student_time(ctx, spec, limit)
        states = legal_positions(ctx, spec)

        good, failures, asked, stopped, moves = 0, [], 0, "", []
        for i, state in enumerate(states):
            if budget.used_up:
                break
            move = ask(ctx, agent, state, limit, label=spec.target, budget=budget)
            asked += 1
            moves.append(repr(move.action) if move.ok else "")
            if move.ok:
                good += 1
            else:
                failures.append((i, state, move))
                timeouts = sum(m.kind == "timeout" for _, _, m in failures)
                if gives_up(agent, timeouts):
                    stopped = f"stopped after {timeouts} timeout{'s' if timeouts > 1 else ''}"
                    break

        out_of_time = asked < len(states) and not stopped  # the budget stopped it: the rest are not judged
        judged = asked if out_of_time else len(states)
        message = (f"{good} of {judged} positions answered with a legal move within {limit:g} s of CPU time" if judged
                   else "no position was asked")
        if failures:
            i, _, move = failures[0]
            message += f"; first problem (position {i + 1}): {failure_words(move, limit)}"
        if stopped:
            message += f"; {stopped} (the positions not tried count as failed)"
        boards = [show_move(ctx, agent, state, f"random position {i + 1}", move, expected="a legal move", limit=limit)
                  for i, state, move in failures[:SHOWN]]
        timed_out = any(m.kind == "timeout" for _, _, m in failures)
        outcome = Outcome(share(good, judged), message, status="timeout" if timed_out and good == 0 else None,
                          boards=boards, moves=moves)
        if out_of_time:
            return budget.undecided(outcome, provisional_words(asked, len(states), "positions", budget),
                                    planned_all_asked=False)
        return outcome


def legal_positions(ctx: CheckContext, spec: CheckSpec) -> list[State]:
    """The positions this check asks the agent of ``spec`` on (the timing check asks its moves there too)."""
    seed = ctx.rng(f"agent_legal:{spec.target}").randrange(2**31)
    return positions(ctx.game, spec.settings.positions, seed)


def positions(game: Game, count: int, seed: int) -> list[State]:
    """``count`` random positions, at least a quarter of them (when the pool has them) ruling out a
    move the empty board allows, shuffled among the others in a seeded order."""
    pool = random_positions(game, count * 4, seed=seed)
    opening = set(game.actions(game.initial_state()))
    crowded = [s for s in pool if opening - set(game.actions(s))][: max(1, count // 4)]
    chosen = crowded + [s for s in pool if s not in crowded][: count - len(crowded)]
    random.Random(seed).shuffle(chosen)
    return chosen
