"""A game function against the reference on seeded random reachable positions.

Catches what hand-written boards miss; the same seed always gives the same positions, so
re-grading gives the same score. ``params.sizes`` adds as many positions on each other board size.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

from grader.check_params import RandomPositionsParams
from grader.checks._role_answers import judge_answers, other_sizes, sized
from grader.cases import Case
from grader.checks.base import Check, Outcome
from grader.checks.context import CheckContext
from reference.positions import finished_games, random_positions

if TYPE_CHECKING:
    from grader.rubric import CheckSpec


class RandomPositions(Check):
    """A game function against the reference on seeded random positions."""

    Params = RandomPositionsParams

    def run(self, ctx: CheckContext, spec: CheckSpec) -> Outcome:
        count = spec.settings.positions
        salts = {"seed_salt": f"positions:{spec.target}", "action_salt": f"{spec.target}:{spec.kind}"}
        cases = random_cases(ctx, spec.target, count, **salts)
        contexts = other_sizes(ctx, spec.settings.sizes)  # as many positions on each other size
        elsewhere = [(there, [sized(case, there) for case in random_cases(there, spec.target, count, **salts)])
                     for there in contexts]
        return judge_answers(ctx, spec.target, cases, elsewhere=elsewhere)


def random_cases(ctx: CheckContext, role: str, count: int, *, seed_salt: str, action_salt: str) -> list[Case]:
    """Seeded random positions ``role`` is defined on: finished games for ``utility``, positions
    that may be over for ``terminal``, unfinished ones otherwise; ``result`` gets a legal action on
    each. The salts keep each check's positions its own and the same across runs and machines."""
    game = ctx.game
    seed = ctx.rng(seed_salt).randrange(2**31)
    if role == "utility":  # utility is defined on finished games, and judged where the text says who won
        states = list(islice((s for s in finished_games(game, seed) if not game.outcome_open(s)), count))
    else:
        states = random_positions(game, count, seed=seed, include_terminal=role == "terminal")
    rng = ctx.rng(action_salt)
    return [Case(s, rng.choice(game.actions(s)) if role == "result" else None, f"random position {i + 1}")
            for i, s in enumerate(states) if role != "result" or not game.terminal(s)]
