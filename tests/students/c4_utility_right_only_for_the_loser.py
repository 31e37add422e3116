# Connect 4 whose utility answers -1 for every won game: right from the loser's view, wrong from the winner's.
import numpy as np


def empty_board():
    return np.zeros((6, 7), dtype=int)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    new = board.copy()
    row = max(r for r in range(board.shape[0]) if board[r, action] == 0)
    new[row, action] = player
    return new


def winner(board):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= y < rows and 0 <= x < cols for y, x in cells):
                    values = {board[y, x] for y, x in cells}
                    if len(values) == 1 and 0 not in values:
                        return values.pop()
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player=1):
    return -1 if winner(board) else 0
