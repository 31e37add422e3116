"""Cells of the Mean Connect 4 samples: ruth (complete), sam (another reading of the rule), tara (bugs)."""

_TITLE = r'''# Adversarial Search: Playing "Mean" Connect 4

{name}'''

_RULE = r'''**The mean part:** instead of playing a new disc, a player may take a bottom-row disc of the
opponent and place it in any column; the discs above it fall down one position.'''

RUTH = [
    ("md", _TITLE.format(name="Ruth Okafor")),
    ("md", _RULE),
    ("md", r'''## Task 1: Defining the Search Problem

* Initial state: an empty 6x7 board, red (`1`) to move.
* Actions: `('drop', col)` for an open column, `('mean', src, dst)` to move the opponent's disc from
  the bottom of `src` to the top of `dst` (the same column is allowed, the rule says "any column").
* Transition model: `result(board, player, action)` returns a new board.
* Terminal: someone has four in a row, or the board is full.
* Utility: +1 / -1 / 0 from `player`'s view; if a mean move gives both players four, it is a draw.

The state space is below 3^42; mean moves make the tree infinite, so every search has a depth limit.'''),
    ("md", "## Task 2: Game Environment and Random Agent"),
    ("code", r'''import math
import random
import time

import numpy as np


def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)'''),
    ("code", r'''def open_columns(board):
    return [c for c in range(board.shape[1]) if board[0][c] == 0]


def actions(board, player=1):
    """('drop', col) moves first, then ('mean', src, dst) moves."""
    moves = [('drop', c) for c in open_columns(board)]
    bottom = board.shape[0] - 1
    for src in range(board.shape[1]):
        if board[bottom][src] == -player:
            for dst in range(board.shape[1]):
                if dst == src or board[0][dst] == 0:
                    moves.append(('mean', src, dst))
    return moves


def land(board, col, disc):
    free = [r for r in range(board.shape[0]) if board[r][col] == 0]
    board[free[-1]][col] = disc


def result(board, player, action):
    b = board.copy()
    if action[0] == 'drop':
        land(b, action[1], player)
        return b
    _, src, dst = action
    disc = b[-1][src]
    for r in range(b.shape[0] - 1, 0, -1):   # the column slides down one row
        b[r][src] = b[r - 1][src]
    b[0][src] = 0
    land(b, dst, disc)
    return b


def four_in_a_row(board, player):
    rows, cols = board.shape
    board = board.tolist()   # lists index much faster than numpy, cell by cell
    for r in range(rows):
        for c in range(cols):
            for dr, dc in [(0, 1), (1, 0), (1, 1), (-1, 1)]:
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < rows and 0 <= cc < cols and board[rr][cc] == player for rr, cc in cells):
                    return True
    return False


def terminal(board):
    return four_in_a_row(board, 1) or four_in_a_row(board, -1) or len(open_columns(board)) == 0


def utility(board, player=1):
    me, them = four_in_a_row(board, player), four_in_a_row(board, -player)
    if me and not them:
        return 1
    if them and not me:
        return -1
    return 0'''),
    ("code", r'''def random_player(board, player=None):
    return random.choice(actions(board, player if player is not None else 1))'''),
    ("code", r'''def play(red, yellow, board=None, max_moves=100):
    board = empty_board() if board is None else board
    player = 1
    for _ in range(max_moves):
        if terminal(board):
            return utility(board, 1)
        agent = red if player == 1 else yellow
        board = result(board, player, agent(board, player))
        player = -player
    return 0


wins = [play(random_player, random_player) for _ in range(1000)]
print({outcome: wins.count(outcome) for outcome in (1, 0, -1)})''', "{1: 468, 0: 71, -1: 461}\n"),
    ("md", "## Task 3: Minimax Search with Alpha-Beta Pruning"),
    ("code", r'''def ordered(board, player):
    centre = (board.shape[1] - 1) / 2
    def key(move):
        return abs(move[1] - centre) if move[0] == 'drop' else 5 + abs(move[2] - centre)
    return sorted(actions(board, player), key=key)


def search(board, player, depth, heuristic=None):
    def value(b, turn, alpha, beta, d):
        if terminal(b):
            return utility(b, player) * (100 - d), None
        if d == depth:
            return (heuristic(b, player) if heuristic else 0), None
        best = None
        if turn == player:
            v = -math.inf
            for m in ordered(b, turn):
                w, _ = value(result(b, turn, m), -turn, alpha, beta, d + 1)
                if w > v:
                    v, best = w, m
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        else:
            v = math.inf
            for m in ordered(b, turn):
                w, _ = value(result(b, turn, m), -turn, alpha, beta, d + 1)
                if w < v:
                    v, best = w, m
                beta = min(beta, v)
                if alpha >= beta:
                    break
        return v, best
    return value(board, player, -math.inf, math.inf, 0)[1]


def alpha_beta_player(board, player=1, depth=2):
    return search(board, player, depth)'''),
    ("code", r'''%%time
alpha_beta_player(empty_board((4, 4)))'''),
    ("md", r'''Move ordering: drops in the centre first, mean moves last. It halves the time on 4x5.'''),
    ("md", "## Task 4: Heuristic Alpha-Beta Tree Search"),
    ("code", r'''def score_window(cells, player):
    mine, theirs = cells.count(player), cells.count(-player)
    if mine and theirs:
        return 0
    return [0, 1, 4, 20, 0][mine] - [0, 1, 4, 20, 0][theirs]


def heuristic(board, player):
    rows, cols = board.shape
    board = board.tolist()
    total = 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in [(0, 1), (1, 0), (1, 1), (-1, 1)]:
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    total += score_window([board[rr][cc] for rr, cc in cells], player)
    return total / (abs(total) + 100)


def heuristic_player(board, player=1, depth=2):
    return search(board, player, depth, heuristic)'''),
    ("code", r'''print(play(lambda b, p: heuristic_player(b, p, 3), lambda b, p: heuristic_player(b, p, 1)))''', "1\n"),
    ("md", "## Graduate student advanced task: Pure Monte Carlo Search"),
    ("code", r'''def simulate(board, turn, player, limit=20):
    for _ in range(limit):
        if terminal(board):
            return utility(board, player)
        board = result(board, turn, random.choice(actions(board, turn)))
        turn = -turn
    return 0


def pure_monte_carlo_player(board, player=1, seconds=1.0):
    """Random playouts for every move, round after round, until `seconds` are used up."""
    start = time.time()
    moves = ordered(board, player)
    children = [result(board, player, m) for m in moves]
    for move, child in zip(moves, children):
        if terminal(child) and utility(child, player) == 1:
            return move
    totals = [0] * len(moves)
    while time.time() - start < seconds:
        for i, child in enumerate(children):
            if time.time() - start >= seconds:
                break
            totals[i] += utility(child, player) if terminal(child) else simulate(child, -player, player)
    return moves[max(range(len(moves)), key=lambda i: totals[i])]'''),
]

SAM = [
    ("md", _TITLE.format(name="Sam Lindqvist")),
    ("md", _RULE + r'''

My reading: the disc I take becomes **mine** when I place it (I "steal" it), and it must go to a
different column (putting it back where it was would be no move at all).'''),
    ("code", r'''import math, random
import numpy as np

ROWS, COLS = 6, 7

def empty_board(shape=(ROWS, COLS)):
    return np.full(shape=shape, fill_value=0)

def drop_row(board, col):
    for r in range(board.shape[0] - 1, -1, -1):
        if board[r, col] == 0:
            return r
    return None

# A move is (from_col, to_col); a normal move has from_col = -1.
def actions(board, player):
    result_list = [(-1, c) for c in range(board.shape[1]) if board[0, c] == 0]
    for f in range(board.shape[1]):
        if board[-1, f] == -player:
            for t in range(board.shape[1]):
                if t != f and board[0, t] == 0:
                    result_list.append((f, t))
    return result_list

def result(board, player, action):
    new = board.copy()
    f, t = action
    if f >= 0:
        new[1:, f] = board[:-1, f]
        new[0, f] = 0
    new[drop_row(new, t), t] = player   # a stolen disc becomes mine
    return new

def has_four(board, p):
    b = (board == p).astype(int)
    rows, cols = b.shape
    for r in range(rows):
        for c in range(cols):
            if c + 3 < cols and b[r, c:c + 4].sum() == 4:
                return True
            if r + 3 < rows and b[r:r + 4, c].sum() == 4:
                return True
            if r + 3 < rows and c + 3 < cols and sum(b[r + i, c + i] for i in range(4)) == 4:
                return True
            if r + 3 < rows and c - 3 >= 0 and sum(b[r + i, c - i] for i in range(4)) == 4:
                return True
    return False

def terminal(board):
    return has_four(board, 1) or has_four(board, -1) or not (board[0] == 0).any()

def utility(board, player):
    mine, theirs = has_four(board, player), has_four(board, -player)
    if mine == theirs:
        return 0   # nobody, or both after a mean move: a draw
    return 1 if mine else -1

def random_player(board, player):
    return random.choice(actions(board, player))'''),
    ("code", r'''def minimax_ab(board, player, depth, h=None):
    def go(b, turn, a, beta, d):
        if terminal(b):
            return utility(b, player) * (50 - d), None
        if d >= depth:
            return (h(b, player) if h else 0), None
        moves = sorted(actions(b, turn), key=lambda m: (m[0] >= 0, abs(m[1] - 3)))
        best = moves[0]
        if turn == player:
            v = -math.inf
            for m in moves:
                x, _ = go(result(b, turn, m), -turn, a, beta, d + 1)
                if x > v: v, best = x, m
                a = max(a, v)
                if a >= beta: break
        else:
            v = math.inf
            for m in moves:
                x, _ = go(result(b, turn, m), -turn, a, beta, d + 1)
                if x < v: v, best = x, m
                beta = min(beta, v)
                if a >= beta: break
        return v, best
    return go(board, player, -math.inf, math.inf, 0)[1]

def alpha_beta_player(board, player=1):
    return minimax_ab(board, player, 3)

def centre_heuristic(board, player):
    cols = board.shape[1]
    weights = np.array([min(c, cols - 1 - c) + 1 for c in range(cols)])
    return float(np.tanh(((board == player) * weights).sum() / 20 - ((board == -player) * weights).sum() / 20)) * 0.5

def heuristic_player(board, player=1):
    return minimax_ab(board, player, 2, centre_heuristic)'''),
]

TARA = [
    ("md", _TITLE.format(name="Tara Nwosu")),
    ("md", _RULE),
    ("code", r'''import random
import numpy as np

def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)

def actions(board, player=1):
    moves = [c for c in range(board.shape[1]) if board[0][c] == 0]
    for f in range(board.shape[1]):
        if board[-1][f] != 0:            # any disc in the bottom row
            for t in range(board.shape[1]):
                if board[0][t] == 0:
                    moves.append((f, t))
    return moves

def result(board, player, action):
    b = board.copy()
    if isinstance(action, tuple):
        f, t = action
        disc = b[-1][f]
        b[-1][f] = 0                     # take the disc out
        row = max(r for r in range(b.shape[0]) if b[r][t] == 0)
        b[row][t] = disc
    else:
        row = max(r for r in range(b.shape[0]) if b[r][action] == 0)
        b[row][action] = player
    return b

def has_four(board, p):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols and board[r + i * dr][c + i * dc] == p
                       for i in range(4)):
                    return True
    return False

def terminal(board):
    return has_four(board, 1) or has_four(board, -1) or not (board[0] == 0).any()

def utility(board, player=1):
    if has_four(board, 1):
        return 1
    if has_four(board, -1):
        return -1
    return 0

def random_player(board, player=1):
    return random.choice(actions(board, player))'''),
    ("code", r'''import math

def alpha_beta_player(board, player=1, depth=3):
    def value(b, turn, alpha, beta, d):
        if terminal(b):
            return utility(b, player) * player * 10, None   # from red's view, turned to mine
        if d == depth:
            return 0, None
        moves = [c for c in actions(b, turn) if not isinstance(c, tuple)]  # mean moves are rare anyway
        best = moves[0]
        v = -math.inf if turn == player else math.inf
        for m in moves:
            w, _ = value(result(b, turn, m), -turn, alpha, beta, d + 1)
            if turn == player and w > v:
                v, best = w, m
                alpha = max(alpha, v)
            elif turn != player and w < v:
                v, best = w, m
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v, best
    return value(board, player, -math.inf, math.inf, 0)[1]'''),
]
