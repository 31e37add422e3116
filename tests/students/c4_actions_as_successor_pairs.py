"""Fixture: Connect 4 whose move generator answers (child board, column) pairs, centre first."""
import numpy as np
import random

def initial_state(): return np.zeros((6, 7), dtype=int)

def result(board, action, player):
    b = board.copy()
    r = max(i for i in range(b.shape[0]) if b[i, action] == 0)
    b[r, action] = player
    return b

def get_possible_moves(board, player):
    cols = sorted(range(board.shape[1]), key=lambda c: abs(c - board.shape[1] // 2))
    return [(result(board, c, player), c) for c in cols if board[0, c] == 0]

def random_player(board, player): return random.choice(get_possible_moves(board, player))[1]
