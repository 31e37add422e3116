"""Connect 4 on any board size (the classic game is 6 rows x 7 columns, 4 in a row to win).

The course's face is a numpy int array of shape (rows, cols): 0 empty, 1 the first player (red),
-1 the second (yellow), and **row 0 is the top**, so a disc falls to the largest free row index.
An action is a column index.

Inside, a state is :class:`C4State` in Pascal Pons's bitboard layout (the one of his solver and
its tutorial): each column takes ``rows + 1`` bits, bottom row at the lowest bit, plus one always
empty sentinel bit on top; column ``c`` holds bits ``c * (rows + 1)`` .. ``c * (rows + 1) + rows - 1``.
``mask`` has every disc, ``current`` the discs of the player to move, ``moves`` counts discs.
Dropping a disc in column c is ``mask | (mask + bottom of c)``; the sentinel bits keep shifted
copies of a bitboard from wrapping between columns, so four-in-a-row is a few shifts and ANDs
(:func:`has_alignment`).

Module-level helpers for solvers and heuristics (all pure functions of the board size):
:func:`cell_bit`, :func:`column_mask`, :func:`bottom_mask`, :func:`board_mask`,
:func:`top_mask`, :func:`has_alignment`, :func:`alignment_lines`. A :class:`Connect4` game
holds them precomputed for its size (``game.bottom_mask``, ``game.board_mask``,
``game.column_masks[c]``, ``game.bottom_masks[c]``, ``game.top_masks[c]``, ``game.lines``,
``game.has_won(bits)``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, NoReturn

import numpy as np

from reference.games import render
from reference.games.base import IllegalAction, InvalidBoard, Player, action_number
from reference.games.in_a_row import InARowGame, check_size, line_starts


class C4State(NamedTuple):
    """A Connect 4 position (Pons layout): discs of the player to move, all discs, number of discs."""

    current: int
    mask: int
    moves: int


# --- bitboard helpers: bit index = col * (rows + 1) + (row counted from the bottom) ---


def cell_bit(row: int, col: int, rows: int) -> int:
    """The bit of the course's cell (``row``, ``col``), where row 0 is the TOP row."""
    return 1 << (col * (rows + 1) + rows - 1 - row)


def column_mask(col: int, rows: int) -> int:
    """All ``rows`` playable cells of column ``col`` (not its sentinel)."""
    return ((1 << rows) - 1) << (col * (rows + 1))


def bottom_mask(rows: int, cols: int) -> int:
    """The bottom cell of every column; ``mask + bottom_mask`` drops one disc into each."""
    return sum(1 << (col * (rows + 1)) for col in range(cols))


def board_mask(rows: int, cols: int) -> int:
    """Every playable cell of the board (``mask == board_mask`` means the board is full)."""
    return bottom_mask(rows, cols) * ((1 << rows) - 1)


def top_mask(col: int, rows: int) -> int:
    """The top cell of column ``col``: the column is full when ``mask & top_mask`` is set."""
    return 1 << (col * (rows + 1) + rows - 1)


def has_alignment(bits: int, rows: int, k: int = 4) -> bool:
    """Whether the discs in ``bits`` hold k in a row in any of the four directions (shift 1 = vertical,
    rows+1 = horizontal, rows and rows+2 = the two diagonals). ``bits`` must not touch the sentinel row,
    which keeps runs from wrapping from one column to the next."""
    height = rows + 1
    for step in (1, height, height - 1, height + 1):
        if line_starts(bits, step, k):
            return True
    return False


def alignment_lines(rows: int, cols: int, k: int = 4) -> list[int]:
    """Every set of k cells in a row (any direction) as a bitmask; heuristics count open ones."""
    lines = []
    for col in range(cols):
        for row in range(rows):  # row counted from the bottom here
            for d_col, d_row in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_col, end_row = col + (k - 1) * d_col, row + (k - 1) * d_row
                if 0 <= end_col < cols and 0 <= end_row < rows:
                    lines.append(
                        sum(1 << ((col + i * d_col) * (rows + 1) + row + i * d_row) for i in range(k))
                    )
    return lines


class Connect4(InARowGame):
    """Connect 4: players drop discs into columns; the first with k in a line wins.

    Players: +1 (red, moves first) and -1 (yellow).
    """

    name = "connect4"
    aliases = ("connect_four", "connect-4")
    plug = "grader.games.connect4.plug"
    title = "Connect 4"
    depth_tactics = ("double_threat", "avoid_trap", "avoid_double_threat")
    counted_depth = 4
    action_noun = "column "
    piece = "disc"
    no_last_piece = "none of their common discs is on top of its column"

    def __init__(self, rows: int = 6, cols: int = 7, k: int = 4) -> None:
        check_size("Connect 4", rows, cols, k)
        self.rows, self.cols, self.k = rows, cols, k
        self.height = rows + 1  # bits per column, sentinel included
        self.size = rows * cols
        self.bottom_mask = bottom_mask(rows, cols)
        self.board_mask = board_mask(rows, cols)
        self.column_masks: tuple[int, ...] = tuple(column_mask(c, rows) for c in range(cols))
        self.bottom_masks: tuple[int, ...] = tuple(1 << (c * self.height) for c in range(cols))
        self.top_masks: tuple[int, ...] = tuple(top_mask(c, rows) for c in range(cols))
        self.lines: tuple[int, ...] = tuple(alignment_lines(rows, cols, k))

    def has_won(self, bits: int) -> bool:
        """Whether the discs in ``bits`` hold k in a row on this board."""
        return has_alignment(bits, self.rows, self.k)

    def solve(self, state: C4State, *, weak: bool = False, node_budget: int | None = None) -> int:
        """0 draw; a win scores ``ceil(rows * cols / 2) + 1 - n``, ``n`` the stones the winner has placed
        when it connects with best play (``22 - n`` on 6 x 7, as in the benchmark positions); a loss is
        negative (:mod:`reference.solvers.connect4`; ``weak`` finds the sign sooner)."""
        from reference.solvers.connect4 import solve_connect4

        return solve_connect4(self, state, weak=weak, node_budget=node_budget)

    def loses_within(self, state: C4State, rounds: int, *, node_budget: int | None = None) -> bool:
        from reference.solvers.connect4 import solver_for

        solver = solver_for(self.rows, self.cols, self.k)
        return solver.loses_within(state.current, state.mask, state.moves, rounds, node_budget=node_budget)

    def evaluation(self):
        """Windows, threats by row parity, centre discs (:func:`reference.agents.evaluation.connect4_eval`)."""
        from reference.agents.evaluation import connect4_eval

        return connect4_eval

    @classmethod
    def tactic_kinds(cls):
        from reference.tactics import connect4

        return {**super().tactic_kinds(), "double_threat": connect4.DOUBLE_THREAT, "avoid_trap": connect4.AVOID_TRAP,
                "avoid_double_threat": connect4.AVOID_DOUBLE_THREAT}

    # --- the textbook's functions ---

    def initial_state(self) -> C4State:
        """The empty board; +1 to move."""
        return C4State(0, 0, 0)

    def to_move(self, state: C4State) -> Player:
        """+1 after an even number of discs, -1 after an odd number."""
        return 1 if state.moves % 2 == 0 else -1

    def winner(self, state: C4State) -> Player | None:
        """The player with k in a row (only the one who moved last can have one), else None."""
        if state.moves and has_alignment(state.current ^ state.mask, self.rows, self.k):
            return -1 if state.moves % 2 == 0 else 1
        return None

    def terminal(self, state: C4State) -> bool:
        """The last mover has k in a row, or the board is full."""
        return state.moves == self.size or self.winner(state) is not None

    def actions(self, state: C4State) -> list[int]:
        """The columns that are not full, left to right; none once the game is over."""
        if self.terminal(state):
            return []
        mask = state.mask
        return [col for col, top in enumerate(self.top_masks) if not mask & top]

    def result(self, state: C4State, action: int) -> C4State:
        """The position after the player to move drops a disc into column ``action``."""
        col = self._column_index(action)
        current, mask, moves = state
        if mask & self.top_masks[col]:
            raise IllegalAction(f"column {col} is full ({self.rows} discs)")
        if self.terminal(state):
            raise IllegalAction(f"column {col}: the game is over ({self._outcome_words(state)})")
        # The opponent becomes the player to move: their discs are the old mask minus ours.
        return C4State(current ^ mask, mask | (mask + self.bottom_masks[col]), moves + 1)

    def _random_finish(self, state: C4State, random_float: Callable[[], float]) -> int:
        """The loop keeps only the two players' discs and the next free bit of each column, and tests
        just the mover for a line."""
        current, mask, moves = state
        rows, height, k = self.rows, self.height, self.k
        # next_free[c]: the bit where a disc dropped into column c lands.
        next_free = [(mask + bottom) & column for bottom, column in zip(self.bottom_masks, self.column_masks)]
        playable = [col for col in range(self.cols) if next_free[col]]
        top_bit = self.top_masks
        mine, theirs = current, current ^ mask
        sign = 1 if moves % 2 == 0 else -1
        # Nobody can have k in a row before placing k discs, so the first plies skip the test.
        untested = max(0, 2 * k - 2 - moves)
        four = k == 4  # the classic game: Pons's two-shift test per direction, unrolled
        right, right2 = height, 2 * height
        down, down2 = height - 1, 2 * (height - 1)
        up, up2 = height + 1, 2 * (height + 1)
        while playable:
            index = int(random_float() * len(playable))
            col = playable[index]
            bit = next_free[col]
            mine |= bit
            if bit == top_bit[col]:
                del playable[index]
            else:
                next_free[col] = bit << 1
            if untested:
                untested -= 1
            elif four:
                run = mine & (mine >> right)
                if run & (run >> right2):
                    return sign
                run = mine & (mine >> 1)
                if run & (run >> 2):
                    return sign
                run = mine & (mine >> down)
                if run & (run >> down2):
                    return sign
                run = mine & (mine >> up)
                if run & (run >> up2):
                    return sign
            elif has_alignment(mine, rows, k):
                return sign
            mine, theirs, sign = theirs, mine, -sign
        return 0

    # --- the course's face ---

    def swap_colours(self, board: Any) -> np.ndarray:
        return -np.asarray(board)

    def to_course(self, state: C4State) -> np.ndarray:
        """A fresh int array (rows, cols): 0 empty, 1 first player, -1 second; row 0 on top."""
        first = state.current if state.moves % 2 == 0 else state.current ^ state.mask
        return self._board_of(first, state.mask)

    def _board_of(self, first: int, mask: int) -> np.ndarray:
        """The course board of the discs in ``mask``, those in ``first`` being +1's."""
        board = np.zeros((self.rows, self.cols), dtype=int)
        for col in range(self.cols):
            base = col * self.height
            for height in range(self.rows):
                bit = 1 << (base + height)
                if not mask & bit:
                    break
                board[self.rows - 1 - height, col] = 1 if first & bit else -1
        return board

    def from_course(self, board: Any, to_move: Player | None = None) -> C4State:
        """The state for a (rows, cols) board of 0/1/-1 with row 0 on top; checks it can occur in play.

        Accepts a numpy array of any numeric dtype or a list of lists. Rejected: wrong shape,
        values other than 0, 1, -1 (characters of the old template included: the adapter maps
        those), discs above an empty cell, counts that alternation cannot give, both players with a
        line, a line by the player who did not move last, lines that no last disc completes
        together, and a ``to_move`` other than the one the counts imply.
        """
        first, second = self._discs_of(board)
        self._check_reachable(first, second)
        moves = first.bit_count() + second.bit_count()
        state = C4State(first if moves % 2 == 0 else second, first | second, moves)
        self._check_to_move(state, to_move, first, second)
        return state

    def _discs_of(self, board: Any) -> tuple[int, int]:
        """The bitboards of +1 and -1 on a course board; InvalidBoard for a bad cell or a floating disc."""
        cells = self._as_int_array(board)
        first = second = 0
        for row in range(self.rows):
            for col in range(self.cols):
                value = cells[row, col]
                if value == 0:
                    continue
                if row + 1 < self.rows and cells[row + 1, col] == 0:
                    raise InvalidBoard(
                        f"the disc at row {row}, column {col} floats above the empty cell at row {row + 1} "
                        "(row 0 is the top; discs fall to the largest free row index)"
                    )
                if value == 1:
                    first |= cell_bit(row, col, self.rows)
                else:
                    second |= cell_bit(row, col, self.rows)
        return first, second

    def _as_int_array(self, board: Any) -> np.ndarray:
        """The board as an int array of the right shape with only 0, 1, -1; InvalidBoard otherwise."""
        expected = f"a ({self.rows}, {self.cols}) array of 0 (empty), 1, -1 with row 0 on top"
        if isinstance(board, np.ndarray):
            array = board
        elif isinstance(board, (list, tuple)):
            try:
                array = np.array(board, dtype=object)
            except ValueError as error:  # ragged rows
                raise InvalidBoard(f"expected {expected}; got rows of different lengths ({error})") from None
        else:
            raise InvalidBoard(f"expected {expected}; got {type(board).__name__}")
        if array.shape != (self.rows, self.cols):
            raise InvalidBoard(f"expected {expected}; got shape {array.shape}")
        if array.dtype.kind in "iuf":  # numbers: check all cells at once
            bad = np.argwhere(~np.isin(array, (-1, 0, 1)))
            if len(bad):
                row, col = bad[0]
                self._reject_cell(row, col, array[row, col])
            return array.astype(int)
        if array.dtype != object:
            raise InvalidBoard(
                f"expected {expected}; got an array of dtype {array.dtype} (the adapter maps other symbols)"
            )
        result = np.zeros((self.rows, self.cols), dtype=int)
        for (row, col), value in np.ndenumerate(array):
            is_number = isinstance(value, (int, float, np.integer, np.floating))
            if not is_number or isinstance(value, (bool, np.bool_)) or value not in (0, 1, -1):
                self._reject_cell(row, col, value)
            result[row, col] = int(value)
        return result

    @staticmethod
    def _reject_cell(row: int, col: int, value: Any) -> NoReturn:
        shown = value.item() if isinstance(value, np.generic) else value  # 2, not np.int64(2)
        raise InvalidBoard(f"row {row}, column {col} holds {shown!r}; cells are 0 (empty), 1 or -1")

    def _last_move_cells(self, marks: int) -> int:
        """The top disc of each column: a disc below it was there before it."""
        return marks & ~(marks >> 1) & self.board_mask

    def _column_index(self, action: Any) -> int:
        """``action`` as a column index, or IllegalAction saying what is wrong with it."""
        col = action_number(action)
        if col is None:
            raise IllegalAction(f"action {action!r} is not a column index 0..{self.cols - 1}")
        if not 0 <= col < self.cols:
            raise IllegalAction(f"column {col} is off the board (columns 0..{self.cols - 1})")
        return col

    def marks_within(self, state: C4State, target: C4State) -> bool:
        """Each player's discs of ``state`` are theirs in ``target`` too."""
        first, second = self._discs_by_player(state)
        target_first, target_second = self._discs_by_player(target)
        return not first & ~target_first and not second & ~target_second

    def _discs_by_player(self, state: C4State) -> tuple[int, int]:
        """(discs of +1, discs of -1) as bit sets."""
        theirs = state.current ^ state.mask
        return (state.current, theirs) if self.to_move(state) == 1 else (theirs, state.current)

    def promising_actions(self, state: C4State) -> list[int]:
        """Columns nearest the centre first: they lie on most lines."""
        middle = (self.cols - 1) / 2
        return sorted(self.actions(state), key=lambda col: abs(col - middle))

    def player_name(self, player: Player) -> str:
        return "+1 (red)" if player == 1 else "-1 (yellow)"

    def same_board(self, a: Any, b: Any) -> bool:
        return np.array_equal(np.asarray(a), np.asarray(b))

    def _outcome_words(self, state: C4State) -> str:
        winner = self.winner(state)
        return f"{winner:+d} has won" if winner is not None else "the board is full"

    # --- drawings ---

    def text(self, state: C4State) -> str:
        """The board as rows of ``x`` (+1), ``o`` (-1), ``.`` (empty), top row first, column numbers below."""
        board = self.to_course(state)
        symbols = {0: ".", 1: "x", -1: "o"}
        rows = [[symbols[int(value)] for value in row] for row in board]
        return render.text_grid(rows, [str(col % 10) for col in range(self.cols)])

    def svg(self, state: C4State, highlight: Sequence[int] = ()) -> str:
        """The board as SVG: red (+1) and yellow (-1) discs; columns in ``highlight`` get a marker above."""
        size, top = 50, 24
        width, height = self.cols * size, top + self.rows * size
        marked = sorted({self._column_index(action) for action in highlight})
        elements = [render.rect(0, 0, width, height, render.EMPTY_WHITE)]
        for col in marked:
            cx = (col + 0.5) * size
            elements.append(render.polygon([(cx - 9, 4), (cx + 9, 4), (cx, top - 4)], render.HIGHLIGHT))
        elements.append(render.rect(0, top, width, self.rows * size, render.BOARD_BLUE, rx=6.0))
        colours = {0: render.EMPTY_WHITE, 1: render.FIRST_RED, -1: render.SECOND_YELLOW}
        for (row, col), value in np.ndenumerate(self.to_course(state)):
            elements.append(
                render.circle((col + 0.5) * size, top + (row + 0.5) * size, size * 0.4, colours[int(value)])
            )
        for col in marked:
            elements.append(
                render.rect(
                    col * size + 2,
                    top + 2,
                    size - 4,
                    self.rows * size - 4,
                    stroke=render.HIGHLIGHT,
                    stroke_width=3.0,
                )
            )
        status = self._outcome_words(state) if self.terminal(state) else f"{self.to_move(state):+d} to move"
        return render.svg_document(
            width, height, elements, title=f"Connect 4 {self.rows}x{self.cols}, k={self.k}: {status}"
        )
