"""Student representations of each game's boards, players and actions, and how to list the candidates."""

from __future__ import annotations

from typing import Any

from functools import partial

from grader.adapt.representations import cell_map, connect4, dots_and_boxes, mean_connect4, records, tictactoe
from grader.adapt.representations.base import NotThisRepresentation, Representation

_CANDIDATES = {
    "tictactoe": tictactoe.candidates,
    "connect4": connect4.candidates,
    "mean_connect4": mean_connect4.candidates,
    "dots_and_boxes": dots_and_boxes.candidates,
}

#: games on a grid of cells, which students may keep as a dict of the occupied ones: the course board
#: as a grid and back, given the board's columns, and whether a move is a column (discs fall)
_GRIDS = {
    "tictactoe": (lambda cols: partial(tictactoe.to_grid, cols=cols), tictactoe.from_grid, False),
    "connect4": (lambda cols: connect4.to_grid, connect4.from_grid, True),
}

#: games whose boards say their own size, so that a template of another size can be resized
_AT_SIZE = {"dots_and_boxes": dots_and_boxes.at_size}


def at_size(game: Any, board: Any) -> Any:
    """A student's empty-board template resized to ``game``'s board, where the layout allows it."""
    resize = _AT_SIZE.get(game.name)
    return resize(game.rows, game.cols, board) if resize else board


def candidates(game: Any, initial_board: Any | None) -> list[Representation]:
    """Representations of ``game`` consistent with the student's empty board (``None``: unknown);
    none for a value that is no board at all (a ``(board, player)`` pair, ragged lists). A named
    tuple around the board (the textbook's ``GameState``) is read through the board it holds."""
    def boards(value: Any, first_mark: Any = None) -> list[Representation]:
        try:
            found = list(_CANDIDATES[game.name](game.rows, game.cols, value))
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            found = []
        if game.name in _GRIDS:
            to_grid, from_grid, gravity = _GRIDS[game.name]
            found += cell_map.candidates(game.rows, game.cols, value, to_grid(game.cols), from_grid, gravity,
                                         first_mark)
        return found

    wrapped = records.candidates(initial_board, game, boards)
    if wrapped or getattr(initial_board, "_fields", None) is not None:
        return list(wrapped)
    return boards(initial_board)


__all__ = ["NotThisRepresentation", "Representation", "candidates"]
