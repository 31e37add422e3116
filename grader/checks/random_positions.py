"""A game function against the reference on seeded random reachable positions.

Catches what hand-written boards miss; the same seed always gives the same positions, so
re-grading gives the same score.
"""

from __future__ import annotations

from grader.checks import Outcome
from grader.checks._judge import Case, judge_all
from grader.checks.context import CheckContext
from grader.rubric import CheckSpec
from itertools import islice

from reference.positions import finished_games, random_positions

TARGET = "function"
WORDS = "random positions"


def run(ctx: CheckContext, spec: CheckSpec) -> Outcome:
    count = int(spec.params.get("positions", 40))
    game = ctx.game
    seed = hash_seed(ctx, spec)
    if spec.target == "utility":  # utility is defined on finished games
        states = list(islice(finished_games(game, seed), count))
    else:
        states = random_positions(game, count, seed=seed, include_terminal=spec.target == "terminal")
    rng = ctx.rng(f"{spec.target}:{spec.kind}")
    cases = [Case(s, rng.choice(game.actions(s)) if spec.target == "result" else None,
                  f"random position {i + 1}") for i, s in enumerate(states) if spec.target != "result" or not game.terminal(s)]
    return judge_all(ctx, spec.target, cases)


def hash_seed(ctx: CheckContext, spec: CheckSpec) -> int:
    """A seed per (run seed, check), stable across runs and machines."""
    return ctx.rng(f"positions:{spec.target}").randrange(2**31)
