"""Exact solvers: ``solve(game, state)`` is the game-theoretic value of a position.

Values are from the view of the side to move, on each game's own scale (its ``solve`` says which).
Each game that has a solver says so by overriding :meth:`Game.solve <reference.games.base.Game.solve>`,
which imports its solver module only when the game is first solved; this module asks the questions
every solver shares (is there a solver, is the game over) once.

A finished game has no value to solve: :class:`TerminalState` is raised (read the result with
``game.utility``).
"""

from __future__ import annotations

from typing import Any


class UnsupportedGame(ValueError):
    """No exact solver exists for this game."""


class TerminalState(ValueError):
    """The position is already over, so there is nothing to solve."""


class SolverBudgetExceeded(RuntimeError):
    """A search stopped after its node budget: the position is too far from the end to solve."""


def solvable_games() -> list[str]:
    """The names of the games with an exact solver, in the order they were registered."""
    from reference.games import Game, game_classes

    return [cls.name for cls in game_classes() if cls.solve is not Game.solve]


def solve(game: Any, state: Any, *, weak: bool = False, node_budget: int | None = None) -> int:
    """The exact value of the unfinished ``state`` for the side to move (scale per game, see above).

    ``weak`` asks for the sign only (some solvers find it sooner); ``node_budget`` stops a search with
    :class:`SolverBudgetExceeded` (a solver that always answers at once ignores it).
    """
    name = getattr(game, "name", None)
    if not getattr(game, "solvable", False):
        raise UnsupportedGame(
            f"no exact solver for game {name!r} ({type(game).__name__}); supported: {', '.join(solvable_games())}"
        )
    if game.terminal(state):
        raise TerminalState(
            f"{name}: the position is terminal (the game is over); its outcome is game.utility(state, player)"
        )
    return game.solve(state, weak=weak, node_budget=node_budget)


def loses_within(game: Any, state: Any, rounds: int, *, node_budget: int | None = None) -> bool:
    """Whether the side to move in the unfinished ``state`` loses by force to one of the opponent's next
    ``rounds`` moves: a bounded question, answered where the full value is out of reach.

    Only games whose solver can bound its search override ``Game.loses_within``; others raise
    :class:`UnsupportedGame`.
    """
    if not hasattr(game, "loses_within"):
        raise UnsupportedGame(f"no bounded-loss search for game {getattr(game, 'name', None)!r}")
    return game.loses_within(state, rounds, node_budget=node_budget)


__all__ = ["SolverBudgetExceeded", "TerminalState", "UnsupportedGame", "loses_within", "solvable_games", "solve"]
