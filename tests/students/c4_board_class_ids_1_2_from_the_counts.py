"""Fixture: Connect 4 on a Board class of the student's own (numpy inside, row 0 at the BOTTOM, discs 1 and 2)
whose rules take no player: the mover is read from the disc counts. No reading of a board knows the object,
so positions are replayed; nothing the replay calls is told a player, so the ids utility() and the agents
are handed (1 and 2) can only come from the discs the states hold. Random replays fill the top of some
columns with one player's disc only: each square's value is read as every square's is."""
import math
import random

import numpy as np


class Board:
    def __init__(self, rows=6, cols=7, grid=None):
        self.rows, self.cols = rows, cols
        self.grid = np.zeros((rows, cols), dtype=int) if grid is None else grid

    def copy(self):
        return Board(self.rows, self.cols, self.grid.copy())

    def to_move(self):
        return 1 if np.count_nonzero(self.grid == 1) == np.count_nonzero(self.grid == 2) else 2

    def valid_columns(self):
        return [c for c in range(self.cols) if self.grid[self.rows - 1][c] == 0]

    def drop(self, col):
        b = self.copy()
        row = next(r for r in range(self.rows) if b.grid[r][col] == 0)
        b.grid[row][col] = self.to_move()
        return b

    def winning_move(self, piece):
        g, R, C = self.grid, self.rows, self.cols
        return any(all(0 <= r + k * dr < R and 0 <= c + k * dc < C and g[r + k * dr][c + k * dc] == piece
                       for k in range(4))
                   for r in range(R) for c in range(C) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


def initial_state(rows=6, cols=7):
    return Board(rows, cols)


def actions(board):
    return board.valid_columns()


def result(board, action):
    return board.drop(action)


def terminal(board):
    return board.winning_move(1) or board.winning_move(2) or not board.valid_columns()


def utility(board, player):
    other = 2 if player == 1 else 1
    return 1 if board.winning_move(player) else -1 if board.winning_move(other) else 0


def random_player(board):
    return random.choice(actions(board))


def alpha_beta_player(board, max_depth=4):
    me = board.to_move()

    def value(b, alpha, beta, depth):
        if terminal(b):
            return utility(b, me) * (1 + depth)
        if depth == 0:
            return 0
        mine = b.to_move() == me
        best = -math.inf if mine else math.inf
        for a in actions(b):
            v = value(result(b, a), alpha, beta, depth - 1)
            best = max(best, v) if mine else min(best, v)
            alpha, beta = (max(alpha, v), beta) if mine else (alpha, min(beta, v))
            if alpha >= beta:
                break
        return best

    return max(actions(board), key=lambda a: value(result(board, a), -math.inf, math.inf, max_depth - 1))
