"""Connect 4 as a model student solution: the notebook's answer cells, in ``# %%`` percent format.

Each ``# %%`` block is one notebook cell (``# %% [markdown]`` blocks are markdown, their lines
written as comments). :func:`reference.solutions.write_reference_submission` turns this file into the
reference submission; importing it gives the same functions for tests. Only numpy and the standard
library are used: student code runs in a sandbox that cannot import the grader's ``reference``.

The search agents play through ``GAME``, the rules bound when their cell runs (AIMA's ``Game``
object), so a later cell that redefines ``actions`` or ``result`` (a validity-suite mutant)
changes that function alone.
"""

# %% [markdown]
# # Adversarial Search: Playing Connect 4
#
# Student Name: Reference Solution
#
# I have used the following AI tools: none
#
# I understand that my submission needs to be my own work: RS

# %% [markdown]
# ## Task 1: Defining the Search Problem [10 point]
#
# **Initial state:** the empty 6x7 board (all zeros); red (player `1`) moves first.
#
# **Actions:** the columns whose top cell (row 0) is empty. **Transition model:** `result(board,
# player, action)` drops `player`'s disc into column `action`; it lands on the largest free row index
# (row 0 is the top). **Terminal states:** four in a row for a player (horizontal, vertical or either
# diagonal) or a full board. **Utility:** +1 if `player` won, -1 if the opponent won, 0 for a draw.
#
# The state space has at most $3^{42} \approx 10^{20}$ boards (4.5 trillion are reachable); the game
# tree has at most $7^{42}$ leaves, so a search to the end is only possible on small boards.

# %% [markdown]
# ## Task 2: Game Environment and Random Agent [25 point]

# %%
import math
import random

import numpy as np


def empty_board(shape=(6, 7)):
    """The empty board: 0 is empty, 1 is red (first player), -1 is yellow; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)

# %%
def actions(board):
    """The columns that are not full: their top cell is still empty."""
    return [col for col in range(board.shape[1]) if board[0, col] == 0]


def result(board, player, action):
    """A new board with `player`'s disc dropped into column `action` (the input is not changed)."""
    if board[0, action] != 0:
        raise ValueError(f"column {action} is full")
    new_board = board.copy()
    row = np.max(np.nonzero(new_board[:, action] == 0)[0])  # the lowest free cell
    new_board[row, action] = player
    return new_board


def winner(board, k=4):
    """The player (1 or -1) with k discs in a row (any direction), else 0."""
    b = board.tolist()  # plain lists index much faster than numpy cell by cell
    rows, cols = len(b), len(b[0])
    for r in range(rows):
        for c in range(cols):
            p = b[r][c]
            if p == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + (k - 1) * dr, c + (k - 1) * dc
                if 0 <= end_r < rows and 0 <= end_c < cols and all(
                        b[r + i * dr][c + i * dc] == p for i in range(1, k)):
                    return p
    return 0


def terminal(board):
    """The game is over when a player has four in a row or the board is full (no empty top cell)."""
    return winner(board) != 0 or not (board[0] == 0).any()


def utility(board, player=1):
    """+1 if `player` has won, -1 if the opponent has won, 0 otherwise (a draw)."""
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)

# %% [markdown]
# The random agent receives the board and the player and returns a legal column.

# %%
def random_player(board, player=1):
    """A uniformly random legal column."""
    return random.choice(actions(board))

# %% [markdown]
# ## Task 3: Minimax Search with Alpha-Beta Pruning
#
# The agents search through `GAME`, the rules as one object (as in AIMA's `Game`).

# %%
class Game:
    """The rules the search agents play by, bound when this cell runs."""

    def __init__(self, actions, result, terminal, utility):
        self.actions, self.result, self.terminal, self.utility = actions, result, terminal, utility


GAME = Game(actions, result, terminal, utility)


def ordered_actions(board):
    """Centre columns first: they take part in the most lines, so good moves are tried early."""
    centre = (board.shape[1] - 1) / 2
    return sorted(GAME.actions(board), key=lambda col: abs(col - centre))


def alpha_beta_search(board, player, max_depth=None, evaluate=None):
    """Alpha-beta from `player`'s view; returns (value, move).

    Wins count more the sooner they come (1000 - depth), so the agent takes an immediate win and
    delays a loss. At the cutoff a board scores `evaluate(board, player)` (0 without a heuristic).
    """

    def value(board, to_move, alpha, beta, depth):
        if GAME.terminal(board):
            return GAME.utility(board, player) * (1000 - depth), None
        if max_depth is not None and depth >= max_depth:
            return (evaluate(board, player) if evaluate else 0), None
        best_move = None
        if to_move == player:
            v = -math.inf
            for a in ordered_actions(board):
                child, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
                if child > v:
                    v, best_move = child, a
                alpha = max(alpha, v)
                if v >= beta:
                    break
        else:
            v = math.inf
            for a in ordered_actions(board):
                child, _ = value(GAME.result(board, to_move, a), -to_move, alpha, beta, depth + 1)
                if child < v:
                    v, best_move = child, a
                beta = min(beta, v)
                if v <= alpha:
                    break
        return v, best_move

    return value(board, player, -math.inf, math.inf, 0)


def alpha_beta_player(board, player=1, max_depth=5):
    """Alpha-beta to `max_depth` plies (None: to the end of the game, for small boards)."""
    return alpha_beta_search(board, player, max_depth)[1]

# %% [markdown]
# ### Move ordering [5 points]
#
# Centre columns are tried first; on a 4x4 board this expands about a third fewer nodes than
# left-to-right. The first move the agent plays on an empty board is the centre column.

# %% [markdown]
# ## Task 4: Heuristic Alpha-Beta Tree Search [30 points]
#
# Every window of four cells that holds discs of one player only scores for that player (2 for two
# discs, 5 for three); centre discs add 3. `tanh` keeps the value strictly between a loss and a win.

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


def heuristic_player(board, player=1, max_depth=4):
    """Alpha-beta cut off at `max_depth` plies, scoring the boards there with `evaluate`."""
    return alpha_beta_search(board, player, max_depth, evaluate)[1]

# %% [markdown]
# ## Graduate task: Pure Monte Carlo Search [10 points]
#
# For every legal move, random games are played to the end; the move with the best average outcome
# wins. The playouts use plain lists and check only the lines through the last disc, so that a
# move takes a fraction of a second.

# %%
def wins_at(b, r, c, k=4):
    """Whether the disc at (r, c) of list board `b` completes k in a row."""
    p, rows, cols = b[r][c], len(b), len(b[0])
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        count = 1
        for sign in (1, -1):
            rr, cc = r + sign * dr, c + sign * dc
            while 0 <= rr < rows and 0 <= cc < cols and b[rr][cc] == p:
                count += 1
                rr, cc = rr + sign * dr, cc + sign * dc
        if count >= k:
            return True
    return False


def playout(b, to_move, player):
    """Play random moves on list board `b` (changed in place) to the end; the outcome for `player`."""
    rows, cols = len(b), len(b[0])
    heights = [sum(1 for r in range(rows) if b[r][c] == 0) for c in range(cols)]  # free cells per column
    while True:
        free = [c for c in range(cols) if heights[c]]
        if not free:
            return 0
        c = random.choice(free)
        heights[c] -= 1
        b[heights[c]][c] = to_move
        if wins_at(b, heights[c], c):
            return 1 if to_move == player else -1
        to_move = -to_move


def mcts_player(board, player=1, playouts=100):
    """Pure Monte Carlo search: `playouts` random games per legal move; an immediate win is taken."""
    best_move, best_value = None, -math.inf
    for a in ordered_actions(board):
        child = GAME.result(board, player, a)
        if GAME.terminal(child):
            value = GAME.utility(child, player) * playouts
        else:
            value = sum(playout(child.tolist(), -player, player) for _ in range(playouts))
        if value > best_value:
            best_move, best_value = a, value
    return best_move
