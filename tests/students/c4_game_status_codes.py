"""Fixture: Connect 4 with players 1 and 2, whose game_status says -1 while the game goes on, 0 for a draw, or
the winner (1 or 2)."""
import numpy as np
import random

def initial_state(): return np.zeros((6, 7), dtype=int)

def actions(board): return [c for c in range(board.shape[1]) if board[0, c] == 0]

def result(board, action, player):
    b = board.copy()
    r = max(i for i in range(b.shape[0]) if b[i, action] == 0)
    b[r, action] = player
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

def game_status(board):
    w = winner(board)
    if w:
        return w
    return 0 if not actions(board) else -1

def utility(board, player):
    w = winner(board)
    return 0 if not w else (1 if w == player else -1)

def other(player): return 3 - player

def random_player(board, player): return random.choice(actions(board))
