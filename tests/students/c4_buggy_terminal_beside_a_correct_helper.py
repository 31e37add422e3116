"""A `terminal` that forgets diagonals, beside a correct helper `check_game_over` the student never
uses as the role: the named function is the student's answer, and its bug must cost points."""
import numpy as np


def empty_board():
    return np.zeros((6, 7), dtype=int)


def actions(board):
    return [c for c in range(7) if board[0, c] == 0]


def result(board, player, action):
    out = board.copy()
    row = max(r for r in range(6) if out[r, action] == 0)
    out[row, action] = player
    return out


def _four(board, diagonals):
    dirs = ((0, 1), (1, 0), (1, 1), (1, -1)) if diagonals else ((0, 1), (1, 0))
    for r in range(6):
        for c in range(7):
            for dr, dc in dirs:
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= y < 6 and 0 <= x < 7 for y, x in cells):
                    v = [board[y, x] for y, x in cells]
                    if v[0] != 0 and len(set(v)) == 1:
                        return True
    return False


def terminal(board):
    return _four(board, diagonals=False) or not actions(board)


def check_game_over(board):
    return _four(board, diagonals=True) or not actions(board)
