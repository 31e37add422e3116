"""Dots and Boxes as a model student solution: the notebook's answer cells, in ``# %%`` percent format.

Each ``# %%`` block is one notebook cell (``# %% [markdown]`` blocks are markdown, their lines
written as comments). :func:`reference.solutions.write_reference_submission` turns this file into the
reference submission; importing it gives the same functions for tests. Only the standard library is
used: student code runs in a sandbox that cannot import the grader's ``reference``.

The search agents play through ``GAME``, the rules bound when their cell runs (AIMA's ``Game``
object), so a later cell that redefines ``actions`` or ``result`` (a validity-suite mutant)
changes that function alone.
"""

# %% [markdown]
# # Adversarial Search: Playing Dots and Boxes
#
# Student Name: Reference Solution
#
# I have used the following AI tools: none
#
# I understand that my submission needs to be my own work: RS

# %% [markdown]
# ## Task 1: Defining the Search Problem [10 point]
#
# **Initial state:** a grid of `rows x cols` dots with no line drawn; player `+1` moves first.
# **Actions:** the lines not drawn yet, `('h', r, c)` from dot (r, c) to (r, c+1) and `('v', r, c)`
# from (r, c) to (r+1, c). **Transition model:** `result(board, player, action)` draws the line and
# gives `player` every box it completes; a player who completes a box moves again. **Terminal
# states:** every line is drawn. **Utility:** the player's boxes minus the opponent's.
#
# A 4x4-dot board has 24 lines, so at most $2^{24} \approx 1.7 \times 10^7$ line sets (times the box
# owners) and at most $24! \approx 6 \times 10^{23}$ orders of play.

# %% [markdown]
# ## Task 2: Game Environment and Random Agent [30 point]

# %%
import math
import random


def empty_board(rows=4, cols=4):
    """No lines and no boxes yet; `size` counts dots."""
    return {'size': (rows, cols), 'lines': {}, 'boxes': {}}


def all_lines(board):
    """Every line of the board, horizontal ones first."""
    rows, cols = board['size']
    return ([('h', r, c) for r in range(rows) for c in range(cols - 1)]
            + [('v', r, c) for r in range(rows - 1) for c in range(cols)])


def box_sides(r, c):
    """The four lines around the box whose top-left dot is (r, c)."""
    return [('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)]


def boxes_of(board, line):
    """The one or two boxes that `line` is a side of."""
    rows, cols = board['size']
    kind, r, c = line
    candidates = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
    return [(br, bc) for br, bc in candidates if 0 <= br < rows - 1 and 0 <= bc < cols - 1]

# %%
def actions(board):
    """The lines not drawn yet."""
    return [line for line in all_lines(board) if line not in board['lines']]


def result(board, player, action):
    """A new board with `action` drawn; every box it completes becomes `player`'s.

    The input is not changed. Whether `player` moves again is the caller's business: the board
    does not say whose turn it is (see `next_player`).
    """
    if action in board['lines'] or action not in all_lines(board):
        raise ValueError(f"{action!r} is not a line that can still be drawn")
    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}
    new['lines'][action] = True
    for box in boxes_of(board, action):
        if all(side in new['lines'] for side in box_sides(*box)):
            new['boxes'][box] = player
    return new


def next_player(board, player, action):
    """Who moves after `player` draws `action`: the same player if it completes a box."""
    return player if len(result(board, player, action)['boxes']) > len(board['boxes']) else -player


def terminal(board):
    """The game is over when every line is drawn."""
    return len(board['lines']) == len(all_lines(board))


def utility(board, player=1):
    """`player`'s boxes minus the opponent's."""
    mine = sum(1 for owner in board['boxes'].values() if owner == player)
    return 2 * mine - len(board['boxes'])

# %% [markdown]
# The random agent receives the board and the player and returns a line that is still free.

# %%
def random_player(board, player=None):
    """A uniformly random line that is not drawn yet."""
    return random.choice(actions(board))

# %% [markdown]
# ## Task 3: Minimax Search with Alpha-Beta Pruning [30 points]
#
# The agents search through `GAME`, the rules as one object (as in AIMA's `Game`). After a move
# that completes a box the same player moves again, so two max (or min) levels can follow each other.

# %%
class Game:
    """The rules the search agents play by, bound when this cell runs."""

    def __init__(self, actions, result, terminal, utility):
        self.actions, self.result, self.terminal, self.utility = actions, result, terminal, utility


GAME = Game(actions, result, terminal, utility)


def sides_drawn(board, box):
    return sum(side in board['lines'] for side in box_sides(*box))


def ordered_actions(board):
    """Lines that complete a box first, then safe lines, then lines that give a box its third side."""
    def rank(line):
        counts = [sides_drawn(board, box) for box in boxes_of(board, line)]
        return 0 if 3 in counts else 2 if 2 in counts else 1
    return sorted(GAME.actions(board), key=rank)


def evaluate(board, player, to_move):
    """The box margin for `player`, counting boxes with three sides as the mover's (free boxes)."""
    rows, cols = board['size']
    free = sum(1 for r in range(rows - 1) for c in range(cols - 1)
               if (r, c) not in board['boxes'] and sides_drawn(board, (r, c)) == 3)
    return GAME.utility(board, player) + (free if to_move == player else -free)


class OutOfNodes(Exception):
    """The search used up its node budget."""


def alpha_beta_search(board, player, max_depth, node_budget=math.inf):
    """Alpha-beta from `player`'s view, `max_depth` moves deep; returns (value, move).

    Raises OutOfNodes after `node_budget` boards (a count, not a clock, so replays give the same move).
    """
    nodes = 0

    def value(board, to_move, alpha, beta, depth):
        nonlocal nodes
        nodes += 1
        if nodes > node_budget:
            raise OutOfNodes
        if GAME.terminal(board):
            return GAME.utility(board, player), None
        if depth >= max_depth:
            return evaluate(board, player, to_move), None
        maximizing = to_move == player
        best_value, best_move = (-math.inf if maximizing else math.inf), None
        for a in ordered_actions(board):
            child = GAME.result(board, to_move, a)
            nxt = to_move if len(child['boxes']) > len(board['boxes']) else -to_move
            v, _ = value(child, nxt, alpha, beta, depth + 1)
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


def alpha_beta_player(board, player=1, node_budget=2500):
    """Iterative deepening: the move of the deepest search that finishes within `node_budget` boards."""
    move = ordered_actions(board)[0]
    for depth in range(1, len(GAME.actions(board)) + 1):
        try:
            move = alpha_beta_search(board, player, depth, node_budget)[1]
        except OutOfNodes:
            break
    return move

# %% [markdown]
# ### Discussion
#
# Capturing lines are tried first, then safe lines, then lines that hand the opponent a box: the
# best move is usually among the first ones, so alpha-beta prunes most of the rest. The heuristic at
# the cutoff is the box margin plus the boxes that are free for the player to move. Moves take well
# under a second on 4x4 and 5x5 dots: iterative deepening stops at a
# budget of 2,500 boards, so the search goes deeper as the lines run out.

# %% [markdown]
# ## Graduate task: Pure Monte Carlo Search [10 points]

# %%
def playout(board, to_move, player):
    """Random play from `board` to the end; the final margin for `player`."""
    lines = set(board['lines'])
    rows, cols = board['size']
    free = [line for line in all_lines(board) if line not in lines]
    random.shuffle(free)
    margin = GAME.utility(board, player)
    for line in free:
        lines.add(line)
        closed = sum(1 for box in boxes_of(board, line) if all(s in lines for s in box_sides(*box)))
        if closed:
            margin += closed if to_move == player else -closed
        else:
            to_move = -to_move
    return margin


def mcts_player(board, player=1, playouts=30):
    """Pure Monte Carlo search: `playouts` random games per line; the best average margin wins."""
    best_move, best_value = None, -math.inf
    for a in ordered_actions(board):
        child = GAME.result(board, player, a)
        nxt = player if len(child['boxes']) > len(board['boxes']) else -player
        value = sum(playout(child, nxt, player) for _ in range(playouts))
        if value > best_value:
            best_move, best_value = a, value
    return best_move
