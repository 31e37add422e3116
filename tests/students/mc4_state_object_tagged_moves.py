"""Fixture: Mean Connect 4 as a state object of the student's own (numpy inside, row 0 at the bottom, discs 1
and 2, the player to move kept on the object) whose moves are tagged tuples: ('drop', col) and
('mean', from_col, to_col). The empty board lists only drops, so how a mean move is written is learned from
the student's own actions() on positions replayed by drops."""
import random

import numpy as np


class MeanBoard:
    def __init__(self, rows=6, cols=7):
        self.grid = np.zeros((rows, cols), dtype=int)
        self.turn = 1

    def copy(self):
        b = MeanBoard(*self.grid.shape)
        b.grid, b.turn = self.grid.copy(), self.turn
        return b

    def moves(self):
        R, C = self.grid.shape
        out = [('drop', c) for c in range(C) if self.grid[R - 1, c] == 0]
        for s in range(C):
            if self.grid[0, s] == 3 - self.turn:
                out += [('mean', s, d) for d in range(C) if d == s or self.grid[R - 1, d] == 0]
        return out

    def play(self, move):
        b = self.copy()
        g = b.grid
        if move[0] == 'drop':
            disc, col = b.turn, move[1]
        else:
            _, s, col = move
            disc = g[0, s]
            g[:-1, s] = g[1:, s].copy()
            g[-1, s] = 0
        g[int(np.argmax(g[:, col] == 0)), col] = disc
        b.turn = 3 - b.turn
        return b

    def four(self, p):
        g = self.grid
        R, C = g.shape
        return any(all(0 <= r + i * dr < R and 0 <= c + i * dc < C and g[r + i * dr, c + i * dc] == p for i in range(4))
                   for r in range(R) for c in range(C) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


def initial_state():
    return MeanBoard()


def actions(state):
    return state.moves()


def result(state, action):
    return state.play(action)


def terminal(state):
    return state.four(1) or state.four(2) or not (state.grid == 0).any()


def utility(state, player):
    a, b = state.four(player), state.four(3 - player)
    return (a and not b) - (b and not a)


def random_player(state):
    return random.choice(actions(state))
