"""Exact solvers: ``solve(game, state)`` is the game-theoretic value of a position.

Values are from the view of the side to move, on each game's own scale:

- ``tictactoe``: +1 win, 0 draw, -1 loss;
- ``connect4``: 0 draw; a win scores ``ceil(rows * cols / 2) + 1 - n`` where ``n`` is the number of
  stones the winner has placed when it connects with best play (``22 - n`` on 6 x 7, as in the
  benchmark positions); a loss is negative;
- ``dots_and_boxes``: the best margin of future boxes (see :mod:`reference.solvers.dots_and_boxes`).

A finished game has no value to solve: :class:`TerminalState` is raised (read the result with
``game.utility``). Each solver is imported only when its game is first solved.
"""

from __future__ import annotations

from typing import Any

SUPPORTED_GAMES = ("tictactoe", "connect4", "dots_and_boxes")


class UnsupportedGame(ValueError):
    """No exact solver exists for this game."""


class TerminalState(ValueError):
    """The position is already over, so there is nothing to solve."""


class SolverBudgetExceeded(RuntimeError):
    """A search stopped after its node budget: the position is too far from the end to solve."""


def solve(game: Any, state: Any, *, weak: bool = False, node_budget: int | None = None) -> int:
    """The exact value of the unfinished ``state`` for the side to move (scale per game, see above).

    ``weak`` asks for the sign only (Connect 4 finds it sooner); ``node_budget`` stops a Connect 4 or
    Dots and Boxes search with :class:`SolverBudgetExceeded` (tic-tac-toe always answers at once).
    """
    name = getattr(game, "name", None)
    if name not in SUPPORTED_GAMES:
        raise UnsupportedGame(
            f"no exact solver for game {name!r} ({type(game).__name__}); supported: {', '.join(SUPPORTED_GAMES)}"
        )
    if game.terminal(state):
        raise TerminalState(
            f"{name}: the position is terminal (the game is over); its outcome is game.utility(state, player)"
        )
    if name == "tictactoe":
        from reference.solvers.tictactoe import solve_tictactoe

        return solve_tictactoe(game, state)
    if name == "connect4":
        from reference.solvers.connect4 import solve_connect4

        return solve_connect4(game, state, weak=weak, node_budget=node_budget)
    from reference.solvers.dots_and_boxes import solve_dots_and_boxes

    return solve_dots_and_boxes(game, state, **({} if node_budget is None else {"node_budget": node_budget}))


def loses_within(game: Any, state: Any, rounds: int, *, node_budget: int | None = None) -> bool:
    """Whether the side to move in the unfinished ``state`` loses by force to one of the opponent's next
    ``rounds`` stones: a bounded question, answered where the full value is out of reach.

    Only Connect 4 asks it (the other games' solvers always reach the end); others raise
    :class:`UnsupportedGame`.
    """
    if getattr(game, "name", None) != "connect4":
        raise UnsupportedGame(f"no bounded-loss search for game {getattr(game, 'name', None)!r}")
    from reference.solvers.connect4 import solver_for

    solver = solver_for(game.rows, game.cols, getattr(game, "k", 4))
    return solver.loses_within(state.current, state.mask, state.moves, rounds, node_budget=node_budget)


__all__ = ["SUPPORTED_GAMES", "SolverBudgetExceeded", "TerminalState", "UnsupportedGame", "loses_within", "solve"]
