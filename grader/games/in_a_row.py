"""What the edge cases of the k-in-a-row games (the first line of k marks wins) share: the lines of k
named in words, a case per line won, how a search recognises a described position, and the end of
the board (one move before it, full with no line, filled by a winning move).

The games differ in where a mark may go (anywhere, or on top of a column), so each reaches its
positions itself and hands them in here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from grader.cases import Case
from reference.games.base import Game, Player, State

#: a line as its words and its k cells (whatever a cell is in the game's own terms)
Line = tuple[str, list[Hashable]]


def lines_of_k(wanted: Sequence[tuple[str, int, int, int, int]], k: int, cell: Callable[[int, int], Hashable]) -> list[Line]:
    """The ``wanted`` lines, ``(words, row, col, d_row, d_col)`` from their first cell, as their words and
    cells (``cell(row, col)``); a line wanted twice (small boards) is kept once, with its first words."""
    out, seen = [], set()
    for words, row, col, d_row, d_col in wanted:
        cells = [cell(row + i * d_row, col + i * d_col) for i in range(k)]
        if frozenset(cells) not in seen:
            seen.add(frozenset(cells))
            out.append((words, cells))
    return out


def won_cases(game: Game, lines: Sequence[Line], win: Callable[[list, Player], State | None], words: str, *,
              both: bool = False) -> list[Case]:
    """A case per line, won on it by ``win(cells, winner)``: the players take turns from line to line
    (the other one where the first cannot win there), or each wins every line if ``both``.

    ``words`` says why, formatted with ``winner`` (its name) and ``line`` (the line's words).
    """
    out = []
    for i, (line, cells) in enumerate(lines):
        for winner in (1, -1) if both or i % 2 == 0 else (-1, 1):
            state = win(cells, winner)
            if state is not None:
                out.append(Case(state, why=words.format(winner=game.player_name(winner), line=line)))
                if not both:
                    break
    return out


def position_goal(game: Game, placed: Callable[[State], bool], winner: Player | None) -> Callable[[State], bool]:
    """The goal of a search for a described position: its marks ``placed``, and won by ``winner`` with
    the last of them or (``winner`` None) not over."""

    def goal(state: State) -> bool:
        if winner is None:
            return placed(state) and not game.terminal(state)
        return placed(state) and game.winner(state) == winner

    return goal


def terminal_end_cases(nearly_full: State | None, full_draw: State | None, win_filling_board: State | None,
                       filling_words: str) -> list[Case]:
    """``terminal`` at the end of the board, where the size has such positions: one move before it, a
    full board with no line, and a full board whose last move made a line (``filling_words`` says why)."""
    out = []
    if nearly_full is not None:
        out.append(Case(nearly_full, why="one move before the end, nobody has won: not over"))
    if full_draw is not None:
        out.append(Case(full_draw, why="a full board with no line: a draw, over"))
    if win_filling_board is not None:
        out.append(Case(win_filling_board, why=filling_words))
    return out


def utility_end_cases(game: Game, full_draw: State | None, win_filling_board: State | None,
                      filling_words: str) -> list[Case]:
    """``utility`` at the end of the board: a full board with no line, and a full board whose last move
    made a line (``filling_words`` says why, formatted with ``winner``, its name)."""
    out = []
    if full_draw is not None:
        out.append(Case(full_draw, why="a full board with no line: a draw is worth 0"))
    if win_filling_board is not None:
        winner = game.player_name(game.winner(win_filling_board))
        out.append(Case(win_filling_board, why=filling_words.format(winner=winner)))
    return out
