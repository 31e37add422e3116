"""Fixture: Connect 4 with each column a stack, a list holding only its discs, bottom first (a drop is
``append``), players 1 and 2."""
import random
import math

ROWS, COLS = 6, 7


def initial_state():
    return [[] for _ in range(COLS)]


def actions(board):
    return [c for c in range(len(board)) if len(board[c]) < ROWS]


def result(board, action, player):
    new = [col[:] for col in board]
    new[action].append(player)
    return new


def cell(board, c, r):
    return board[c][r] if 0 <= c < len(board) and 0 <= r < len(board[c]) else 0


def winner(board):
    for c in range(len(board)):
        for r in range(len(board[c])):
            p = board[c][r]
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(cell(board, c + i * dc, r + i * dr) == p for i in range(4)):
                    return p
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player):
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)


def random_player(board, player):
    return random.choice(actions(board))
