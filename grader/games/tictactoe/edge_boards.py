"""Tic-tac-toe edge cases on any m x n board with k in a row: every row, column and diagonal won by
each player, draws, the last cell, and marks that line up only if rows wrapped around.

Cells are the course's flat, row-major indices ``row * cols + col``. A position is described by the
marks that matter and reached by real moves (:func:`grader.games.building.search_moves`), the other
player's marks going where they make no line.
"""

from __future__ import annotations

from functools import lru_cache, partial

from grader.cases import Case
from grader.games.building import reach, search_moves, unique
from grader.games.in_a_row import (
    lines_of_k,
    position_goal,
    terminal_end_cases,
    utility_end_cases,
    won_cases,
)
from reference.games.tictactoe import TicTacToe, TTTState


def cases(game: TicTacToe, role: str) -> list[Case]:
    """The edge cases for ``role`` at ``game``'s size."""
    return unique({"actions": _actions, "result": _result, "terminal": _terminal, "utility": _utility}[role](game))


# --- the positions ---


def _actions(game: TicTacToe) -> list[Case]:
    centre = _centre(game)
    out = [Case(game.initial_state(), why="the empty board: every cell is free"),
           Case(reach(game, [centre]), why=f"after x takes the centre (cell {centre}): every other cell is free"),
           Case(reach(game, [0, game.cells - 1]), why="after moves in two opposite corners: the corners are taken")]
    nearly = _nearly_full(game)
    if nearly is not None:
        free = game.actions(nearly)[0]
        out.append(Case(nearly, why=f"one free cell left (cell {free}), nobody has won"))
    draw = _full_draw(game)
    if draw is not None:  # every cell taken: [] whatever the convention for finished games
        out.append(Case(draw, why="a full board (a draw): no free cell"))
    return out


def _result(game: TicTacToe) -> list[Case]:
    out = []
    for cell in range(game.cells):  # every cell at least once, by both players
        row, col = divmod(cell, game.cols)
        if cell % 2 == 0:
            out.append(Case(game.initial_state(), cell, f"x's first move in cell {cell} (row {row}, column {col})"))
        else:
            other = (cell + 1) % game.cells
            out.append(Case(reach(game, [other]), cell, f"o's reply in cell {cell} (row {row}, column {col})"))
    nearly = _nearly_full(game)
    if nearly is not None:
        last = game.actions(nearly)[0]
        out.append(Case(nearly, last, f"the move into the last free cell ({last})"))
    for why, cells in lines(game)[:1]:
        moves = _moves_to(game, tuple((c, 1) for c in cells), 1)
        if moves is not None:
            out.append(Case(reach(game, moves[:-1]), moves[-1],
                            f"x's winning move ({why}): the mark is placed like any other"))
    return out


def _terminal(game: TicTacToe) -> list[Case]:
    out = [Case(game.initial_state(), why="the empty board is not over (empty cells in a row are not a line)")]
    first = lines(game)[0][1] if lines(game) else []
    if len(first) > 1:
        state = _reach(game, tuple((c, 1) for c in first[:-1]), None)
        if state is not None:
            out.append(Case(state, why=f"{game.k - 1} in a row is not a win"))
    out += won_cases(game, lines(game), partial(_win, game), "a win for {winner} {line}", both=True)
    wrap = _row_wrap(game)
    if wrap is not None:
        out.append(wrap)
    return out + terminal_end_cases(_nearly_full(game), _full_draw(game), _win_filling_board(game),
                                    "the move into the last free cell also makes a line: a win, over")


def _utility(game: TicTacToe) -> list[Case]:
    """Finished games only; the judge asks from the view of the player to move (the loser of a win)."""
    every = lines(game)
    picks = [every[i] for i in sorted({0, len(every) // 2, len(every) - 1})] if every else []
    out = won_cases(game, picks, partial(_win, game), "{winner} won {line}")  # the judge adds the view
    return out + utility_end_cases(game, _full_draw(game), _win_filling_board(game),
                                   "{winner} won with the last free cell: a win, not a draw")


# --- lines ---


def lines(game: TicTacToe) -> list[tuple[str, list[int]]]:
    """Every row, column and both diagonals (from each corner on boards wider than k), no repeats."""
    rows, cols, k = game.rows, game.cols, game.k
    wanted: list[tuple[str, int, int, int, int]] = []
    if k <= cols:
        for r in range(rows):
            wanted.append((f"on row {r}", r, 0, 0, 1))
            wanted.append((f"on row {r}, at the right edge", r, cols - k, 0, 1))
    if k <= rows:
        for c in range(cols):
            wanted.append((f"in column {c}", 0, c, 1, 0))
            wanted.append((f"in column {c}, at the bottom edge", rows - k, c, 1, 0))
    if k <= rows and k <= cols:
        wanted += [("on the diagonal from the top-left corner", 0, 0, 1, 1),
                   ("on the diagonal into the bottom-right corner", rows - k, cols - k, 1, 1),
                   ("on the anti-diagonal from the top-right corner", 0, cols - 1, 1, -1),
                   ("on the anti-diagonal into the bottom-left corner", rows - k, k - 1, 1, -1)]
    return lines_of_k(wanted, k, lambda row, col: row * cols + col)


def _centre(game: TicTacToe) -> int:
    return (game.rows // 2) * game.cols + game.cols // 2


# --- reaching positions by play ---


def _win(game: TicTacToe, cells: list[int], winner: int) -> TTTState | None:
    return _reach(game, tuple((c, winner) for c in cells), winner)


def _reach(game: TicTacToe, mark_items: tuple[tuple[int, int], ...], winner: int | None) -> TTTState | None:
    moves = _moves_to(game, mark_items, winner)
    return None if moves is None else reach(game, moves)


@lru_cache(maxsize=256)
def _moves_to(game: TicTacToe, mark_items: tuple[tuple[int, int], ...], winner: int | None) -> tuple[int, ...] | None:
    """A position with the marks (cell, player) placed, won by ``winner`` with the last of them, or
    (``winner`` None) not over; the other marks go to the lowest cells that make no line."""
    marks = dict(mark_items)
    need = {p: sum(1 << c for c, q in marks.items() if q == p) for p in (1, -1)}

    def rank(state: TTTState, cell: int) -> int | None:
        if cell in marks:
            return 0 if marks[cell] == game.to_move(state) else None
        return 1

    def placed(state: TTTState) -> bool:
        return state.x & need[1] == need[1] and state.o & need[-1] == need[-1]

    moves = search_moves(game, rank, position_goal(game, placed, winner))
    return None if moves is None else tuple(moves)


@lru_cache(maxsize=32)
def _full_draw(game: TicTacToe) -> TTTState | None:
    moves = search_moves(game, lambda s, a: 0, lambda s: (s.x | s.o) == game.full and game.winner(s) is None)
    return None if moves is None else reach(game, moves)


@lru_cache(maxsize=32)
def _nearly_full(game: TicTacToe) -> TTTState | None:
    """A full draw without its last mark: one cell left and nobody has won."""
    draw = _full_draw(game)
    if draw is None:
        return None
    x_last = game.cells % 2 == 1
    for cell in range(game.cells):
        mine = draw.x if x_last else draw.o
        if mine >> cell & 1:
            state = TTTState(draw.x ^ (1 << cell), draw.o) if x_last else TTTState(draw.x, draw.o ^ (1 << cell))
            if not game.terminal(state):
                return state
    return None


@lru_cache(maxsize=32)
def _win_filling_board(game: TicTacToe) -> TTTState | None:
    winner = 1 if game.cells % 2 else -1  # the player of the last move
    moves = search_moves(game, lambda s, a: 0, lambda s: (s.x | s.o) == game.full and game.winner(s) == winner)
    return None if moves is None else reach(game, moves)


def _row_wrap(game: TicTacToe) -> Case | None:
    """k consecutive flat indices running off the end of row 0 into row 1: not a line."""
    if game.rows < 2 or game.k < 2 or game.k > game.cols:
        return None
    cells = [game.cols - 1 + i for i in range(game.k)]
    state = _reach(game, tuple((c, 1) for c in cells), None)
    if state is None:
        return None
    return Case(state, why=f"x on cells {', '.join(map(str, cells))}: consecutive indices that run from the end "
                           "of row 0 into row 1 are not a line")
