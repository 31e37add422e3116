"""The template's own names decide: `empty_board` (numpy) beside a list-of-lists helper called
`initial_state`, and a `result` that takes a (board, player) pair beside an object whose `.result`
method works. The student's `result` is the answer, and its bug is what must be graded."""
import numpy as np


def initial_state():
    return [[0] * 7 for _ in range(6)]


def empty_board():
    return np.zeros((6, 7), dtype=int)


def actions(board):
    return [c for c in range(7) if board[0, c] == 0]


def result(state, action):
    board, player = state  # a (board, player) pair: not what the course passes
    out = board.copy()
    row = max(r for r in range(6) if out[r, action] == 0)
    out[row, action] = player
    return out, -player


class Helper:
    def result(self, board, player, action):
        out = board.copy()
        row = max(r for r in range(6) if out[r, action] == 0)
        out[row, action] = player
        return out


helper = Helper()
