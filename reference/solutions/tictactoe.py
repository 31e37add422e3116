"""Tic-tac-toe as a model student solution: the notebook's answer cells, in ``# %%`` percent format.

Each ``# %%`` block is one notebook cell (``# %% [markdown]`` blocks are markdown, their lines
written as comments). :func:`reference.solutions.write_reference_submission` turns this file into the
reference submission; importing it gives the same functions for tests. Only the standard library is
used: student code runs in a sandbox that cannot import the grader's ``reference``.

The search agent plays through ``GAME``, the rules bound when its cell runs (AIMA's ``Game``
object), so a later cell that redefines ``terminal`` or ``utility`` (a validity-suite mutant)
changes that function alone.
"""

# %% [markdown]
# # Adversarial Search: Tic-tac-toe
#
# Student Name: Reference Solution
#
# The board is a list of 9 cells, `' '` (empty), `'x'` or `'o'`; `x` moves first. Cells are numbered
# 0..8 row by row.

# %%
import math
import random


def empty_board():
    """Nine empty cells."""
    return [' '] * 9


def other(player):
    return 'o' if player == 'x' else 'x'

# %%
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
         (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
         (0, 4, 8), (2, 4, 6)]             # the two diagonals


def actions(board):
    """The free cells."""
    return [i for i, cell in enumerate(board) if cell == ' ']


def result(board, player, action):
    """A new board with `player`'s mark in cell `action` (the input is not changed)."""
    if board[action] != ' ':
        raise ValueError(f"cell {action} is taken")
    new_board = board.copy()
    new_board[action] = player
    return new_board


def winner(board):
    """'x' or 'o' for three in a row, else None."""
    for a, b, c in LINES:
        if board[a] != ' ' and board[a] == board[b] == board[c]:
            return board[a]
    return None


def terminal(board):
    """Over when a player has three in a row or no cell is free."""
    return winner(board) is not None or ' ' not in board


def utility(board, player='x'):
    """+1 if `player` won, -1 if `player` lost, 0 for a draw; None while the game goes on."""
    w = winner(board)
    if w is not None:
        return 1 if w == player else -1
    return 0 if ' ' not in board else None

# %% [markdown]
# ## Agents
#
# The random agent plays a random free cell.

# %%
def random_player(board, player=None):
    """A uniformly random free cell."""
    return random.choice(actions(board))

# %% [markdown]
# Minimax with alpha-beta pruning searches to the end of the game (tic-tac-toe is small). Wins
# count more the sooner they come, so the agent takes an immediate win and delays a loss.

# %%
class Game:
    """The rules the search agent plays by, bound when this cell runs."""

    def __init__(self, actions, result, terminal, utility):
        self.actions, self.result, self.terminal, self.utility = actions, result, terminal, utility


GAME = Game(actions, result, terminal, utility)


def alpha_beta_search(board, player):
    """(value, move) for `player` to move; values are utility * (10 - depth)."""

    def value(board, to_move, alpha, beta, depth):
        if GAME.terminal(board):
            return GAME.utility(board, player) * (10 - depth), None
        maximizing = to_move == player
        best_value, best_move = (-math.inf if maximizing else math.inf), None
        for a in GAME.actions(board):
            v, _ = value(GAME.result(board, to_move, a), other(to_move), alpha, beta, depth + 1)
            if maximizing and v > best_value:
                best_value, best_move = v, a
                alpha = max(alpha, v)
            elif not maximizing and v < best_value:
                best_value, best_move = v, a
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best_value, best_move

    return value(board, player, -math.inf, math.inf, 0)


def alpha_beta_player(board, player='x'):
    """The best move for `player` by a complete alpha-beta search."""
    return alpha_beta_search(board, player)[1]
