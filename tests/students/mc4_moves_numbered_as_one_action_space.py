"""Fixture: Mean Connect 4 with every move numbered in one action space, as reinforcement-learning code does:
0..6 drop into that column, 7 + 7 * src + dst the mean move from src to dst. The state is (board, player to
move); the board the course's (row 0 on top, 1 and -1). The empty board lists only 0..6, which read as the
course's own drops; the numbers past the columns are matched with the course's mean moves by the boards the
student's result() makes of them."""
import random

import numpy as np


def initial_state(rows=6, cols=7):
    return (np.zeros((rows, cols), dtype=int), 1)


def actions(state):
    board, p = state
    R, C = board.shape
    out = [c for c in range(C) if board[0, c] == 0]
    for s in range(C):
        if board[R - 1, s] == -p:
            out += [C + C * s + d for d in range(C) if board[0, d] == 0 or d == s]
    return out


def result(state, a):
    board, p = state
    b = board.copy()
    R, C = b.shape
    if a < C:
        col, disc = a, p
    else:
        s, col = divmod(a - C, C)
        disc = b[R - 1, s]
        b[1:, s] = b[:-1, s].copy()
        b[0, s] = 0
    b[np.where(b[:, col] == 0)[0].max(), col] = disc
    return (b, -p)


def four(board, p):
    R, C = board.shape
    return any(all(0 <= r + i * dr < R and 0 <= c + i * dc < C and board[r + i * dr, c + i * dc] == p for i in range(4))
               for r in range(R) for c in range(C) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


def terminal(state):
    return four(state[0], 1) or four(state[0], -1) or not (state[0] == 0).any()


def utility(state, player):
    a, o = four(state[0], player), four(state[0], -player)
    return 1 if a and not o else -1 if o and not a else 0


def random_player(state):
    return random.choice(actions(state))
