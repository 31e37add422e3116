"""Connect 4 boards as students write them: numpy or lists, any marks, either row order, transposed or flat.

Course face: numpy int array (rows, cols), 0 empty, 1 first player, -1 second, row 0 on top.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from grader.adapt.representations.base import (
    LETTER_PLAYERS,
    NUMERIC_PLAYERS,
    NotThisRepresentation,
    cell_values,
    cells,
    container_of,
    plain,
    rebuild,
)
from grader.games.grid import GridRepresentation, Symbols, as_grid, player_candidates
from grader.sandbox.codec import AttrDict


@dataclass(eq=False)
class Connect4Representation(GridRepresentation):
    #: 'rows': board[r][c]; 'columns': board[c][r]; 'flat': row-major list; 'flat_columns': column-major list;
    #: 'stacks': one list per column holding only its discs, bottom first (``board[c].append(player)`` drops one)
    layout: str = "rows"
    bottom_first: bool = False  # student's row (or in-column) index 0 is the bottom
    container: tuple[str, str] = ("numpy", "<i8")
    #: 'column' int or 'cell' (row, col) in the student's row order; any other writing is learned from the
    #: student's own moves (:class:`grader.adapt.representations.move_shapes.LearnedMoves`)
    action_kind: str = "column"

    @property
    def action_kinds(self) -> tuple[str, ...]:
        return ("column", "cell")

    def _student_row(self, course_row: int) -> int:
        return self.rows - 1 - course_row if self.bottom_first else course_row

    def encode_board(self, board: Any) -> Any:
        b = np.asarray(board)
        if self.layout == "stacks":
            stacks = [[self.symbols.encode(int(b[r, c])) for r in range(self.rows - 1, -1, -1) if b[r, c] != 0]
                      for c in range(self.cols)]
            return tuple(tuple(s) for s in stacks) if self.container[0] == "tuple" else stacks
        order = [self._student_row(r) for r in range(self.rows)]  # involution: same map both ways
        marks = [[self.symbols.encode(int(b[order[i], c])) for c in range(self.cols)] for i in range(self.rows)]
        if self.layout == "columns":
            return rebuild((marks[i][c] for c in range(self.cols) for i in range(self.rows)),
                           (self.cols, self.rows), self.container, self.symbols.every)
        if self.layout in ("flat", "flat_columns"):
            cells = (marks[i][c] for c in range(self.cols) for i in range(self.rows)) \
                if self.layout == "flat_columns" else (m for row in marks for m in row)
            return rebuild(cells, (self.rows * self.cols,), self.container, self.symbols.every)
        return rebuild((m for row in marks for m in row), (self.rows, self.cols), self.container, self.symbols.every)

    def decode_board(self, board: Any) -> np.ndarray:
        if self.layout == "stacks":
            return self._decode_stacks(board)
        if self.layout in ("flat", "flat_columns"):
            flat = cells(board).ravel()
            if flat.size != self.rows * self.cols or np.ndim(board) != 1:
                raise NotThisRepresentation(f"expected a flat board of {self.rows * self.cols} cells")
            grid = flat.reshape(self.cols, self.rows).T if self.layout == "flat_columns" else \
                flat.reshape(self.rows, self.cols)
        else:
            grid = as_grid(board)
            if self.layout == "columns":
                grid = grid.T
        if grid.shape != (self.rows, self.cols):
            raise NotThisRepresentation(f"expected a {self.rows}x{self.cols} board, got shape {grid.shape}")
        out = np.zeros((self.rows, self.cols), dtype=np.int64)
        for i in range(self.rows):
            r = self._student_row(i)
            for c in range(self.cols):
                out[r, c] = self.symbols.decode(grid[i, c])
        return out

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> Any:
        col = int(action)
        if self.action_kind == "cell":
            row = self.encode_row(col, board)
            return (col, row) if self.layout == "columns" else (row, col)
        return col

    def encode_config(self) -> AttrDict:
        return AttrDict(rows=self.rows, columns=self.cols, inarow=4, timeout=2, actTimeout=2)

    def encode_row(self, action: Any, board: Any) -> int:
        """The row the disc dropped in column ``action`` lands in, in the student's row order."""
        column = np.asarray(board)[:, int(action)]
        free = [r for r in range(self.rows) if column[r] == 0]
        return self._student_row(max(free) if free else 0)

    def _decode_stacks(self, board: Any) -> np.ndarray:
        if not isinstance(board, (list, tuple)) or len(board) != self.cols or \
                not all(isinstance(s, (list, tuple)) and len(s) <= self.rows for s in board):
            raise NotThisRepresentation(f"expected {self.cols} column stacks of at most {self.rows} discs")
        out = np.zeros((self.rows, self.cols), dtype=np.int64)
        for c, stack in enumerate(board):
            for height, disc in enumerate(stack):
                value = self.symbols.decode(disc)
                if value == 0:
                    raise NotThisRepresentation(f"an empty mark {disc!r} inside column {c}'s stack")
                out[self.rows - 1 - height, c] = value
        return out

    def _lands_in(self, cell: tuple, col: Any, board: Any) -> bool:
        """Whether ``cell`` (the student's row and column order) is where a disc dropped in ``col`` of the
        course ``board`` lands."""
        if board is None or isinstance(col, bool) or not isinstance(col, int) or not 0 <= col < self.cols:
            return False
        row = self.encode_row(col, board)
        return cell == ((col, row) if self.layout == "columns" else (row, col))

    def decode_action(self, action: Any, board: Any) -> int:
        action = plain(action)
        if isinstance(action, (list, tuple, np.ndarray)) and len(action) == 2:
            # a cell, (row, col) or on a transposed board (col, row): the column is what a move means.
            # Where moves are columns, only the cell a disc would land in: (3, 0) is more likely a
            # (move, value) pair, which the agent's reading takes apart.
            cell = tuple(plain(v) for v in action)
            col = cell[0] if self.layout == "columns" else cell[1]
            if self.action_kind != "cell" and not self._lands_in(cell, col, board):
                raise NotThisRepresentation(f"{action!r} is not a column, nor the cell a disc would land in")
            action = col
        if isinstance(action, float) and action.is_integer():
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int):
            raise NotThisRepresentation(f"{action!r} is not a column")
        return action

    def describe(self) -> str:
        kind, dtype = self.container
        holder = f"numpy {np.dtype(dtype).name} array" if kind == "numpy" else \
            f"{kind} of {'strings' if dtype == 'str' else 'lists' if self.layout != 'flat' else 'cells'}"
        if self.layout == "stacks":
            return (f"{kind} of {self.cols} column stacks (the discs of each column, bottom first), players "
                    f"{self.players[0]!r}/{self.players[1]!r}, moves as column numbers")
        shape = {"rows": f"{self.rows}x{self.cols}", "columns": f"{self.cols}x{self.rows} (columns first)",
                 "flat": f"flat {self.rows * self.cols} cells",
                 "flat_columns": f"flat {self.rows * self.cols} cells, column by column"}[self.layout]
        order = "row 0 at the bottom" if self.bottom_first else "row 0 on top"
        action = "moves as column numbers"
        if self.action_kind == "cell":
            action = "moves as (row, col) cells"
        players = "" if self.players == (self.symbols.first, self.symbols.second) else f", players {self.players[0]!r}/{self.players[1]!r}"
        return f"{holder} {shape}, marks {self.symbols}, {order}, {action}{players}"


def to_grid(board: Any) -> list[list[int]]:
    """The course board as rows of +1/-1/0, row 0 on top (for boards kept as a dict of cells)."""
    return np.asarray(board).tolist()


def from_grid(grid: list[list[int]]) -> np.ndarray:
    return np.array(grid, dtype=np.int64)


def candidates(rows: int, cols: int, initial_board: Any | None) -> list[Connect4Representation]:
    """Representations consistent with the student's empty board (or the common ones if unknown)."""
    if initial_board is None:  # unknown: numpy grids, then Kaggle's flat lists
        return candidates(rows, cols, np.zeros((rows, cols), dtype=np.int64)) + candidates(rows, cols, [0] * (rows * cols))
    container = container_of(initial_board)
    if isinstance(initial_board, (list, tuple)) and len(initial_board) == cols and \
            all(isinstance(s, (list, tuple)) and not s for s in initial_board):
        return [Connect4Representation(rows, cols, Symbols(None, first, second), (first, second), "stacks",
                                       True, container)
                for first, second in NUMERIC_PLAYERS + LETTER_PLAYERS]  # no empty cell: any marks may play
    shape = cells(initial_board).shape
    layouts = [name for name, s in (("rows", (rows, cols)), ("columns", (cols, rows)), ("flat", (rows * cols,)),
                                    ("flat_columns", (rows * cols,))) if tuple(shape) == s]
    if layouts == ["rows"] and rows != cols:
        # an empty board of the course's shape whose code reads axis 0 as the column (board[x][y]): the
        # student's game is then the transposed one, and boards are sent to it columns first
        layouts.append("columns")
    values = cell_values(initial_board)
    if not layouts or len(values) != 1:
        return []
    empty = plain(values[0])
    out = []
    for layout in layouts:
        for first, second in player_candidates(empty):
            for bottom_first in (False, True):
                out.append(Connect4Representation(rows, cols, Symbols(empty, first, second), (first, second),
                                                  layout, bottom_first, container))
    return out
