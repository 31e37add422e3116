"""Tic-tac-toe boards as students write them: flat lists or grids, any marks, index or (row, col) moves.

Course face: flat row-major list of ' '/'x'/'o'; an action is the cell index.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.adapt.representations.base import (
    NotThisRepresentation,
    cell_values,
    container_of,
    plain,
    rebuild,
)
from grader.adapt.representations.base import cells as board_cells
from grader.games.grid import GridRepresentation, Symbols, player_candidates

COURSE_MARK = {" ": 0, "x": 1, "o": -1}
COURSE_SYMBOL = {0: " ", 1: "x", -1: "o"}


@dataclass(eq=False)
class TicTacToeRepresentation(GridRepresentation):
    layout: str = "flat"  # 'flat' row-major, or 'grid' board[r][c]
    container: tuple[str, str] = ("list", "")
    action_kind: str = "index"  # 'index' (row-major, 0-based), 'index1' (1-based), 'cell' (row, col)

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ("index", "cell", "index1")

    def encode_board(self, board: Any) -> Any:
        marks = [self.symbols.encode(COURSE_MARK[v]) for v in board]
        shape = (self.rows * self.cols,) if self.layout == "flat" else (self.rows, self.cols)
        return rebuild(marks, shape, self.container, self.symbols.every)

    def decode_board(self, board: Any) -> list[str]:
        cells = board_cells(board)
        wanted = (self.rows * self.cols,) if self.layout == "flat" else (self.rows, self.cols)
        if cells.shape != wanted:
            raise NotThisRepresentation(f"expected a board of shape {wanted}, got {cells.shape}")
        return [COURSE_SYMBOL[self.symbols.decode(v)] for v in cells.ravel()]

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> Any:
        index = int(action)
        if self.action_kind == "cell":
            return divmod(index, self.cols)
        return index + 1 if self.action_kind == "index1" else index

    def decode_action(self, action: Any, board: Any) -> int:
        action = plain(action)
        if isinstance(action, (list, tuple, np.ndarray)) and len(action) == 2:
            r, c = (plain(v) for v in action)
            if not all(isinstance(v, int) and not isinstance(v, bool) for v in (r, c)):
                raise NotThisRepresentation(f"{action!r} is not a (row, col) cell")
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                raise NotThisRepresentation(f"{action!r} is off the board")
            return r * self.cols + c
        if isinstance(action, bool) or not isinstance(action, int):
            raise NotThisRepresentation(f"{action!r} is not a cell")
        return action - 1 if self.action_kind == "index1" else action

    def describe(self) -> str:
        kind, dtype = self.container
        holder = f"numpy {np.dtype(dtype).name} array" if kind == "numpy" else kind
        shape = f"flat {self.rows * self.cols} cells" if self.layout == "flat" else f"{self.rows}x{self.cols} grid"
        moves = {"index": "moves as cell indices 0..", "index1": "moves as cell numbers 1..",
                 "cell": "moves as (row, col)"}[self.action_kind]
        return f"{holder}, {shape}, marks {self.symbols}, {moves}"


def to_grid(board: Any, cols: int) -> list[list[int]]:
    """The course board as rows of +1/-1/0 (for boards kept as a dict of cells)."""
    marks = [COURSE_MARK[v] for v in board]
    return [marks[r:r + cols] for r in range(0, len(marks), cols)]


def from_grid(grid: list[list[int]]) -> list[str]:
    return [COURSE_SYMBOL[v] for row in grid for v in row]


def candidates(rows: int, cols: int, initial_board: Any | None) -> list[TicTacToeRepresentation]:
    """Representations consistent with the student's empty board (or the course's if unknown)."""
    if initial_board is None:
        initial_board = [" "] * (rows * cols)
    shape = board_cells(initial_board).shape
    layouts = [name for name, s in (("flat", (rows * cols,)), ("grid", (rows, cols))) if tuple(shape) == s]
    values = cell_values(initial_board)
    if not layouts or len(values) != 1:
        return []
    empty = plain(values[0])
    container = container_of(initial_board)
    pairs = player_candidates(empty) if empty is not None else [("X", "O"), ("x", "o"), (1, -1), (1, 2)]
    return [TicTacToeRepresentation(rows, cols, Symbols(empty, a, b), (a, b), layout, container)
            for layout in layouts for a, b in pairs]
