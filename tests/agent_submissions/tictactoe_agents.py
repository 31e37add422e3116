"""A small tic-tac-toe submission (the worked examples' flat list of 9) with a one-ply agent."""

import random

random.seed(7)

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def empty_board():
    return [' '] * 9


def actions(board):
    return [i for i, v in enumerate(board) if v == ' ']


def result(state, player, action):
    board = list(state)
    board[action] = player
    return board


def check_win(board, player):
    return any(all(board[i] == player for i in line) for line in LINES)


def terminal(board):
    return check_win(board, 'x') or check_win(board, 'o') or ' ' not in board


def utility(board, player='x'):
    if check_win(board, player):
        return 1
    if check_win(board, 'o' if player == 'x' else 'x'):
        return -1
    return 0 if terminal(board) else None


def greedy_player(board, player='x'):
    """Win if it can, else block, else play at random."""
    other = 'o' if player == 'x' else 'x'
    for mark in (player, other):
        for a in actions(board):
            if check_win(result(board, mark, a), mark):
                return a
    return random.choice(actions(board))


def never_wins_player(board, player='x'):
    others = [a for a in actions(board) if not check_win(result(board, player, a), player)]
    return others[0] if others else actions(board)[0]


def value(board, player):
    """Plain minimax as taught: +1 win, 0 draw, -1 loss for ``player`` to move; every win alike."""
    other = 'o' if player == 'x' else 'x'
    if check_win(board, other):
        return -1
    if ' ' not in board:
        return 0
    return max(-value(result(board, player, a), other) for a in actions(board))


def lazy_winner_player(board, player='x'):
    """Perfect, but in no hurry: among the moves that force a win it prefers one that does not win at once."""
    other = 'o' if player == 'x' else 'x'
    scored = [(-value(result(board, player, a), other), not check_win(result(board, player, a), player), a)
              for a in actions(board)]
    return max(scored)[2]
