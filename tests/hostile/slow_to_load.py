# Connect 4 whose loading takes about a minute: one assignment that looks cheap (no call but range and max)
# counts to ten billion. A run stopped while it loads must leave no process behind.
import random

import numpy as np

LARGEST = max(i for i in range(10 ** 10))


def empty_board():
    return np.zeros((6, 7), dtype=int)


def actions(board):
    return [c for c in range(7) if board[0, c] == 0]


def random_player(board, player=1):
    return random.choice(actions(board))
