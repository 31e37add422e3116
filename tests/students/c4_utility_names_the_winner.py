"""Fixture: Connect 4, players 1 and 2: utility(board) says who won (1 or 2, 0 for nobody); terminal gives (winner, over)."""
import numpy as np
import random

def initial_state(): return np.zeros((6, 7), dtype=int)

def actions(board): return [c for c in range(board.shape[1]) if board[0, c] == 0]

def result(board, action, player):
    b = board.copy()
    r = max(i for i in range(b.shape[0]) if b[i, action] == 0)
    b[r, action] = player
    return b

def utility(board):
    R, C = board.shape
    for r in range(R):
        for c in range(C):
            p = board[r, c]
            if p and any(all(0 <= r + i * dr < R and 0 <= c + i * dc < C and board[r + i * dr, c + i * dc] == p
                             for i in range(4)) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))):
                return int(p)
    return 0

def terminal(board):
    w = utility(board)
    return w, (w != 0 or not actions(board))

def other(player): return 3 - player

def random_player(board, player): return random.choice(actions(board))
