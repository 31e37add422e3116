"""A transition that drops the disc into the board it is given and returns nothing (a common shape:
`drop_piece(board, col, piece)`): the board is read after the call, and no_mutation charges it."""
import numpy as np


def create_board():
    return np.zeros((6, 7), dtype=int)


def valid_moves(board):
    return [c for c in range(7) if board[0][c] == 0]


def drop_piece(board, col, piece):
    row = max(r for r in range(6) if board[r][col] == 0)
    board[row][col] = piece
