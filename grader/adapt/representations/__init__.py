"""Student representations of each game's boards, players and actions, and how to list the candidates."""

from __future__ import annotations

from typing import Any

from grader.adapt.representations import connect4, dots_and_boxes, mean_connect4, tictactoe
from grader.adapt.representations.base import NotThisRepresentation, Representation

_CANDIDATES = {
    "tictactoe": tictactoe.candidates,
    "connect4": connect4.candidates,
    "mean_connect4": mean_connect4.candidates,
    "dots_and_boxes": dots_and_boxes.candidates,
}

#: games whose boards say their own size, so that a template of another size can be resized
_AT_SIZE = {"dots_and_boxes": dots_and_boxes.at_size}


def at_size(game: Any, board: Any) -> Any:
    """A student's empty-board template resized to ``game``'s board, where the layout allows it."""
    resize = _AT_SIZE.get(game.name)
    return resize(game.rows, game.cols, board) if resize else board


def candidates(game: Any, initial_board: Any | None) -> list[Representation]:
    """Representations of ``game`` consistent with the student's empty board (``None``: unknown);
    none for a value that is no board at all (a ``(board, player)`` pair, ragged lists)."""
    try:
        return _CANDIDATES[game.name](game.rows, game.cols, initial_board)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return []


__all__ = ["NotThisRepresentation", "Representation", "candidates"]
