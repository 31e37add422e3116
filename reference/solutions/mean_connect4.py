"""Mean Connect 4 as a model student solution: the notebook's answer cells, in ``# %%`` percent format.

Self-contained like the other course solutions (numpy and the standard library only). The rule's
open points are read as the reference game reads them (``reference/games/mean_connect4.py``): a
moved disc keeps the opponent's colour and may go back into its own column; a move that gives
both players four in a row is a draw; a full board ends the game.
"""

# %% [markdown]
# # Adversarial Search: Playing "Mean" Connect 4
#
# Student Name: Reference Solution
#
# I have used the following AI tools: none
#
# I understand that my submission needs to be my own work: RS

# %% [markdown]
# ## Task 1: Defining the Search Problem [1 point]
#
# **Initial state:** the empty 6x7 board; red (player `1`) moves first.
#
# **Actions:** a column whose top cell is empty (drop a disc there), or a *mean move* `(from_col,
# to_col)`: take the opponent's disc from the bottom row of `from_col` and drop it into `to_col`
# (any column with room, its own column included). **Transition model:** `result(board, player,
# action)`; after a mean move the discs above the removed one fall one row and the moved disc keeps
# the opponent's colour. **Terminal states:** four in a row for a player, or a full board.
# **Utility:** +1 if only `player` has four in a row, -1 if only the opponent has, 0 otherwise (a
# mean move can give both players a line at once: a draw).
#
# The state space is at most $3^{42}$ boards, as in Connect 4, but more of them are reachable (disc
# counts need not alternate). Mean moves make the branching factor up to 7 + 7 x 7, and the game
# tree infinite (moves can repeat positions), so search needs a depth limit.

# %% [markdown]
# ## Task 2: Game Environment and Random Agent [3 point]

# %%
import math
import random

import numpy as np


def empty_board(shape=(6, 7)):
    """The empty board: 0 is empty, 1 is red (first player), -1 is yellow; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)

# %%
def actions(board, player=1):
    """Drops (open columns), then mean moves (from_col, to_col) for every opponent disc in the bottom row."""
    cols = board.shape[1]
    drops = [col for col in range(cols) if board[0, col] == 0]
    mean_moves = [(source, target) for source in range(cols) if board[-1, source] == -player
                  for target in range(cols) if target == source or board[0, target] == 0]
    return drops + mean_moves


def drop(board, col, disc):
    """Put `disc` on the lowest free cell of column `col` (changes `board`)."""
    row = np.max(np.nonzero(board[:, col] == 0)[0])
    board[row, col] = disc


def result(board, player, action):
    """A new board after `player` drops a disc (a column) or makes a mean move (from_col, to_col)."""
    new_board = board.copy()
    if isinstance(action, tuple):
        source, target = action
        if new_board[-1, source] != -player:
            raise ValueError(f"the bottom disc of column {source} is not the opponent's")
        new_board[1:, source] = new_board[:-1, source].copy()  # everything above falls one row
        new_board[0, source] = 0
        if new_board[0, target] != 0:
            raise ValueError(f"column {target} is full")
        drop(new_board, target, -player)
    else:
        if new_board[0, action] != 0:
            raise ValueError(f"column {action} is full")
        drop(new_board, action, player)
    return new_board


def has_line(board, player, k=4):
    """Whether `player` has k discs in a row (any direction)."""
    b = board.tolist()
    rows, cols = len(b), len(b[0])
    for r in range(rows):
        for c in range(cols):
            if b[r][c] != player:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + (k - 1) * dr, c + (k - 1) * dc
                if 0 <= end_r < rows and 0 <= end_c < cols and all(
                        b[r + i * dr][c + i * dc] == player for i in range(1, k)):
                    return True
    return False


def terminal(board):
    """Over when a player has four in a row or the board is full."""
    return has_line(board, 1) or has_line(board, -1) or not (board[0] == 0).any()


def utility(board, player=1):
    """+1 if only `player` has four in a row, -1 if only the opponent has, else 0."""
    mine, theirs = has_line(board, player), has_line(board, -player)
    return 0 if mine == theirs else (1 if mine else -1)

# %% [markdown]
# The random agent receives the board and the player and returns a legal action.

# %%
def random_player(board, player=1):
    """A uniformly random legal action (drops and mean moves alike)."""
    return random.choice(actions(board, player))

# %% [markdown]
# ## Task 3: Minimax Search with Alpha-Beta Pruning [3 points]
#
# The agents search through `GAME`, the rules as one object (as in AIMA's `Game`). The tree is
# infinite (mean moves can repeat positions), so the search always has a depth limit.

# %%
class Game:
    """The rules the search agents play by, bound when this cell runs."""

    def __init__(self, actions, result, terminal, utility):
        self.actions, self.result, self.terminal, self.utility = actions, result, terminal, utility


GAME = Game(actions, result, terminal, utility)


def ordered_actions(board, player):
    """Drops nearest the centre first, then mean moves (placing the disc far from the centre first)."""
    centre = (board.shape[1] - 1) / 2
    moves = GAME.actions(board, player)
    return sorted(moves, key=lambda a: abs(a - centre) if not isinstance(a, tuple) else 10 - abs(a[1] - centre))


def alpha_beta_search(board, player, max_depth, evaluate=None):
    """Alpha-beta from `player`'s view to `max_depth` plies; returns (value, move).

    Wins count more the sooner they come (1000 - depth). At the cutoff a board scores
    `evaluate(board, player)` (0 without a heuristic).
    """

    def value(board, to_move, alpha, beta, depth):
        if GAME.terminal(board):
            return GAME.utility(board, player) * (1000 - depth), None
        if depth >= max_depth:
            return (evaluate(board, player) if evaluate else 0), None
        best_move = None
        if to_move == player:
            v = -math.inf
            for a in ordered_actions(board, to_move):
                child, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
                if child > v:
                    v, best_move = child, a
                alpha = max(alpha, v)
                if v >= beta:
                    break
        else:
            v = math.inf
            for a in ordered_actions(board, to_move):
                child, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
                if child < v:
                    v, best_move = child, a
                beta = min(beta, v)
                if v <= alpha:
                    break
        return v, best_move

    return value(board, player, -math.inf, math.inf, 0)


def alpha_beta_player(board, player=1, max_depth=3):
    """Alpha-beta to `max_depth` plies (the tree is infinite: there is always a limit)."""
    return alpha_beta_search(board, player, max_depth)[1]

# %% [markdown]
# ### Move ordering
#
# Drops near the centre first, then mean moves. The first move on an empty board is the centre column.

# %% [markdown]
# ## Task 4: Heuristic Alpha-Beta Tree Search [3 points]
#
# Every window of four cells that holds discs of one player only scores for that player (2 for two
# discs, 5 for three); centre discs add 3; `tanh` keeps the value strictly between a loss and a win.

# %%
WINDOWS = {}


def windows(rows, cols, k=4):
    """Every line of k cells on a rows x cols board (computed once per size)."""
    if (rows, cols) not in WINDOWS:
        found = []
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(k)]
                    if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                        found.append(cells)
        WINDOWS[(rows, cols)] = found
    return WINDOWS[(rows, cols)]


def evaluate(board, player):
    """A heuristic value in (-1, 1) from `player`'s view: open windows and centre control."""
    rows, cols = board.shape
    b = board.tolist()
    score = 0
    for window in windows(rows, cols):
        cells = [b[r][c] for r, c in window]
        mine, theirs = cells.count(player), cells.count(-player)
        if mine and theirs:
            continue
        score += {2: 2, 3: 5}.get(mine, 0) - {2: 2, 3: 5}.get(theirs, 0)
    centre = cols // 2
    score += 3 * sum(b[r][centre] == player for r in range(rows))
    score -= 3 * sum(b[r][centre] == -player for r in range(rows))
    return math.tanh(score / 50)


def heuristic_player(board, player=1, max_depth=3):
    """Alpha-beta cut off at `max_depth` plies, scoring the boards there with `evaluate`."""
    return alpha_beta_search(board, player, max_depth, evaluate)[1]

# %% [markdown]
# ## Graduate student advanced task: Pure Monte Carlo Search [1 point]
#
# For every legal action, random games are played to the end (or to a ply limit, since mean moves
# can go on forever); the action with the best average outcome wins.

# %%
def playout(board, to_move, player, max_plies=84):
    """Random actions from `board` until the game ends (a draw at `max_plies`); the outcome for `player`."""
    for _ in range(max_plies):
        if GAME.terminal(board):
            return GAME.utility(board, player)
        board = GAME.result(board, to_move, random.choice(GAME.actions(board, to_move)))
        to_move = -to_move
    return 0


def mcts_player(board, player=1, playouts=10):
    """Pure Monte Carlo search: `playouts` random games per legal action; an immediate win is taken."""
    best_move, best_value = None, -math.inf
    for a in ordered_actions(board, player):
        child = GAME.result(board, player, a)
        if GAME.terminal(child):
            value = GAME.utility(child, player) * playouts
        else:
            value = sum(playout(child, -player, player) for _ in range(playouts))
        if value > best_value:
            best_move, best_value = a, value
    return best_move
