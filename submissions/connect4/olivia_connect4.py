# %% [markdown]
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
