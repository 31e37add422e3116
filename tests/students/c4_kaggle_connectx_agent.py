"""A Kaggle ConnectX agent: `agent(obs, config)` with obs.board a flat list of 0/1/2 (row 0 on top),
obs.mark 1 or 2, config.rows/columns/inarow; helpers that take `config` too. No course functions."""
import random


def drop(grid, col, mark, config):
    grid = list(grid)
    for row in range(config.rows - 1, -1, -1):
        if grid[row * config.columns + col] == 0:
            grid[row * config.columns + col] = mark
            return grid
    raise ValueError("full column")


def wins(grid, mark, config):
    rows, cols, k = config.rows, config.columns, config.inarow
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= y < rows and 0 <= x < cols and grid[y * cols + x] == mark for y, x in cells):
                    return True
    return False


def my_agent(obs, config):
    valid = [c for c in range(config.columns) if obs.board[c] == 0]
    for mark in (obs.mark, 3 - obs.mark):  # win if possible, else block
        for col in valid:
            if wins(drop(obs.board, col, mark, config), mark, config):
                return col
    return random.choice(valid)
