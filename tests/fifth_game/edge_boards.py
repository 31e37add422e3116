"""The edge boards of gravity m,n,k (4 x 4, three in a row, or larger): full columns, marks landing on a
stack, and a line each way; reached by real moves, as every game's are (:mod:`grader.games.building`)."""

from __future__ import annotations

from grader.cases import Case
from grader.games.building import reach, unique
from tests.fifth_game.game import GravityMNK

VERTICAL_X = (0, 1, 0, 1, 0)  # x stacks three in column 0
HORIZONTAL_O = (0, 1, 0, 2, 1, 3)  # o fills the bottom row from column 1
DIAGONAL_X = (0, 1, 1, 2, 3, 2, 2)  # x climbs from the bottom left
FULL_COLUMN = (0, 0, 0, 0)  # x, o, x, o: no line


def cases(game: GravityMNK, role: str) -> list[Case]:
    """The cases for ``role`` on ``game``."""
    return unique({"actions": _actions, "result": _result, "terminal": _terminal, "utility": _utility}[role](game))


def _actions(game: GravityMNK) -> list[Case]:
    return [Case(game.initial_state(), why="the empty board: every column"),
            Case(reach(game, FULL_COLUMN), why="a full column is no move")]


def _result(game: GravityMNK) -> list[Case]:
    return [Case(game.initial_state(), 2, why="a mark falls to the bottom row"),
            Case(reach(game, (2, 2)), 2, why="a mark lands on the stack below it"),
            Case(reach(game, FULL_COLUMN[:3]), 0, why="the last cell of a column")]


def _terminal(game: GravityMNK) -> list[Case]:
    return [Case(reach(game, VERTICAL_X), why="three in a column"),
            Case(reach(game, HORIZONTAL_O), why="three in a row for the second player"),
            Case(reach(game, DIAGONAL_X), why="three on a diagonal"),
            Case(reach(game, FULL_COLUMN), why="a full column without a line is no end")]


def _utility(game: GravityMNK) -> list[Case]:
    return [Case(reach(game, VERTICAL_X), why="the first player's column"),
            Case(reach(game, HORIZONTAL_O), why="the second player's row"),
            Case(reach(game, DIAGONAL_X), why="the first player's diagonal")]
