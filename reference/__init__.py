"""Reference games, agents and exact solvers: the staff solution the grader judges against."""

from __future__ import annotations

from typing import Any

from reference.games import load_game


def solve(game: Any, state: Any) -> int:
    """The game-theoretic value of ``state`` from the side to move's view (see ``reference.solvers``)."""
    from reference.solvers import solve as _solve

    return _solve(game, state)


__all__ = ["load_game", "solve"]
