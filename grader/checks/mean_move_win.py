"""Mean Connect 4: the agent takes a win that only a mean move gives.

The position is the edge-case board where the opponent's disc sits at the bottom of a column under one
of the mover's discs, beside the mover's three: moving the opponent's disc anywhere lets the
mover's disc fall into four in a row, and no drop wins. It is asked four ways (as drawn, mirrored
left to right, and each with the colours swapped, so for both players), at the rubric's board
size. The winning moves are the reference's (under the reading of the rule the student is graded
by), and any move that forces a win within three plies (under some readings a drop does, since a
search that values every win alike may rightly play it), all proven by the horizon search
(:func:`reference.tactics.mean_connect4.forcing_moves`); any of them is right. Under the
reference's reading only the mean moves are. An agent that never considers mean moves misses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from grader.check_params import MeanMoveWinParams
from grader.games.mean_connect4.edge_boards import FREES_A_WIN, position
from grader.checks._agent_moves import AgentCheck, failure_words, show_move
from grader.checks.base import Outcome, share
from grader.checks.context import CheckContext
from reference.games.base import Action, Game, State
from reference.tactics.mean_connect4 import forcing_moves

if TYPE_CHECKING:
    from grader.adapt import StudentAgent
    from grader.rubric import CheckSpec


SHOWN = 2  # failing boards shown in feedback


class MeanMoveWin(AgentCheck):
    """An agent takes the win that only a mean move gives."""

    Params = MeanMoveWinParams

    def judge(self, ctx: CheckContext, spec: CheckSpec, agent: StudentAgent, limit: float) -> Outcome:
        cases = positions(ctx.game)
        if not cases:
            return Outcome(0.0, f"no position of this tactic fits a {ctx.game.rows}x{ctx.game.cols} board",
                           status="error")
        right, failures = 0, []
        for i, (state, wins) in enumerate(cases):
            move = agent.move(ctx.game.to_course(state), ctx.game.to_move(state), timeout=limit)
            if move.ok and move.action in wins:
                right += 1
            else:
                failures.append((i, state, wins, move))
        message = f"{right} of {len(cases)} positions: took a win that only a mean move gives"
        if failures:
            i, _, wins, move = failures[0]
            got = f"played {move.action!r}" if move.ok else failure_words(move, limit)
            message += f"; first miss (position {i + 1}): {got}, a winning move was {wins[0]!r}"
        boards = [show_move(ctx, agent, state, f"a win only a mean move gives (position {i + 1})", move,
                            expected=f"one of {list(wins)}", limit=limit)
                  for i, state, wins, move in failures[:SHOWN]]
        return Outcome(share(right, len(cases)), message, boards=boards)


def positions(game: Game) -> list[tuple[State, tuple[Action, ...]]]:
    """(state, winning actions) for each way of asking; only positions where no drop wins."""
    if game.rows < 4 or game.cols < 5 or game.k != 4:
        return []
    base = game.to_course(position(game, *FREES_A_WIN))
    out = []
    for board, to_move in ((base, 1), (np.fliplr(base), 1), (-base, -1), (-np.fliplr(base), -1)):
        state = game.from_course(board, to_move=to_move)
        wins = tuple(a for a in game.actions(state) if game.winner(game.result(state, a)) == to_move)
        if wins and all(isinstance(a, tuple) for a in wins):
            out.append((state, forcing_moves(game, state)))
    return out
