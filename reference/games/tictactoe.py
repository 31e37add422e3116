"""Tic-tac-toe on an m x n board with k in a row to win (the classic game is 3 x 3, k = 3).

The course's face is a flat, row-major list of ``' '``, ``'x'`` and ``'o'``; an action is a cell
index ``row * cols + col``. Inside, a state is :class:`TTTState`, two bitmasks with the same bit
numbering, so that "has x a line?" is a table lookup (small boards) or a few shifts and ANDs, and
states are small hashable keys.
``x`` is player +1 and moves first; whose turn it is follows from the counts of marks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, NamedTuple

from reference.games import render
from reference.games.base import IllegalAction, InvalidBoard, Player, action_number
from reference.games.in_a_row import InARowGame, check_size, line_starts

EMPTY, X, O = " ", "x", "o"
SYMBOLS = (EMPTY, X, O)

# Games with at most this many cells precompute "does this set of cells hold a line?" for every
# subset: a table lookup is the fastest win test in pure Python (512 entries for 3 x 3).
_TABLE_MAX_CELLS = 12

# (row step, column step): along a row, down a column, down-right and down-left diagonals
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


class TTTState(NamedTuple):
    """A tic-tac-toe position: the cells of x and of o as bitmasks, bit ``row * cols + col``."""

    x: int
    o: int


def winning_lines(rows: int, cols: int, k: int) -> list[int]:
    """Every set of k cells in a row, column or diagonal, as a bitmask (bit ``row * cols + col``)."""
    lines = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in DIRECTIONS:
                end_row, end_col = row + (k - 1) * d_row, col + (k - 1) * d_col
                if 0 <= end_row < rows and 0 <= end_col < cols:
                    lines.append(sum(1 << ((row + i * d_row) * cols + col + i * d_col) for i in range(k)))
    return lines


def _line_starts(rows: int, cols: int, k: int, d_row: int, d_col: int) -> int:
    """The cells from which k cells in direction (d_row, d_col) stay on the board, as a bitmask."""
    return sum(
        1 << (row * cols + col)
        for row in range(rows)
        for col in range(cols)
        if 0 <= row + (k - 1) * d_row < rows and 0 <= col + (k - 1) * d_col < cols
    )


class TicTacToe(InARowGame):
    """The m,n,k-game: players alternately mark empty cells; the first with k in a line wins.

    Players: ``x`` = +1 (moves first), ``o`` = -1.

    Attributes besides ``rows``, ``cols``, ``k``: ``cells`` (rows * cols), ``full`` (the mask of
    all cells), ``lines`` (every winning line as a mask) and ``lines_through[cell]`` (the lines
    that contain ``cell``), for agents that count open lines.
    """

    name = "tictactoe"
    aliases = ("tic_tac_toe", "tic-tac-toe")
    plug = "grader.games.tictactoe.plug"
    title = "tic-tac-toe"
    opening_plies = 2  # a 3x3 board has few openings to vary
    players_words = "+1 (x) or -1 (o)"
    marks = ("x", "o")

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        check_size("tic-tac-toe", rows, cols, k)
        self.rows, self.cols, self.k = rows, cols, k
        self.cells = rows * cols
        self.full = (1 << self.cells) - 1
        self.lines: tuple[int, ...] = tuple(winning_lines(rows, cols, k))
        self.lines_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(line for line in self.lines if line >> cell & 1) for cell in range(self.cells)
        )
        # For the shift test of has_line: per direction, the bit step and the cells where a line
        # of k in that direction can start without running off the board (or wrapping a row).
        self._directions: tuple[tuple[int, int], ...] = tuple(
            (d_row * cols + d_col, _line_starts(rows, cols, k, d_row, d_col)) for d_row, d_col in DIRECTIONS
        )
        self._has_line_table: bytes | None = None
        if self.cells <= _TABLE_MAX_CELLS:
            self._has_line_table = bytes(
                any(bits & line == line for line in self.lines) for bits in range(1 << self.cells)
            )

    def solve(self, state: TTTState, *, weak: bool = False, node_budget: int | None = None) -> int:
        """+1 win, 0 draw, -1 loss for the side to move (:mod:`reference.solvers.tictactoe`: always at once)."""
        from reference.solvers.tictactoe import solve_tictactoe

        return solve_tictactoe(self, state)

    def evaluation(self):
        """Open lines, counted on the bitboard (:func:`reference.agents.evaluation.tictactoe_eval`)."""
        from reference.agents.evaluation import tictactoe_eval

        return tictactoe_eval

    # --- the textbook's functions ---

    def initial_state(self) -> TTTState:
        """The empty board; x (+1) to move."""
        return TTTState(0, 0)

    def to_move(self, state: TTTState) -> Player:
        """x (+1) when both have as many marks, else o (-1)."""
        return 1 if state.x.bit_count() == state.o.bit_count() else -1

    def has_line(self, bits: int) -> bool:
        """Whether the cells in ``bits`` contain k in a row."""
        if self._has_line_table is not None:
            return bool(self._has_line_table[bits])
        return any(line_starts(bits, step, self.k) & starts for step, starts in self._directions)

    def winner(self, state: TTTState) -> Player | None:
        """+1 if x has a line, -1 if o has one, None otherwise."""
        if self.has_line(state.x):
            return 1
        if self.has_line(state.o):
            return -1
        return None

    def terminal(self, state: TTTState) -> bool:
        """Someone has k in a row, or the board is full."""
        x, o = state
        return (x | o) == self.full or self.has_line(x) or self.has_line(o)

    def actions(self, state: TTTState) -> list[int]:
        """The empty cells in increasing index order; none once the game is over."""
        if self.terminal(state):
            return []
        taken = state.x | state.o
        return [cell for cell in range(self.cells) if not taken >> cell & 1]

    def result(self, state: TTTState, action: int) -> TTTState:
        """The position after the player to move marks cell ``action``."""
        cell = self._cell_index(action)
        x, o = state
        if (x | o) >> cell & 1:
            owner = X if x >> cell & 1 else O
            raise IllegalAction(
                f"cell {cell} (row {cell // self.cols}, col {cell % self.cols}) is taken by {owner}"
            )
        if self.terminal(state):
            raise IllegalAction(f"cell {cell}: the game is over ({self._outcome_words(state)})")
        if x.bit_count() == o.bit_count():
            return TTTState(x | 1 << cell, o)
        return TTTState(x, o | 1 << cell)

    def _random_finish(self, state: TTTState, random_float: Callable[[], float]) -> int:
        """The loop skips building the intermediate states: it keeps the free cells and each player's marks."""
        x, o = state
        taken = x | o
        free = [cell for cell in range(self.cells) if not taken >> cell & 1]
        if x.bit_count() == o.bit_count():
            mine, theirs, sign = x, o, 1
        else:
            mine, theirs, sign = o, x, -1
        table = self._has_line_table
        if table is not None:
            while free:
                mine |= 1 << free.pop(int(random_float() * len(free)))
                if table[mine]:
                    return sign
                mine, theirs, sign = theirs, mine, -sign
            return 0
        lines_through = self.lines_through
        while free:
            cell = free.pop(int(random_float() * len(free)))
            mine |= 1 << cell
            for line in lines_through[cell]:
                if mine & line == line:
                    return sign
            mine, theirs, sign = theirs, mine, -sign
        return 0

    # --- the course's face ---

    def swap_colours(self, board: Any) -> list[str]:
        return [{X: O, O: X}.get(v, v) for v in board]

    def to_course(self, state: TTTState) -> list[str]:
        """A fresh flat row-major list of ``' '``, ``'x'``, ``'o'``."""
        x, o = state
        return [X if x >> cell & 1 else O if o >> cell & 1 else EMPTY for cell in range(self.cells)]

    def from_course(self, board: Any, to_move: Player | None = None) -> TTTState:
        """The state for a flat list (or tuple) of ``' '``/``'x'``/``'o'``; checks it can occur in play.

        Rejected: wrong type or length, other symbols, counts that alternation cannot give, both
        players with a line, a line by the player who did not move last, lines that no single last
        move completes together, and a ``to_move`` other than the one the counts imply.
        """
        if not isinstance(board, (list, tuple)):
            raise InvalidBoard(
                f"a {self.rows}x{self.cols} tic-tac-toe board is a flat list of {self.cells} cells "
                f"' ', 'x', 'o'; got {type(board).__name__}"
            )
        if len(board) != self.cells:
            raise InvalidBoard(
                f"a {self.rows}x{self.cols} tic-tac-toe board has {self.cells} cells; got a list of {len(board)}"
            )
        x = o = 0
        for cell, symbol in enumerate(board):
            if symbol == X and isinstance(symbol, str):
                x |= 1 << cell
            elif symbol == O and isinstance(symbol, str):
                o |= 1 << cell
            elif not (symbol == EMPTY and isinstance(symbol, str)):
                raise InvalidBoard(f"cell {cell} holds {symbol!r}; cells are ' ', 'x' or 'o'")
        state = TTTState(x, o)
        self._check_reachable(x, o)
        self._check_to_move(state, to_move, x, o)
        return state

    def _cell_index(self, action: Any) -> int:
        """``action`` as a cell index, or IllegalAction saying what is wrong with it."""
        cell = action_number(action)
        if cell is None:
            hint = "" if isinstance(action, bool) else f" (an int row * {self.cols} + col)"
            raise IllegalAction(f"action {action!r} is not a cell index 0..{self.cells - 1}{hint}")
        if not 0 <= cell < self.cells:
            raise IllegalAction(
                f"cell {cell} is off the {self.rows}x{self.cols} board (cells 0..{self.cells - 1})"
            )
        return cell

    def marks_within(self, state: TTTState, target: TTTState) -> bool:
        """Each player's cells of ``state`` are theirs in ``target`` too."""
        return not state.x & ~target.x and not state.o & ~target.o

    def promising_actions(self, state: TTTState) -> list[int]:
        """Cells nearest the centre first: they lie on most lines."""
        return sorted(self.actions(state), key=self._centre_distance.__getitem__)

    @cached_property
    def _centre_distance(self) -> dict[int, float]:
        mid_row, mid_col = (self.rows - 1) / 2, (self.cols - 1) / 2
        return {
            row * self.cols + col: abs(row - mid_row) + abs(col - mid_col)
            + 0.01 * max(abs(row - mid_row), abs(col - mid_col))
            for row in range(self.rows)
            for col in range(self.cols)
        }

    def player_name(self, player: Player) -> str:
        return "x" if player == 1 else "o"

    def _outcome_words(self, state: TTTState) -> str:
        winner = self.winner(state)
        return "x has won" if winner == 1 else "o has won" if winner == -1 else "the board is full"

    # --- drawings ---

    def text(self, state: TTTState) -> str:
        """The board as rows of ``x``, ``o`` and ``.`` (empty)."""
        x, o = state
        rows = [
            [
                X if x >> cell & 1 else O if o >> cell & 1 else "."
                for cell in range(r * self.cols, (r + 1) * self.cols)
            ]
            for r in range(self.rows)
        ]
        return render.text_grid(rows)

    def svg(self, state: TTTState, highlight: Sequence[int] = ()) -> str:
        """The board as SVG; cells in ``highlight`` (e.g. the last move) get a yellow background."""
        size, margin = 60, 4
        width, height = self.cols * size + 2 * margin, self.rows * size + 2 * margin
        marked = {self._cell_index(action) for action in highlight}
        elements = [render.rect(0, 0, width, height, render.EMPTY_WHITE)]
        for cell in sorted(marked):
            row, col = divmod(cell, self.cols)
            elements.append(
                render.rect(margin + col * size, margin + row * size, size, size, render.HIGHLIGHT_FILL)
            )
        for col in range(1, self.cols):
            elements.append(
                render.line(
                    margin + col * size, margin, margin + col * size, height - margin, stroke_width=2.0
                )
            )
        for row in range(1, self.rows):
            elements.append(
                render.line(
                    margin, margin + row * size, width - margin, margin + row * size, stroke_width=2.0
                )
            )
        x, o = state
        for cell in range(self.cells):
            row, col = divmod(cell, self.cols)
            cx, cy = margin + (col + 0.5) * size, margin + (row + 0.5) * size
            if x >> cell & 1:
                elements.append(render.cross(cx, cy, size * 0.3))
            elif o >> cell & 1:
                elements.append(
                    render.circle(cx, cy, size * 0.32, stroke=render.SECOND_BLUE, stroke_width=4.0)
                )
        mover = "x" if self.to_move(state) == 1 else "o"
        status = self._outcome_words(state) if self.terminal(state) else f"{mover} to move"
        return render.svg_document(
            width, height, elements, title=f"tic-tac-toe {self.rows}x{self.cols}, k={self.k}: {status}"
        )
