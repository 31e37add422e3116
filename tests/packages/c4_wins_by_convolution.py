# Connect 4 in the course's template, with four in a row found by a 2-D convolution (scipy.signal).
import random

import numpy as np
from scipy.signal import convolve2d

ROWS, COLUMNS = 6, 7
KERNELS = [np.ones((1, 4), dtype=int), np.ones((4, 1), dtype=int), np.eye(4, dtype=int),
           np.eye(4, dtype=int)[::-1]]


def empty_board(shape=(ROWS, COLUMNS)):
    return np.zeros(shape, dtype=int)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    new = board.copy()
    row = max(r for r in range(board.shape[0]) if board[r, action] == 0)
    new[row, action] = player
    return new


def winner(board):
    for player in (1, -1):
        mine = (board == player).astype(int)
        if any((convolve2d(mine, kernel, mode="valid") == 4).any() for kernel in KERNELS):
            return player
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player=1):
    return winner(board) * player


def random_player(board, player=1):
    return random.choice(actions(board))
