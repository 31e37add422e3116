# %% [markdown]
# # Adversarial Search: Playing Gravity Tic-Tac-Toe
#
# A staff solution of the fifth game (tests/fifth_game), written as a student would: a 4x4 board,
# marks fall to the lowest empty cell of a column, three in a row wins.

# %%
import math
import random

import numpy as np


def empty_board(shape=(4, 4)):
    """The empty board: 0 is empty, 1 is x (first player), -1 is o; row 0 is the top."""
    return np.zeros(shape, dtype=int)


def actions(board):
    """The columns whose top cell is empty, none once the game is over."""
    if terminal(board):
        return []
    return [col for col in range(board.shape[1]) if board[0, col] == 0]


def result(board, player, action):
    """A new board with `player`'s mark dropped into column `action`."""
    new_board = board.copy()
    row = max(r for r in range(board.shape[0]) if board[r, action] == 0)
    new_board[row, action] = player
    return new_board


def winner(board, k=3):
    """The player with k marks in a line, else 0."""
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            p = board[r, c]
            if p == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + (k - 1) * dr, c + (k - 1) * dc
                if 0 <= end_r < rows and 0 <= end_c < cols and all(
                        board[r + i * dr, c + i * dc] == p for i in range(1, k)):
                    return int(p)
    return 0


def terminal(board):
    """Over when a player has three in a line or the board is full."""
    return winner(board) != 0 or not (board[0] == 0).any()


def utility(board, player=1):
    """+1 if `player` has won, -1 if the opponent has, 0 otherwise."""
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)


def random_player(board, player=1):
    """A uniformly random legal column."""
    return random.choice(actions(board))


# %%
def alpha_beta_player(board, player=1, max_depth=4):
    """Alpha-beta to `max_depth` plies; a win counts more the sooner it comes."""

    def value(board, to_move, alpha, beta, depth):
        if terminal(board):
            return utility(board, player) * (100 - depth), None
        if depth >= max_depth:
            return 0, None
        best = None
        v = -math.inf if to_move == player else math.inf
        for a in actions(board):
            child, _ = value(result(board, to_move, a), -to_move, alpha, beta, depth + 1)
            if (to_move == player and child > v) or (to_move != player and child < v):
                v, best = child, a
            if to_move == player:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v, best

    return value(board, player, -math.inf, math.inf, 0)[1]
