"""Fixture: Connect 4 where columns are numbered 1 to 7, as players call them."""
import numpy as np
import random

def initial_state(): return np.zeros((6, 7), dtype=int)

def actions(board): return [c + 1 for c in range(board.shape[1]) if board[0, c] == 0]

def result(board, action, player):
    b = board.copy()
    col = action - 1
    r = max(i for i in range(b.shape[0]) if b[i, col] == 0)
    b[r, col] = player
    return b

def winner(board):
    R, C = board.shape
    for r in range(R):
        for c in range(C):
            p = board[r, c]
            if p and any(all(0 <= r + i * dr < R and 0 <= c + i * dc < C and board[r + i * dr, c + i * dc] == p
                             for i in range(4)) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))):
                return int(p)
    return 0

def terminal(board): return winner(board) != 0 or not actions(board)

def utility(board, player):
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)

def random_player(board, player): return random.choice(actions(board))
