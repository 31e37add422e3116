"""Connect 4 as an immutable state object that carries whose turn it is, with the rules as its methods:
``state.actions()``, ``state.result(col)`` (a new state), ``state.is_over()``, ``state.score(player)``."""

import random

import numpy as np


class State:
    def __init__(self, board, turn):
        self.board, self.turn = board, turn

    def actions(self):
        return [c for c in range(self.board.shape[1]) if self.board[0, c] == 0]

    def result(self, col):
        new = self.board.copy()
        row = max(r for r in range(new.shape[0]) if new[r, col] == 0)
        new[row, col] = self.turn
        return State(new, -self.turn)

    def winner(self):
        b, rows, cols = self.board, self.board.shape[0], self.board.shape[1]
        for r in range(rows):
            for c in range(cols):
                p = b[r, c]
                if p and any(all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols and b[r + i * dr, c + i * dc] == p
                                 for i in range(4)) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))):
                    return p
        return 0

    def is_over(self):
        return self.winner() != 0 or not (self.board[0] == 0).any()

    def score(self, player):
        w = self.winner()
        return 0 if w == 0 else (1 if w == player else -1)


def initial_state(rows=6, cols=7):
    return State(np.zeros((rows, cols), dtype=int), 1)


def random_player(state):
    return random.choice(state.actions())
