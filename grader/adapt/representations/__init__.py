"""Student representations of each game's boards, players and actions, and how to list the candidates.

Each game's own readings live in its plug (:mod:`grader.plugs`, ``grader/games/<game>/representation.py``);
here are those every game shares: a dict of occupied cells (``cell_map``) and the textbook's
``GameState`` around a board (``records``).
"""

from __future__ import annotations

from typing import Any

from grader.adapt.representations import cell_map, records
from grader.adapt.representations.base import NotThisRepresentation, Representation
from grader.plugs import plug_for


def at_size(game: Any, board: Any) -> Any:
    """A student's empty-board template resized to ``game``'s board, where the layout allows it."""
    resize = plug_for(game).at_size
    return resize(game.rows, game.cols, board) if resize else board


def candidates(game: Any, initial_board: Any | None) -> list[Representation]:
    """Representations of ``game`` consistent with the student's empty board (``None``: unknown);
    none for a value that is no board at all (a ``(board, player)`` pair, ragged lists). A named
    tuple around the board (the textbook's ``GameState``) is read through the board it holds."""
    plug = plug_for(game)

    def boards(value: Any, first_mark: Any = None) -> list[Representation]:
        try:
            found = list(plug.candidates(game.rows, game.cols, value)) if plug.candidates else []
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            found = []
        if plug.grid is not None:
            grid = plug.grid
            found += cell_map.candidates(game.rows, game.cols, value, grid.to_grid(game.cols), grid.from_grid,
                                         grid.gravity, first_mark)
        return [r for r in found if value is None or _reads(r, value)]

    wrapped = records.candidates(initial_board, game, boards)
    return list(wrapped) if wrapped or getattr(initial_board, "_fields", None) is not None else boards(initial_board)


def _reads(rep: Representation, board: Any) -> bool:
    """Whether ``rep`` can take ``board`` apart at all: a reading chosen by a board's outline (its keys) whose
    decoder breaks on the board's parts (box owners in a grid where it expects a dict) is no reading of it. One
    that takes it apart and finds another shape (a board read columns first, asked at its own shape) may be."""
    try:
        rep.decode_board(board)
    except NotThisRepresentation:
        return True
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return False
    return True


__all__ = ["NotThisRepresentation", "Representation", "candidates"]
