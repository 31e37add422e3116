"""A Kaggle ConnectX n-step lookahead agent (written for the tests): the flat board is reshaped to a
numpy grid of 0/1/2 (row 0 on top); every helper takes Kaggle's `config`: `drop_piece(grid, col, mark,
config)` returns a new grid, `is_terminal_node(grid, config)` says whether the game is over, and a
depth-limited minimax scores each move with a window heuristic. The agent is `agent(obs, config)`."""
import random

import numpy as np

N_STEPS = 3


def drop_piece(grid, col, mark, config):
    next_grid = grid.copy()
    for row in range(config.rows - 1, -1, -1):
        if next_grid[row][col] == 0:
            break
    next_grid[row][col] = mark
    return next_grid


def windows(grid, config):
    k = config.inarow
    for r in range(config.rows):
        for c in range(config.columns):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < config.rows and 0 <= x < config.columns for y, x in cells):
                    yield [grid[y][x] for y, x in cells]


def is_terminal_window(window, config):
    return window.count(1) == config.inarow or window.count(2) == config.inarow


def is_terminal_node(grid, config):
    if list(grid[0, :]).count(0) == 0:
        return True
    return any(is_terminal_window(w, config) for w in windows(grid, config))


def get_heuristic(grid, mark, config):
    score = 0
    for w in windows(grid, config):
        mine, theirs, empty = w.count(mark), w.count(3 - mark), w.count(0)
        if mine == config.inarow:
            score += 1e6
        elif theirs == config.inarow:
            score -= 1e6
        elif mine == config.inarow - 1 and empty == 1:
            score += 10
        elif theirs == config.inarow - 1 and empty == 1:
            score -= 100
    return score


def minimax(node, depth, maximizingPlayer, mark, config):
    if depth == 0 or is_terminal_node(node, config):
        return get_heuristic(node, mark, config)
    valid = [c for c in range(config.columns) if node[0][c] == 0]
    if maximizingPlayer:
        return max(minimax(drop_piece(node, c, mark, config), depth - 1, False, mark, config) for c in valid)
    return min(minimax(drop_piece(node, c, 3 - mark, config), depth - 1, True, mark, config) for c in valid)


def score_move(grid, col, mark, config, nsteps):
    return minimax(drop_piece(grid, col, mark, config), nsteps - 1, False, mark, config)


def agent(obs, config):
    valid = [c for c in range(config.columns) if obs.board[c] == 0]
    grid = np.asarray(obs.board).reshape(config.rows, config.columns)
    scores = {c: score_move(grid, c, obs.mark, config, N_STEPS) for c in valid}
    best = [c for c in valid if scores[c] == max(scores.values())]
    return random.choice(best)
