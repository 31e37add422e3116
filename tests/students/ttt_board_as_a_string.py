"""Fixture: tic-tac-toe on a board kept as a string of nine characters, 'X', 'O' or '.'."""
import random

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def initial_state():
    return "." * 9


def actions(board):
    return [i for i, ch in enumerate(board) if ch == "."]


def result(board, move, player):
    return board[:move] + player + board[move + 1:]


def winner(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def terminal(board):
    return winner(board) is not None or "." not in board


def utility(board, player):
    w = winner(board)
    return 0 if w is None else (1 if w == player else -1)


def random_player(board, player):
    return random.choice(actions(board))
