"""Hand-written edge-case positions for each game, as data: ``edge_cases(game, role)``, asked by the
rubric's ``canned_boards`` check.

Each game module describes its positions by what they show (a line of cells for one player, a
full column, a box with three sides) and reaches them by real moves from the empty board, so every
case is a position the game can reach, at whatever board size the rubric chose. Where a board is
too small for a case (no room for a diagonal, a single box), the case is left out, never faked.

The expected answers are never written here: the check asks the reference game.
"""

from __future__ import annotations

from typing import Callable

from grader.edge_boards import connect4, dots_and_boxes, mean_connect4, tictactoe
from grader.edge_boards.building import EdgeBoardError
from grader.cases import Case
from reference.games.base import Game, IllegalAction

ROLES = ("actions", "result", "terminal", "utility")

#: each game's edge cases, by the game's name
BUILDERS: dict[str, Callable[[Game, str], list[Case]]] = {
    "tictactoe": tictactoe.cases,
    "connect4": connect4.cases,
    "mean_connect4": mean_connect4.cases,
    "dots_and_boxes": dots_and_boxes.cases,
}


def edge_cases(game: Game, role: str) -> list[Case]:
    """The edge cases for ``role`` (actions, result, terminal, utility) on ``game`` at its size."""
    if game.name not in BUILDERS:
        raise EdgeBoardError(f"no canned boards for the game {game.name!r}; known: {', '.join(sorted(BUILDERS))}")
    if role not in ROLES:
        raise EdgeBoardError(f"no canned boards for the role {role!r}; known: {', '.join(ROLES)}")
    try:
        return BUILDERS[game.name](game, role)
    except IllegalAction as e:  # a move sequence of the case data does not fit this board (k < 3, tiny boards)
        raise EdgeBoardError(f"the {role} cases do not fit {game!r}: {e}") from None


__all__ = ["BUILDERS", "EdgeBoardError", "ROLES", "edge_cases"]
