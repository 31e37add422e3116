"""Mean Connect 4 as a plain list-of-lists model, written from the template's rule, sharing nothing with the
bitboards: the specification the reference's rules and tactics are tested against.

A list of rows (row 0 on top) of 0/1/-1; a drop puts the mover's disc on the lowest free cell; a mean move
takes the opponent's disc from the bottom row, lets the discs above it fall one row, and drops that disc
into a column. Lines are found by walking every cell in every direction.
"""

from __future__ import annotations

from functools import lru_cache

#: every reading of the rules the text leaves open that the reference can play
READINGS = [
    {"same_column": True, "keeps_colour": True},
    {"same_column": False, "keeps_colour": True},
    {"same_column": True, "keeps_colour": False},
    {"same_column": False, "keeps_colour": False},
    {"same_column": True, "keeps_colour": True, "returns_to_full_column": False},
    {"same_column": True, "keeps_colour": False, "returns_to_full_column": False},
    {"same_column": True, "keeps_colour": True, "plays_on_full_board": True},
    {"same_column": True, "keeps_colour": False, "plays_on_full_board": True},
]


def model_drop(board: list[list[int]], col: int, disc: int) -> bool:
    for row in range(len(board) - 1, -1, -1):
        if board[row][col] == 0:
            board[row][col] = disc
            return True
    return False


def model_actions(board: list[list[int]], player: int, same_column: bool, returns_to_full_column: bool = True) -> list:
    cols = len(board[0])
    drops = [c for c in range(cols) if board[0][c] == 0]
    means = []
    for source in range(cols):
        if board[-1][source] == -player:
            for target in range(cols):
                if target == source:
                    if same_column and (returns_to_full_column or board[0][source] == 0):
                        means.append((source, target))
                elif board[0][target] == 0:
                    means.append((source, target))
    return drops + means


def model_result(board: list[list[int]], player: int, action, keeps_colour: bool) -> list[list[int]]:
    board = [row[:] for row in board]
    if isinstance(action, tuple):
        source, target = action
        for row in range(len(board) - 1, 0, -1):
            board[row][source] = board[row - 1][source]
        board[0][source] = 0
        assert model_drop(board, target, -player if keeps_colour else player)
    else:
        assert model_drop(board, action, player)
    return board


def model_has_line(board: list[list[int]], player: int, k: int) -> bool:
    """Whether ``player`` has ``k`` in a line on ``board``: the walk below, remembered by the board's contents.

    The tests ask it of the same boards again and again (every game of a test starts from the empty board, the
    brute-force search of the tactics meets the same positions by other move orders and again one ply deeper),
    and a walk over every cell in every direction is most of their time: a board asked about again answers what
    its own walk answered."""
    return _walk_has_line(tuple(map(tuple, board)), player, k)


@lru_cache(maxsize=1 << 16)  # the boards of both test files fit (about 35 MB at most)
def _walk_has_line(board: tuple[tuple[int, ...], ...], player: int, k: int) -> bool:
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols and board[rr][cc] == player for rr, cc in cells):
                    return True
    return False


def model_outcome(board: list[list[int]], k: int, player: int = 1, plays_on_full_board: bool = False) -> tuple[bool, int]:
    """(finished, winner or 0) with ``player`` to move, ignoring the ply limit. Playing on, a full
    board ends the game only when the player to move has no opponent disc in the bottom row."""
    first, second = model_has_line(board, 1, k), model_has_line(board, -1, k)
    if first or second:
        return True, (1 if first else -1) if first != second else 0
    full = all(cell != 0 for cell in board[0])
    return full and not (plays_on_full_board and -player in board[-1]), 0
