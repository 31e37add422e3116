"""Boards of ``rows`` x ``cols`` cells, each empty or holding one of two players' marks: what every
reading of such a board knows before its layout (:class:`GridRepresentation`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.adapt.representations.base import LETTER_PLAYERS, NUMERIC_PLAYERS, NotThisRepresentation, \
    Representation, cells, plain, same_mark


@dataclass(frozen=True)
class Symbols:
    """What fills a cell: the empty mark and the marks of the first and second player."""

    empty: Any
    first: Any
    second: Any

    def encode(self, course_value: int) -> Any:
        return self.empty if course_value == 0 else self.first if course_value == 1 else self.second

    @property
    def every(self) -> tuple[Any, Any, Any]:
        return (self.empty, self.first, self.second)

    def decode(self, value: Any) -> int:
        value = plain(value)
        for mark, course_value in ((self.first, 1), (self.second, -1), (self.empty, 0)):
            if same_mark(value, mark):
                return course_value
        raise NotThisRepresentation(f"unknown mark {value!r} (expected {self.empty!r}, {self.first!r} or "
                                    f"{self.second!r})")

    def __str__(self) -> str:
        return f"{self.empty!r}/{self.first!r}/{self.second!r}"


def player_candidates(empty: Any) -> list[tuple[Any, Any]]:
    """Plausible (first, second) marks for boards whose empty cell is ``empty``."""
    empty = plain(empty)
    if isinstance(empty, (int, float)) and not isinstance(empty, bool):
        return [p for p in NUMERIC_PLAYERS if empty not in p]
    return [p for p in LETTER_PLAYERS if empty not in p]


def as_grid(board: Any) -> np.ndarray:
    """A 2-D object array of a nested list / tuple / numpy board; raises NotThisRepresentation."""
    try:
        grid = cells(board)
    except (ValueError, TypeError) as e:
        raise NotThisRepresentation(f"not a rectangular board: {e}") from None
    if grid.ndim != 2:
        raise NotThisRepresentation(f"expected a 2-D board, got {grid.ndim} dimension(s)")
    return grid


@dataclass(eq=False)
class GridRepresentation(Representation):
    """A reading of a grid of marks: its size, the marks in its cells and the ids the student's functions
    take for the players (often the marks themselves). The game's reading adds how the cells are laid out."""

    rows: int
    cols: int
    symbols: Symbols
    players: tuple[Any, Any]
