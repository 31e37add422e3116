"""Cells of the tic-tac-toe sample (mia), the .py export (olivia) and the HTML export (pat)."""

MIA = [
    ("md", r'''# Adversarial Search: Solving Tic-Tac-Toe with Minimax Search and Alpha-Beta Pruning

Mia Tanaka - worked example, redone by me.'''),
    ("md", r'''## Introduction

Multiplayer games can be implemented as:

1. Nondeterministic actions: The opponent is seen as part of an environment with nondeterministic
   actions. Non-determinism is the result of the unknown moves by the opponent.
2. Optimal Decisions: Minimax search (search complete game tree) and alpha-beta pruning.

The board is a list of 9 cells, `' '` for empty, `'x'` and `'o'`; `x` moves first.'''),
    ("code", r'''import math
import random

import numpy as np


def empty_board():
    return [' '] * 9


def show_board(board):
    b = np.array(board).reshape(3, 3)
    print('\n-+-+-\n'.join('|'.join(row) for row in b))


def other(player):
    return 'o' if player == 'x' else 'x'


def actions(board):
    return [i for i in range(len(board)) if board[i] == ' ']


def result(state, player, action):
    if state[action] != ' ':
        raise ValueError(f'cell {action} is taken')
    state = state.copy()
    state[action] = player
    return state


def check_win(board):
    """'x' or 'o' if that player has three in a row, 'd' for a draw, 'n' if the game goes on."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8),   # rows
             (0, 3, 6), (1, 4, 7), (2, 5, 8),   # columns
             (0, 4, 8), (2, 4, 6)]              # diagonals
    for a, b, c in lines:
        if board[a] != ' ' and board[a] == board[b] == board[c]:
            return board[a]
    if ' ' not in board:
        return 'd'
    return 'n'


def terminal(state):
    return check_win(state) != 'n'


def utility(state, player='x'):
    """+1 if player won, -1 if player lost, 0 for a draw; None if the game is not over."""
    goal = check_win(state)
    if goal == player:
        return +1
    if goal == 'd':
        return 0
    if goal == other(player):
        return -1
    return None'''),
    ("code", r'''board = empty_board()
board = result(board, 'x', 4)
board = result(board, 'o', 0)
show_board(board)
print(actions(board), terminal(board), utility(board))'''),
    ("code", r'''def random_player(board, player=None):
    return random.choice(actions(board))


def switch_player(player, x, o):
    if player == 'x':
        return 'o', o
    return 'x', x


def play(x, o, N=100):
    results = {'x': 0, 'o': 0, 'd': 0}
    for i in range(N):
        board = empty_board()
        player, fun = 'x', x
        while True:
            a = fun(board, player)
            board = result(board, player, a)
            win = check_win(board)
            if win != 'n':
                results[win] += 1
                break
            player, fun = switch_player(player, x, o)
    return results

play(random_player, random_player, N=1000)''',
     "{'x': 582, 'o': 297, 'd': 121}\n"),
    ("md", r'''## Minimax Search'''),
    ("code", r'''DEBUG = 0
COUNT = 0


def minimax_search(board, player='x'):
    """Complete minimax search. Returns (value, move) for `player`, who is to move."""
    global COUNT
    COUNT = 0

    def max_value(state):
        global COUNT
        COUNT += 1
        v = utility(state, player)
        if v is not None:
            return v, None
        v, move = -math.inf, None
        for a in actions(state):
            v2, _ = min_value(result(state, player, a))
            if v2 > v:
                v, move = v2, a
        return v, move

    def min_value(state):
        global COUNT
        COUNT += 1
        v = utility(state, player)
        if v is not None:
            return v, None
        v, move = math.inf, None
        for a in actions(state):
            v2, _ = max_value(result(state, other(player), a))
            if v2 < v:
                v, move = v2, a
        return v, move

    value, move = max_value(board)
    if DEBUG >= 1:
        print(f"Number of nodes searched: {COUNT}")
    return value, move


def minimax_player(board, player='x'):
    return minimax_search(board, player)[1]'''),
    ("code", r'''board = ['x', 'o', 'x',
         ' ', 'o', ' ',
         ' ', ' ', ' ']
DEBUG = 1
print(minimax_search(board, 'x'))   # x has to block at 7
DEBUG = 0'''),
    ("md", r'''## Alpha-Beta Search'''),
    ("code", r'''def alpha_beta_search(board, player='x'):
    """Minimax with alpha-beta pruning. Returns (value, move)."""

    def max_value(state, alpha, beta):
        v = utility(state, player)
        if v is not None:
            return v, None
        v, move = -math.inf, None
        for a in actions(state):
            v2, _ = min_value(result(state, player, a), alpha, beta)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(state, alpha, beta):
        v = utility(state, player)
        if v is not None:
            return v, None
        v, move = math.inf, None
        for a in actions(state):
            v2, _ = max_value(result(state, other(player), a), alpha, beta)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return max_value(board, -math.inf, math.inf)


def alpha_beta_player(board, player='x'):
    return alpha_beta_search(board, player)[1]'''),
    ("code", r'''%time print(alpha_beta_search(empty_board(), 'x'))
%time print(minimax_search(empty_board(), 'x'))''',
     "(0, 0)\nCPU times: user 71 ms, sys: 0 ns, total: 71 ms\nWall time: 71.4 ms\n"
     "(0, 0)\nCPU times: user 1.83 s, sys: 4 ms, total: 1.84 s\nWall time: 1.84 s\n"),
    ("code", r'''print("alpha-beta (x) vs random:", play(alpha_beta_player, random_player, N=20))
print("random vs alpha-beta (o):", play(random_player, alpha_beta_player, N=20))
print("alpha-beta vs alpha-beta:", play(alpha_beta_player, alpha_beta_player, N=2))'''),
    ("md", r'''Both searches find the value 0 (a draw) for the empty board, and alpha-beta needs only a
small part of the nodes that minimax visits (about 25 times faster). The alpha-beta agent never
loses against the random agent and two alpha-beta agents always draw.'''),
]


# A .py export (jupytext "percent" format, as VS Code and Spyder write it)
OLIVIA = r'''# %% [markdown]
# # Adversarial Search: Playing Connect 4
#
# Olivia Brandt -- I worked in VS Code, so this is a Python file with cells.
#
# ## Task 1
# Initial state: empty 6x7 board. Actions: open columns. Result: the disc drops to the lowest free
# cell (row 0 is the top, so the largest free row index). Terminal: four in a row or full board.
# Utility: +1 / -1 / 0 for the player.

# %%
import math
import random

import numpy as np

# %% [markdown]
# ## Task 2

# %%
def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    free = [r for r in range(board.shape[0]) if board[r, action] == 0]
    if not free:
        raise ValueError(f"column {action} is full")
    new = board.copy()
    new[free[-1], action] = player
    return new


DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def winner(board):
    rows, cols = board.shape
    b = board.tolist()
    for r in range(rows):
        for c in range(cols):
            p = b[r][c]
            if p == 0:
                continue
            for dr, dc in DIRECTIONS:
                rr, cc = r + 3 * dr, c + 3 * dc
                if 0 <= rr < rows and 0 <= cc < cols and all(b[r + i * dr][c + i * dc] == p for i in range(1, 4)):
                    return p
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player=1):
    return winner(board) * player


def random_player(board, player=1):
    return random.choice(actions(board))


# %%
def play_game(red, yellow):
    board, player = empty_board(), 1
    while not terminal(board):
        board = result(board, player, (red if player == 1 else yellow)(board.copy(), player))
        player = -player
    return winner(board)


outcomes = [play_game(random_player, random_player) for _ in range(200)]
print(outcomes.count(1), outcomes.count(-1), outcomes.count(0))

# %% [markdown]
# ## Task 3 and 4: alpha-beta with a depth cutoff and a heuristic

# %%
def heuristic(board, player):
    """Open lines of four: +n^2 for n own discs in a line without opponent discs, and vice versa."""
    rows, cols = board.shape
    b = board.tolist()
    total = 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                rr, cc = r + 3 * dr, c + 3 * dc
                if 0 <= rr < rows and 0 <= cc < cols:
                    line = [b[r + i * dr][c + i * dc] for i in range(4)]
                    if -player not in line:
                        total += line.count(player) ** 2
                    elif player not in line:
                        total -= line.count(-player) ** 2
    return total / (abs(total) + 100)


def search(board, to_move, me, depth, alpha, beta, evaluate):
    if terminal(board):
        return utility(board, me)
    if depth == 0:
        return evaluate(board, me)
    mid = board.shape[1] // 2
    for a in sorted(actions(board), key=lambda c: abs(c - mid)):
        v = search(result(board, to_move, a), -to_move, me, depth - 1, alpha, beta, evaluate)
        if to_move == me:
            alpha = max(alpha, v)
        else:
            beta = min(beta, v)
        if alpha >= beta:
            break
    return alpha if to_move == me else beta


def best_move(board, player, depth, evaluate):
    mid = board.shape[1] // 2
    best, best_v = None, -math.inf
    for a in sorted(actions(board), key=lambda c: abs(c - mid)):
        v = search(result(board, player, a), -player, player, depth - 1, best_v, math.inf, evaluate)
        if best is None or v > best_v:
            best, best_v = a, v
    return best


def alpha_beta_player(board, player=1, depth=5):
    return best_move(board, player, depth, lambda b, p: 0)


def heuristic_player(board, player=1, depth=4):
    return best_move(board, player, depth, heuristic)


# %%
print([play_game(heuristic_player, random_player) for _ in range(3)])
'''


PAT = [
    ("md", r'''# Adversarial Search: Playing Connect 4

Student Name: Pat Morgan (graduate student)

I have used the following AI tools: none

I understand that my submission needs to be my own work: PM

(Submitted as HTML because the upload of the .ipynb failed.)'''),
    ("md", r'''## Task 1: Defining the Search Problem [10 point]

Initial state: the empty board, red (1) first. Actions: open columns. Transition: the disc falls to
the largest free row index (row 0 is the top). Terminal: four in a row or a full board. Utility:
+1/-1/0 from the player's view. The state space is about $4.5 \times 10^{12}$ positions.'''),
    ("md", r'''## Task 2: Game Environment and Random Agent [25 point]'''),
    ("code", r'''import math
import random
import numpy as np


def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)


def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]


def result(board, player, action):
    new = board.copy()
    r = np.flatnonzero(new[:, action] == 0)[-1]
    new[r, action] = player
    return new


def winner(board):
    rows, cols = board.shape
    b = board.tolist()
    for r in range(rows):
        for c in range(cols):
            p = b[r][c]
            if p and c + 3 < cols and b[r][c + 1] == b[r][c + 2] == b[r][c + 3] == p:
                return p
            if p and r + 3 < rows and b[r + 1][c] == b[r + 2][c] == b[r + 3][c] == p:
                return p
            if p and r + 3 < rows and c + 3 < cols and b[r + 1][c + 1] == b[r + 2][c + 2] == b[r + 3][c + 3] == p:
                return p
            if p and r + 3 < rows and c >= 3 and b[r + 1][c - 1] == b[r + 2][c - 2] == b[r + 3][c - 3] == p:
                return p
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player=1):
    return winner(board) * player


def random_player(board, player=1):
    return random.choice(actions(board))'''),
    ("md", r'''## Task 3: Minimax Search with Alpha-Beta Pruning'''),
    ("code", r'''def minimax_ab_player(board, player=1, depth=5, evaluate=None):
    """Alpha-beta to `depth` plies, centre-first; at the cutoff `evaluate(board, player)` or 0."""
    mid = board.shape[1] // 2

    def ordered(b):
        return sorted(actions(b), key=lambda c: abs(c - mid))

    def value(b, to_move, d, alpha, beta):
        if terminal(b):
            return utility(b, player) * (d + 1)  # faster wins are better
        if d == 0:
            return evaluate(b, player) if evaluate else 0
        if to_move == player:
            v = -math.inf
            for a in ordered(b):
                v = max(v, value(result(b, to_move, a), -to_move, d - 1, alpha, beta))
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
            return v
        v = math.inf
        for a in ordered(b):
            v = min(v, value(result(b, to_move, a), -to_move, d - 1, alpha, beta))
            beta = min(beta, v)
            if alpha >= beta:
                break
        return v

    best, best_v = None, -math.inf
    for a in ordered(board):
        v = value(result(board, player, a), -player, depth - 1, best_v, math.inf)
        if best is None or v > best_v:
            best, best_v = a, v
    return best'''),
    ("md", r'''## Task 4: Heuristic Alpha-Beta Tree Search [30 points]

The heuristic counts the discs in the three centre columns (weighted 3, 2, 2) and every open line of
three in a row; it is divided by 1000 so that it stays below the smallest win score (1).'''),
    ("code", r'''def centre_heuristic(board, player):
    rows, cols = board.shape
    mid = cols // 2
    score = 3 * np.sum(board[:, mid] == player) - 3 * np.sum(board[:, mid] == -player)
    for c in (mid - 1, mid + 1):
        score += 2 * np.sum(board[:, c] == player) - 2 * np.sum(board[:, c] == -player)
    b = board.tolist()
    for r in range(rows):
        for c in range(cols - 3):
            line = b[r][c:c + 4]
            if line.count(player) == 3 and line.count(0) == 1:
                score += 5
            if line.count(-player) == 3 and line.count(0) == 1:
                score -= 5
    return float(score) / 1000


def heuristic_player(board, player=1, depth=4):
    return minimax_ab_player(board, player, depth, evaluate=centre_heuristic)'''),
    ("md", r'''## Graduate student advanced task: Pure Monte Carlo Search [10 point]

Pure Monte Carlo search: for every legal move, play random games to the end and pick the move with
the best average result. 60 playouts in total (spread over the legal moves) keep a move well under a
second.'''),
    ("code", r'''def playout(board, to_move, player):
    while not terminal(board):
        board = result(board, to_move, random.choice(actions(board)))
        to_move = -to_move
    return utility(board, player)


def mcts_player(board, player=1, playouts=60):
    best, best_avg = None, -math.inf
    for a in actions(board):
        b = result(board, player, a)
        if winner(b) == player:
            return a
        avg = sum(playout(b, -player, player) for _ in range(playouts // len(actions(board)) + 1))
        if avg > best_avg:
            best, best_avg = a, avg
    return best'''),
    ("code", r'''def play_game(red, yellow):
    board, player = empty_board(), 1
    while not terminal(board):
        board = result(board, player, (red if player == 1 else yellow)(board.copy(), player))
        player = -player
    return winner(board)

print([play_game(mcts_player, random_player) for _ in range(3)])
print([play_game(minimax_ab_player, random_player) for _ in range(3)])'''),
]
