"""Fixture: Connect 4 on lists of lists with None for empty and players named by constants (RED, YELLOW = "Red",
"Yellow"): the empty board shows no marks; result returns (board, next player), agents answer (column, value)."""

import math
import random

ROWS, COLS = 6, 7
RED, YELLOW = "Red", "Yellow"


def new_game():
    return [[None] * COLS for _ in range(ROWS)]


def available_actions(board):
    return [c for c in range(len(board[0])) if board[0][c] is None]


def other(player):
    return YELLOW if player == RED else RED


def result(board, player, column):
    grid = [row[:] for row in board]
    for r in range(len(grid) - 1, -1, -1):
        if grid[r][column] is None:
            grid[r][column] = player
            return grid, other(player)
    raise ValueError("full")


def winner(board):
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for c in range(cols):
            p = board[r][c]
            if p is None:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                rr, cc = r + 3 * dr, c + 3 * dc
                if 0 <= rr < rows and 0 <= cc < cols and all(board[r + k * dr][c + k * dc] == p for k in range(4)):
                    return p
    return None


def is_terminal(board):
    w = winner(board)
    return (w is not None or not available_actions(board)), w


def utility(board, player):
    w = winner(board)
    return 0 if w is None else (1 if w == player else -1)


def random_agent(board, player):
    return random.choice(available_actions(board)), 0


def minimax_ab(board, depth, alpha, beta, player, me):
    done, w = is_terminal(board)
    if done or depth == 0:
        return (utility(board, me) * 100 if done else 0), None
    best = None
    if player == me:
        value = -math.inf
        for col in available_actions(board):
            v, _ = minimax_ab(result(board, player, col)[0], depth - 1, alpha, beta, other(player), me)
            if v > value:
                value, best = v, col
            alpha = max(alpha, v)
            if alpha >= beta:
                break
    else:
        value = math.inf
        for col in available_actions(board):
            v, _ = minimax_ab(result(board, player, col)[0], depth - 1, alpha, beta, other(player), me)
            if v < value:
                value, best = v, col
            beta = min(beta, v)
            if alpha >= beta:
                break
    return value, best


def alpha_beta_player(board, player):
    value, col = minimax_ab(board, 4, -math.inf, math.inf, player, player)
    return col, value
