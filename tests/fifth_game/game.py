"""m,n,k with gravity: tic-tac-toe whose marks fall to the lowest empty cell of a column, as in Connect 4.

Written against :class:`reference.games.base.Game` alone, with plain tuples and no bitboards, to show
what a game must give: the textbook's functions, the course's board (here Connect 4's: an int array,
row 0 on top, 1 / -1 / 0) and drawings. It names an evaluation and no exact solver, and no tactics.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

import numpy as np

from reference.games import render
from reference.games.base import Game, IllegalAction, InvalidBoard, Player


class GravityState(NamedTuple):
    cells: tuple[int, ...]  # row-major, row 0 on top: 1, -1 or 0
    player: Player


class GravityMNK(Game):
    """Players drop marks into columns; the first with k in a line (row, column, diagonal) wins.

    Players: +1 (x, moves first) and -1 (o). Utility: +1 win, -1 loss, 0 draw or unfinished.
    """

    name = "gravity_mnk"
    aliases = ("gravity-mnk", "gravity_tictactoe")
    plug = "tests.fifth_game.plug"
    title = "gravity tic-tac-toe"
    action_noun = "column "

    def __init__(self, rows: int = 4, cols: int = 4, k: int = 3) -> None:
        if k > max(rows, cols):
            raise ValueError(f"no line of k={k} fits on a {rows}x{cols} board")
        self.rows, self.cols, self.k = rows, cols, k
        self.lines = [
            [(r + i * dr) * cols + c + i * dc for i in range(k)]
            for r in range(rows) for c in range(cols) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
            if 0 <= r + (k - 1) * dr < rows and 0 <= c + (k - 1) * dc < cols
        ]

    def dimensions(self) -> dict[str, int]:
        return {"rows": self.rows, "cols": self.cols, "k": self.k}

    # --- the textbook's functions ---

    def initial_state(self) -> GravityState:
        return GravityState((0,) * (self.rows * self.cols), 1)

    def to_move(self, state: GravityState) -> Player:
        return state.player

    def actions(self, state: GravityState) -> list[int]:
        """The columns whose top cell is empty; none once the game is over."""
        if self.terminal(state):
            return []
        return [c for c in range(self.cols) if state.cells[c] == 0]

    def result(self, state: GravityState, action: Any) -> GravityState:
        if action not in self.actions(state):
            raise IllegalAction(f"column {action!r} is not a legal move here")
        row = max(r for r in range(self.rows) if state.cells[r * self.cols + action] == 0)
        cells = list(state.cells)
        cells[row * self.cols + action] = state.player
        return GravityState(tuple(cells), -state.player)

    def winner(self, state: GravityState) -> Player | None:
        for line in self.lines:
            first = state.cells[line[0]]
            if first and all(state.cells[i] == first for i in line):
                return first
        return None

    def terminal(self, state: GravityState) -> bool:
        return self.winner(state) is not None or 0 not in state.cells

    def utility(self, state: GravityState, player: Player) -> int:
        return (self.winner(state) or 0) * player

    # --- an evaluation (AIMA 5.3); no exact solver: Game.solve says so ---

    def evaluation(self):
        """Lines still open to one side only, by the marks in them; inside (-0.5, 0.5)."""
        return open_lines

    # --- the course's face ---

    def to_course(self, state: GravityState) -> np.ndarray:
        return np.array(state.cells, dtype=np.int64).reshape(self.rows, self.cols)

    def swap_colours(self, board: Any) -> np.ndarray:
        return -np.asarray(board)

    def from_course(self, board: Any, to_move: Player | None = None) -> GravityState:
        grid = np.asarray(board)
        if grid.shape != (self.rows, self.cols) or not set(np.unique(grid)) <= {-1, 0, 1}:
            raise InvalidBoard(f"expected a {self.rows}x{self.cols} board of 0, 1 and -1")
        for c in range(self.cols):
            column = [int(v) for v in grid[:, c]]
            if any(column[r] and not column[r + 1] for r in range(self.rows - 1)):
                raise InvalidBoard(f"a mark floats above an empty cell in column {c}")
        first, second = int((grid == 1).sum()), int((grid == -1).sum())
        if first - second not in (0, 1):
            raise InvalidBoard(f"+1 has {first} marks and -1 {second}: alternation cannot give that")
        player = 1 if first == second else -1
        if to_move is not None and to_move != player:
            raise InvalidBoard(f"the board says {player:+d} moves, not {to_move:+d}")
        return GravityState(tuple(int(v) for v in grid.ravel()), player)

    def player_name(self, player: Player) -> str:
        return "+1 (x)" if player == 1 else "-1 (o)"

    def same_board(self, a: Any, b: Any) -> bool:
        return np.array_equal(np.asarray(a), np.asarray(b))

    def text(self, state: GravityState) -> str:
        symbols = {0: ".", 1: "x", -1: "o"}
        rows = [[symbols[v] for v in state.cells[r * self.cols:(r + 1) * self.cols]] for r in range(self.rows)]
        return render.text_grid(rows, [str(c % 10) for c in range(self.cols)])

    def svg(self, state: GravityState, highlight: Sequence[int] = ()) -> str:
        size = 40
        elements = [render.rect(0, 0, self.cols * size, self.rows * size, render.EMPTY_WHITE)]
        for i, mark in enumerate(state.cells):
            r, c = divmod(i, self.cols)
            if mark:
                colour = render.FIRST_RED if mark == 1 else render.SECOND_YELLOW
                elements.append(render.circle(c * size + size / 2, r * size + size / 2, size * 0.4, colour))
        return render.svg_document(self.cols * size, self.rows * size, elements, title=self.title)


def open_lines(game: GravityMNK, state: GravityState, player: Player) -> float:
    """Each line with marks of one side only counts for it, by 3 ** marks - 1; squashed below a win."""
    if game.terminal(state):
        return float(game.utility(state, player))
    score = 0
    for line in game.lines:
        marks = [state.cells[i] for i in line]
        mine, theirs = marks.count(player), marks.count(-player)
        if not theirs:
            score += 3**mine - 1
        elif not mine:
            score -= 3**theirs - 1
    return 0.5 * score / (abs(score) + 10)
