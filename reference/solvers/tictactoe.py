"""Exact tic-tac-toe solver for m,n,k boards: negamax with alpha-beta and a transposition table.

Values are from the side to move's view: +1 win, 0 draw, -1 loss. Two cheap rules prune most of
the tree before any search: a mark that completes a line wins at once, and when the opponent
threatens to complete a line the move must block it (two such threats lose). The table keeps a
lower and an upper bound per position; it lives as long as the solver (one per board size), so
later calls reuse earlier work.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from reference.games.tictactoe import winning_lines
from reference.solvers.bounds import proven_bounds

#: Entries kept before the table is emptied (3 x 3 has 5,478 positions; 4 x 4 a few million).
DEFAULT_TABLE_LIMIT = 4_000_000
#: Positions with more empty cells are refused: 16 (an empty 4 x 4 board) takes about a second.
MAX_EMPTY_CELLS = 16


class TicTacToeSolver:
    """Exact values of positions on a ``rows`` x ``cols`` board with ``k`` in a row to win.

    ``nodes`` holds the number of positions the last :meth:`solve` call searched.
    """

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3, table_limit: int = DEFAULT_TABLE_LIMIT):
        if rows < 1 or cols < 1 or k < 1:
            raise ValueError(f"rows, cols and k must be positive, got rows={rows}, cols={cols}, k={k}")
        self.rows, self.cols, self.k = rows, cols, k
        self.cells = rows * cols
        self.full = (1 << self.cells) - 1
        lines = winning_lines(rows, cols, k)
        self.lines_through = [tuple(line for line in lines if line >> cell & 1) for cell in range(self.cells)]
        # Cells on more lines first (the centre of 3 x 3, then the corners): good moves early.
        centre_row, centre_col = (rows - 1) / 2, (cols - 1) / 2
        self.order = sorted(
            range(self.cells),
            key=lambda c: (-len(self.lines_through[c]), abs(c // cols - centre_row) + abs(c % cols - centre_col), c),
        )
        self.table: dict[tuple[int, int], tuple[int, int]] = {}
        self.table_limit = table_limit
        self.nodes = 0

    def completes_line(self, marks: int, cell: int) -> bool:
        """Whether marking ``cell`` gives ``marks`` k in a row through it."""
        marks |= 1 << cell
        return any(marks & line == line for line in self.lines_through[cell])

    def has_line(self, marks: int) -> bool:
        """Whether ``marks`` hold k in a row."""
        return any(self.completes_line(marks, cell) for cell in range(self.cells) if marks >> cell & 1)

    def solve(self, x: int, o: int) -> int:
        """Value for the side to move (x when both have as many marks) of an unfinished position."""
        where = f"tic-tac-toe position (x={x:#x}, o={o:#x}) on {self.rows}x{self.cols}, k={self.k}"
        if x & o or (x | o) & ~self.full or x.bit_count() - o.bit_count() not in (0, 1):
            raise ValueError(f"{where}: not a reachable position (overlapping marks, off-board, or wrong counts)")
        if self.has_line(x) or self.has_line(o) or (x | o) == self.full:
            raise ValueError(f"{where}: the game is over; it has no value to solve")
        empty = self.cells - (x | o).bit_count()
        if empty > MAX_EMPTY_CELLS:
            raise ValueError(
                f"{where}: {empty} empty cells are too many to solve exactly (at most {MAX_EMPTY_CELLS})"
            )
        me, other = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        self.nodes = 0
        return self._negamax(me, other, -1, 1)

    def _negamax(self, me: int, other: int, alpha: int, beta: int) -> int:
        """Value for the player owning ``me`` (to move), clamped to the window (alpha, beta)."""
        self.nodes += 1
        taken = me | other
        if taken == self.full:
            return 0
        free = [cell for cell in self.order if not taken >> cell & 1]
        for cell in free:
            if self.completes_line(me, cell):
                return 1
        blocks = [cell for cell in free if self.completes_line(other, cell)]
        if len(blocks) > 1:
            return -1
        key = (me, other)
        low, high = self.table.get(key, (-1, 1))
        alpha, beta = max(alpha, low), min(beta, high)
        if alpha >= beta:
            return alpha
        window_alpha, window_beta = alpha, beta
        best = -1
        for cell in blocks or free:
            value = -self._negamax(other, me | 1 << cell, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if len(self.table) >= self.table_limit:
            self.table.clear()
        self.table[key] = proven_bounds(best, window_alpha, window_beta, low, high)
        return best


@cache
def solver_for(rows: int, cols: int, k: int) -> TicTacToeSolver:
    """The shared solver (and transposition table) for one board size."""
    return TicTacToeSolver(rows, cols, k)


def solve_tictactoe(game: Any, state: Any) -> int:
    """Value of a tic-tac-toe ``state`` (``TTTState(x, o)``) for the side to move: +1, 0 or -1."""
    return solver_for(game.rows, game.cols, game.k).solve(state.x, state.o)
