"""Fixture: Connect 4 whose functions take the board's size beside the board: create_board(rows, cols),
valid_moves(board, cols), result(board, col, player, rows), winner/terminal(board, rows, cols),
utility(board, player, rows, cols), random_player(board, player, cols); globals ROWS and COLS too."""
import numpy as np
import random

ROWS = 6
COLS = 7

def create_board(rows, cols): return np.zeros((rows, cols), dtype=int)

def valid_moves(board, cols): return [c for c in range(cols) if board[0][c] == 0]

def result(board, col, player, rows):
    b = board.copy()
    for r in range(rows - 1, -1, -1):
        if b[r][col] == 0:
            b[r][col] = player
            return b

def winner(board, rows, cols):
    for r in range(rows):
        for c in range(cols):
            p = board[r][c]
            if p and any(all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols and board[r + i * dr][c + i * dc] == p
                             for i in range(4)) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))):
                return p
    return 0

def terminal(board, rows, cols): return winner(board, rows, cols) != 0 or not valid_moves(board, cols)

def utility(board, player, rows, cols):
    w = winner(board, rows, cols)
    return 0 if w == 0 else (1 if w == player else -1)

def random_player(board, player, cols): return random.choice(valid_moves(board, cols))
