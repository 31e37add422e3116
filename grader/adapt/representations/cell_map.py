"""Grid boards kept as a dict of the occupied cells, ``{(x, y): 'X'}``, the textbook's way.

The keys may count from 0 or 1, name the row or the column first, and count rows from the top or the bottom
(the textbook's Connect 4 keys a disc by ``(column, height)``, 1-based); empty cells are absent, and moves are
the keys of the cells they fill. What the student's ``result`` does decides which reading they use. Any grid
game works, through its representation module's course board as a grid of +1/-1/0 and back.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Callable

from grader.adapt.representations.base import NotThisRepresentation, Representation, plain, same_mark

Grid = list[list[int]]

#: marks the textbook and its readers use, first player first
MARKS = [("X", "O"), ("x", "o"), (1, -1), (1, 2), ("R", "Y"), ("r", "y"), ("B", "W")]


@dataclass(eq=False)
class CellMapRepresentation(Representation):
    rows: int
    cols: int
    players: tuple[Any, Any]
    to_grid: Callable[[Any], Grid]  # course board -> rows x cols of +1/-1/0, row 0 on top
    from_grid: Callable[[Grid], Any]  # and back
    gravity: bool = False  # a move is a column (the disc falls), else a cell index
    offset: int = 1  # keys count from 1 (textbook) or 0
    column_first: bool = True  # keys are (column, row), else (row, column)
    bottom_first: bool = True  # rows counted from the bottom

    def _key(self, r: int, c: int) -> tuple[int, int]:
        row = self.rows - 1 - r if self.bottom_first else r
        return (c + self.offset, row + self.offset) if self.column_first else (row + self.offset, c + self.offset)

    def _cell(self, key: Any) -> tuple[int, int]:
        """Course (row from the top, column) of a key; raises NotThisRepresentation."""
        key = plain(key)
        a, b = (plain(v) for v in key) if isinstance(key, (tuple, list)) and len(key) == 2 else (None, None)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (a, b)):
            raise NotThisRepresentation(f"{key!r} is not an (x, y) cell")
        c, row = (a, b) if self.column_first else (b, a)
        c, row = c - self.offset, row - self.offset
        if not (0 <= row < self.rows and 0 <= c < self.cols):
            raise NotThisRepresentation(f"{key!r} is off the board")
        return (self.rows - 1 - row if self.bottom_first else row), c

    def encode_board(self, board: Any) -> dict:
        grid = self.to_grid(board)
        return {self._key(r, c): self.encode_player(v) for r in range(self.rows) for c in range(self.cols)
                if (v := grid[r][c]) != 0}

    def decode_board(self, board: Any) -> Any:
        if not isinstance(board, dict):
            raise NotThisRepresentation("expected a dict of occupied cells")
        grid = [[0] * self.cols for _ in range(self.rows)]
        for key, mark in board.items():
            r, c = self._cell(key)
            grid[r][c] = self.decode_player(mark)
        return self.from_grid(grid)

    def open_cells(self, board: Any) -> list[tuple[int, int]]:
        """The keys of the empty cells, in key order (the textbook's list of remaining moves)."""
        grid = self.to_grid(board)
        return sorted(self._key(r, c) for r in range(self.rows) for c in range(self.cols) if grid[r][c] == 0)

    def encode_action(self, action: Any, board: Any, player: int | None = None) -> tuple[int, int]:
        if not self.gravity:
            return self._key(*divmod(int(action), self.cols))
        grid = self.to_grid(board)
        free = [r for r in range(self.rows) if grid[r][int(action)] == 0]
        return self._key(max(free) if free else 0, int(action))

    def decode_action(self, action: Any, board: Any) -> int:
        """The course move of a cell; with gravity, only the cell where a disc lands in its column is a
        move there (a reading that counts rows from the wrong end reads every other cell)."""
        r, c = self._cell(action)
        if not self.gravity:
            return r * self.cols + c
        if board is not None:
            grid = self.to_grid(board)
            free = [row for row in range(self.rows) if grid[row][c] == 0]
            if free and r != max(free):
                raise NotThisRepresentation(f"{plain(action)!r} is not the cell where a disc lands in its column")
        return c

    def describe(self) -> str:
        first = "(column, row)" if self.column_first else "(row, column)"
        rows = "rows counted from the bottom" if self.bottom_first else "rows counted from the top"
        return (f"dict of occupied cells keyed {first} from {self.offset}, {rows}, "
                f"marks {self.players[0]!r}/{self.players[1]!r}, moves as cells")


def candidates(rows: int, cols: int, initial_board: Any, to_grid: Callable[[Any], Grid],
               from_grid: Callable[[Grid], Any], gravity: bool, first_mark: Any = None) -> list[CellMapRepresentation]:
    """Readings of an empty dict board (none for anything else); ``first_mark`` pins the first player."""
    if not (isinstance(initial_board, dict) and not initial_board):
        return []
    pairs = [p for p in MARKS if first_mark is None or same_mark(first_mark, p[0])] or \
        ([(first_mark, "O" if first_mark == "X" else "X")] if isinstance(first_mark, str) else [])
    return [CellMapRepresentation(rows, cols, pair, to_grid, from_grid, gravity, offset, column_first, bottom_first)
            for offset, column_first, bottom_first, pair in product((1, 0), (True, False), (True, False), pairs)]
