"""Connect 4 edge cases at any board size: wins touching every edge and corner, full columns, full
boards, the move that fills the board, and lines that exist only if the board wrapped around.

Cells are the course's ``(row, col)`` with **row 0 on top**. A position is described by the cells
that matter (a line for one player) and reached by real moves: :func:`grader.games.building.search_moves`
fills the cells under them (gravity) and parks the other player's discs elsewhere, preferring
:func:`pattern`, a colouring with no three in a row, so that nothing but the intended line forms.
"""

from __future__ import annotations

from collections.abc import Iterable
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
from reference.games.connect4 import C4State, Connect4, cell_bit

Cell = tuple[int, int]


def cases(game: Connect4, role: str) -> list[Case]:
    """The edge cases for ``role`` at ``game``'s size."""
    return unique({"actions": _actions, "result": _result, "terminal": _terminal, "utility": _utility}[role](game))


# --- the positions ---


def _actions(game: Connect4) -> list[Case]:
    rows, cols = game.rows, game.cols
    mid = cols // 2
    out = [Case(game.initial_state(), why="the empty board: every column is open")]
    for col, where in ((0, " (the leftmost)"), (cols - 1, " (the rightmost)"), (mid, "")):
        out.append(Case(reach(game, [col] * rows), why=f"column {col}{where} is full: it is not an action"))
    if cols > 2:
        out.append(Case(reach(game, [0] * rows + [cols - 1] * rows),
                        why="both edge columns are full: only the inner columns are actions"))
    nearly = _nearly_full(game)
    if nearly is not None:
        open_col = next(c for c in range(cols) if not nearly.mask & game.top_masks[c])
        out.append(Case(nearly, why=f"a nearly full board: only column {open_col} has room"))
    full = _full_draw(game)
    if full is not None:  # every column is full: [] whatever the convention for finished games
        out.append(Case(full, why="a full board (a draw): no column has room"))
    return out


def _result(game: Connect4) -> list[Case]:
    rows, cols = game.rows, game.cols
    empty = game.initial_state()
    out = []
    for col in range(cols):  # every column at least once, by both players
        if col % 2 == 0:
            out.append(Case(empty, col, f"the first move, in column {col}: the disc falls to the bottom row"))
        else:
            other = (col + 1) % cols
            out.append(Case(reach(game, [other]), col,
                            f"-1 (yellow) replies in column {col}: the disc falls to the bottom row"))
    if rows > 1:
        out.append(Case(reach(game, [0]), 0, "-1 (yellow) stacks on +1's disc in column 0: it lands on top of it"))
    if rows > 2:
        out.append(Case(reach(game, [cols - 1] * 2), cols - 1, "a third disc in the rightmost column lands on the "
                                                              "two below it"))
    for col in sorted({0, cols // 2, cols - 1}):
        state = reach(game, [col] * (rows - 1))
        mover = game.player_name(game.to_move(state))
        out.append(Case(state, col, f"{mover} fills the top cell (row 0) of column {col}"))
    nearly = _nearly_full(game)
    if nearly is not None:
        last = game.actions(nearly)[0]
        out.append(Case(nearly, last, f"the last free cell of the board (column {last})"))
    won = _win(game, _line(game, game.rows - 1, 0, 0, 1), 1)
    if won is not None:
        state, move = won
        out.append(Case(state, move, "the winning move: the disc is placed like any other"))
    # wins in the other directions: a result() that also works out who won (the textbook's) must see them
    directions = {}
    for why, cells in edge_lines(game):
        if len(cells) > 1:
            directions.setdefault((cells[1][0] - cells[0][0], cells[1][1] - cells[0][1]), (why, cells))
    for step, (why, cells) in directions.items():
        won = None if step == (0, 1) else _win(game, cells, -1)  # the horizontal win is above
        if won is not None:
            state, move = won
            out.append(Case(state, move, f"a winning move {why}: the disc is placed like any other"))
    return out


def _terminal(game: Connect4) -> list[Case]:
    out = [Case(game.initial_state(), why="the empty board is not over (empty cells in a row are not a line)")]
    short = _reach(game, dict.fromkeys(_line(game, game.rows - 1, 0, 0, 1)[:-1], 1), winner=None)
    if short is not None and game.k > 1:
        out.append(Case(short, why=f"{game.k - 1} in a row on the bottom row is not a win"))
    out += won_cases(game, edge_lines(game), partial(_won_position, game), "a win for {winner} {line}")
    out += _wraps(game)
    return out + terminal_end_cases(_nearly_full(game), _full_draw(game), _win_filling_board(game),
                                    "the move that fills the board also makes a line: over")


def _utility(game: Connect4) -> list[Case]:
    """Finished games only; the judge asks from the view of the player to move (the loser of a win)."""
    lines = edge_lines(game)
    picks = [lines[i] for i in sorted({0, len(lines) // 3, 2 * len(lines) // 3, len(lines) - 1})] if lines else []
    out = won_cases(game, picks, partial(_won_position, game), "{winner} won {line}")  # the judge adds the view
    return out + utility_end_cases(game, _full_draw(game), _win_filling_board(game),
                                   "{winner} won with the move that fills the board: a win, not a draw")


# --- lines and the colouring ---


def _line(game: Connect4, row: int, col: int, d_row: int, d_col: int) -> list[Cell]:
    return [(row + i * d_row, col + i * d_col) for i in range(game.k)]


def edge_lines(game: Connect4) -> list[tuple[str, list[Cell]]]:
    """Lines of k touching each edge and corner in all four directions: (words, cells), no repeats.

    Directions in the course's picture (row 0 on top): horizontal, vertical, the diagonal
    (``\\``, down to the right) and the anti-diagonal (``/``, up to the right).
    """
    rows, cols, k = game.rows, game.cols, game.k
    top, bottom, left, right = 0, rows - 1, 0, cols - 1
    wanted: list[tuple[str, int, int, int, int]] = []
    if k <= cols:
        wanted += [("horizontally on the bottom row at the left edge", bottom, left, 0, 1),
                   ("horizontally on the bottom row at the right edge", bottom, right - k + 1, 0, 1),
                   ("horizontally on the top row at the left edge", top, left, 0, 1),
                   ("horizontally on the top row at the right edge", top, right - k + 1, 0, 1)]
    if k <= rows:
        wanted += [("vertically in the leftmost column, from the bottom", bottom - k + 1, left, 1, 0),
                   ("vertically in the leftmost column, up to the top", top, left, 1, 0),
                   ("vertically in the rightmost column, from the bottom", bottom - k + 1, right, 1, 0),
                   ("vertically in the rightmost column, up to the top", top, right, 1, 0)]
    if k <= rows and k <= cols:
        wanted += [("on the diagonal (\\) from the top-left corner", top, left, 1, 1),
                   ("on the diagonal (\\) into the bottom-right corner", bottom - k + 1, right - k + 1, 1, 1),
                   ("on the diagonal (\\) touching the left edge and the bottom", bottom - k + 1, left, 1, 1),
                   ("on the diagonal (\\) touching the top and the right edge", top, right - k + 1, 1, 1),
                   ("on the anti-diagonal (/) from the bottom-left corner", bottom, left, -1, 1),
                   ("on the anti-diagonal (/) into the top-right corner", top + k - 1, right - k + 1, -1, 1),
                   ("on the anti-diagonal (/) touching the left edge and the top", top + k - 1, left, -1, 1),
                   ("on the anti-diagonal (/) touching the bottom and the right edge", bottom, right - k + 1, -1, 1)]
    return lines_of_k(wanted, k, lambda row, col: (row, col))


def pattern(game: Connect4, row: int, col: int) -> int:
    """A colouring of the whole board with no three in a row in any direction, as even as play allows.

    Colours alternate up each column and change every two columns (``++--++-``), so runs are at
    most two long; the pairs start at column 0 or 1, whichever gives the first player as many
    cells as the second or one more.
    """
    return _colour(game.rows - 1 - row, col, _shift(game))


def _colour(height: int, col: int, shift: int) -> int:
    return 1 if (height + (col + shift) // 2) % 2 == 0 else -1


def _shift(game: Connect4) -> int:
    for shift in (0, 1):
        balance = sum(_colour(h, c, shift) for h in range(game.rows) for c in range(game.cols))
        if balance == game.size % 2:
            return shift
    return 0


# --- reaching positions by play ---


def _landing(game: Connect4, state: C4State, col: int) -> Cell:
    return game.rows - 1 - (state.mask & game.column_masks[col]).bit_count(), col


def _mask(game: Connect4, cells: Iterable[Cell]) -> int:
    return sum(cell_bit(r, c, game.rows) for r, c in cells)


def _last_mover_discs(state: C4State) -> int:
    return state.current ^ state.mask


def _won_position(game: Connect4, cells: list[Cell], winner: int) -> C4State | None:
    """A position where ``winner`` has just completed ``cells``."""
    return _reach(game, dict.fromkeys(cells, winner), winner=winner)


def _reach(game: Connect4, marks: dict[Cell, int], *, winner: int | None) -> C4State | None:
    """A position with ``marks`` (cell -> player) placed and the cells below them filled; won by
    ``winner`` with the last mark, or (``winner`` None) not over. None if play cannot reach it."""
    moves = _moves_to(game, tuple(sorted(marks.items())), winner)
    return None if moves is None else reach(game, moves)


@lru_cache(maxsize=256)
def _moves_to(game: Connect4, mark_items: tuple[tuple[Cell, int], ...], winner: int | None) -> tuple[int, ...] | None:
    marks = dict(mark_items)
    support = {(r, c) for (r0, c) in marks for r in range(r0 + 1, game.rows)} - set(marks)
    need = {p: _mask(game, [cell for cell, q in marks.items() if q == p]) for p in (1, -1)}
    # The cells that would stretch a line of marks: never the marking player's, or the line grows early.
    guards = {cell: marks[a] for a, b in _runs(marks) for cell in _beyond(game, a, b)}

    def rank(state: C4State, col: int) -> int | None:
        cell, player = _landing(game, state, col), game.to_move(state)
        if cell in marks:
            return 2 if marks[cell] == player else None
        if guards.get(cell) == player:
            return None
        mismatch = pattern(game, *cell) != player
        if cell in support:
            return mismatch
        above = any(c == col and r > cell[0] for r, c in marks)
        return (6 if above else 4) + mismatch  # park discs beside the marks, on top of them only if need be

    def placed(state: C4State) -> bool:
        last = -game.to_move(state)
        mine, theirs = _last_mover_discs(state), state.current
        return mine & need[last] == need[last] and theirs & need[-last] == need[-last]

    moves = search_moves(game, rank, position_goal(game, placed, winner))
    return None if moves is None else tuple(moves)


def _runs(marks: dict[Cell, int]) -> list[tuple[Cell, Cell]]:
    """The two end cells of each straight run of marks of one player (the lines the case is about)."""
    cells = sorted(marks)
    if len(cells) < 2 or len({marks[c] for c in cells}) != 1:
        return []
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    return [(cells[0], cells[-1])] if (r1 - r0) in (0, c1 - c0, c0 - c1) or c1 == c0 else []


def _beyond(game: Connect4, a: Cell, b: Cell) -> list[Cell]:
    """The cells just past both ends of the straight run from ``a`` to ``b``, where on the board."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    d_row, d_col = (b[0] - a[0]) // steps, (b[1] - a[1]) // steps
    ends = [(a[0] - d_row, a[1] - d_col), (b[0] + d_row, b[1] + d_col)]
    return [(r, c) for r, c in ends if 0 <= r < game.rows and 0 <= c < game.cols]


def _win(game: Connect4, cells: list[Cell], winner: int) -> tuple[C4State, int] | None:
    """The position one move before ``winner`` completes ``cells``, and that move."""
    moves = _moves_to(game, tuple(sorted(dict.fromkeys(cells, winner).items())), winner)
    return None if moves is None else (reach(game, moves[:-1]), moves[-1])


@lru_cache(maxsize=32)
def _full_draw(game: Connect4) -> C4State | None:
    """Every cell filled in the :func:`pattern` colouring: a draw."""
    moves = search_moves(game, lambda s, col: 0 if pattern(game, *_landing(game, s, col)) == game.to_move(s) else None,
                         lambda s: s.moves == game.size and game.winner(s) is None)
    return None if moves is None else reach(game, moves)


@lru_cache(maxsize=32)
def _nearly_full(game: Connect4) -> C4State | None:
    """All cells but the top of one column filled (pattern colouring), nobody has won."""
    last_mover = 1 if game.size % 2 else -1  # the hole is the cell the last move of the game would fill
    holes = [(0, col) for col in range(game.cols) if pattern(game, 0, col) == last_mover]
    for hole in sorted(holes, key=lambda cell: abs(2 * cell[1] - game.cols + 1)):

        def rank(state: C4State, c: int, hole: Cell = hole) -> int | None:
            cell = _landing(game, state, c)
            return 0 if cell != hole and pattern(game, *cell) == game.to_move(state) else None

        moves = search_moves(game, rank, lambda s: s.moves == game.size - 1 and not game.terminal(s), budget=5_000)
        if moves is not None:
            return reach(game, moves)
    return None


@lru_cache(maxsize=32)
def _win_filling_board(game: Connect4) -> C4State | None:
    """A full board whose last disc completes a line of the last mover's (a line through a top cell)."""
    rows, cols, k = game.rows, game.cols, game.k
    winner = 1 if game.size % 2 else -1
    lines = []
    if k <= cols:
        lines += [_line(game, 0, cols - k, 0, 1), _line(game, 0, 0, 0, 1)]
    if k <= rows:
        lines += [_line(game, 0, cols - 1, 1, 0), _line(game, 0, 0, 1, 0)]
    for cells in lines:
        line = set(cells)
        guards = set(_beyond(game, cells[0], cells[-1]))

        def rank(state: C4State, col: int, line: set = line, guards: set = guards) -> int | None:
            cell, player = _landing(game, state, col), game.to_move(state)
            if cell in line:
                return 2 if player == winner else None
            if cell in guards and player == winner:
                return None
            return 0 if pattern(game, *cell) == player else 1

        moves = search_moves(game, rank, lambda s: s.moves == game.size and game.winner(s) == winner, budget=5_000)
        if moves is not None:
            return reach(game, moves)
    return None


def _wraps(game: Connect4) -> list[Case]:
    """Discs that line up only through a negative index (``board[r][c - i]`` with ``c - i < 0``): no win."""
    rows, cols, k = game.rows, game.cols, game.k
    out = []
    for start in range(1, k - 1) if k <= rows and cols > k else ():  # wrapping after 2, 3, ... discs
        cells = [(rows - k + i, (start - i) % cols) for i in range(k)]  # down-left from column start
        state = _reach(game, dict.fromkeys(cells, 1), winner=None)
        if state is not None:
            out.append(Case(state, why=f"discs that line up only if the anti-diagonal from column {start} wrapped "
                                       "from column 0 to the last column (a negative index): not a win"))
    return out
