"""Fixture: Connect 4 with a pure Monte Carlo player whose number of simulations is a required argument."""
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

def terminal(board): return winner(board) != 0 or not actions(board)

def utility(board, player):
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)

def random_player(board, player): return random.choice(actions(board))

def playout(board, player, me):
    while not terminal(board):
        board = result(board, random.choice(actions(board)), player)
        player = -player
    return utility(board, me)

def pmcs_player(board, player, n_simulations):
    best, best_score = None, -np.inf
    per_move = max(1, n_simulations // len(actions(board)))
    for a in actions(board):
        after = result(board, a, player)
        if winner(after) == player:
            return a
        score = sum(playout(after, -player, player) for _ in range(per_move)) / per_move
        if score > best_score:
            best, best_score = a, score
    return best
