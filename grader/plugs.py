"""What the grader knows of a game beyond its rules: its plug, found from the reference game.

The reference game holds the rules, the solver, the evaluation and the tactics. The grader adds how
students write the game's boards and moves, and the hand-written edge-case boards its functions are
asked on. Each game keeps those in one folder (``grader/games/<game>/``, or anywhere for a game that
lives elsewhere) whose module named by ``Game.plug`` holds a :class:`GamePlug` called ``PLUG``.

This module is a leaf: the adapter and the checks ask it, and it imports a game's plug only when the
game is first graded, so no generic module names a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable, Iterable

if TYPE_CHECKING:
    from grader.cases import Case
    from reference.games.base import Game

#: the game functions that edge cases are written for
ROLES = ("actions", "result", "terminal", "utility")


class EdgeBoardError(ValueError):
    """No edge cases for this game or role, or a case that cannot be built on this board (a bug in the case
    data, or too small a board)."""


@dataclass(frozen=True)
class CellGrid:
    """A game on a grid of cells, which students may also keep as a dict of the occupied ones."""

    #: the board's columns -> a function from a course board to rows of marks (+1, -1, 0)
    to_grid: Callable[[int], Callable[[Any], list[list[int]]]]
    #: rows of marks -> the course board
    from_grid: Callable[[list[list[int]]], Any]
    #: a move names a column and the mark falls (Connect 4), rather than naming a cell
    gravity: bool = False


@dataclass(frozen=True)
class GamePlug:
    """One game's grader side. Every part is optional: a game without edge boards has no
    ``canned_boards`` check, one without representations is graded through the course's own board."""

    #: the representations a student's empty board may be in: ``candidates(rows, cols, board)``
    candidates: Callable[[int, int, Any], Iterable[Any]] | None = None
    #: the board as a grid of cells, for students who keep a dict of the occupied cells
    grid: CellGrid | None = None
    #: a student's empty-board template of another size resized: ``at_size(rows, cols, board)``, for
    #: boards that say their own size
    at_size: Callable[[int, int, Any], Any] | None = None
    #: the hand-written edge cases of a game function: ``edge_cases(game, role)``
    edge_cases: Callable[["Game", str], list["Case"]] | None = None
    #: ways students write this game's moves beyond the course's own, numbers from 1 and cells: (words,
    #: decoder from the student's move and the game to the course's move, None when it is no such move),
    #: plainest first
    move_encodings: tuple[tuple[str, Callable[[Any, Any], Any]], ...] = ()


NO_PLUG = GamePlug()


def plug_for(game: "Game") -> GamePlug:
    """The grader side of ``game`` (its class's ``plug`` module's ``PLUG``); an empty plug for a game
    that names none."""
    return _plug(getattr(type(game), "plug", "") or "")


@lru_cache(maxsize=None)
def _plug(module: str) -> GamePlug:
    if not module:
        return NO_PLUG
    plug = getattr(import_module(module), "PLUG", None)
    if not isinstance(plug, GamePlug):
        raise TypeError(f"{module} has no GamePlug called PLUG")
    return plug


def edge_cases(game: "Game", role: str) -> list["Case"]:
    """The edge cases for ``role`` (actions, result, terminal, utility) on ``game`` at its size."""
    from reference.games.base import IllegalAction

    cases = plug_for(game).edge_cases
    if cases is None:
        raise EdgeBoardError(f"no canned boards for the game {game.name!r}")
    if role not in ROLES:
        raise EdgeBoardError(f"no canned boards for the role {role!r}; known: {', '.join(ROLES)}")
    try:
        return cases(game, role)
    except IllegalAction as e:  # a move sequence of the case data does not fit this board (k < 3, tiny boards)
        raise EdgeBoardError(f"the {role} cases do not fit {game!r}: {e}") from None


__all__ = ["CellGrid", "EdgeBoardError", "GamePlug", "NO_PLUG", "ROLES", "edge_cases", "plug_for"]
