"""A Connect 4 submission whose alpha-beta agents, both under rubric names, are broken by a later cell
that changed their search's signature, beside a working heuristic agent (whose name also says
alpha-beta). The agents named for the label are the student's answer: the heuristic one never stands in."""

import numpy as np


def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    b = board.copy()
    row = max(r for r in range(b.shape[0]) if b[r, action] == 0)
    b[row, action] = player
    return b


def max_value_ab(board, player, alpha, beta, depth, max_depth):  # redefined with a depth: the old callers break
    return 0, actions(board)[0]


def alpha_beta_agent(board, player=1):
    return max_value_ab(board, player, -np.inf, np.inf)[1]


def alpha_beta_search(board, player=1):
    return max_value_ab(board, player, -np.inf, np.inf)[1]


def heuristic_alpha_beta_agent(board, player=1, max_depth=2):
    return max_value_ab(board, player, -np.inf, np.inf, 0, max_depth)[1]
