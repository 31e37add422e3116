"""Connect 4 whose rules are methods of a class built from the position and the player to move:
``Game(player, board=board).actions()``, ``.result(col)``, ``.terminal()``, ``.utility(player)``."""

import random

import numpy as np


def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


class Game:
    def __init__(self, player, board=None):
        self.player = player
        self.board = board if board is not None else empty_board()

    def actions(self):
        return [c for c in range(self.board.shape[1]) if self.board[0, c] == 0]

    def result(self, col):
        new = self.board.copy()
        row = max(r for r in range(new.shape[0]) if new[r, col] == 0)
        new[row, col] = self.player
        return new

    def winner(self):
        b, rows, cols = self.board, self.board.shape[0], self.board.shape[1]
        for r in range(rows):
            for c in range(cols):
                p = b[r, c]
                if p == 0:
                    continue
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(4)]
                    if all(0 <= rr < rows and 0 <= cc < cols and b[rr, cc] == p for rr, cc in cells):
                        return p
        return 0

    def terminal(self):
        return self.winner() != 0 or not (self.board[0] == 0).any()

    def utility(self, player):
        w = self.winner()
        return 0 if w == 0 else (1 if w == player else -1)


def random_player(board, player=1):
    return random.choice(Game(player, board=board).actions())
