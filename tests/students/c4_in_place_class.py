"""Connect 4 as an in-place class: the object is the game, drop(col) changes it, the turn is inside."""
import random
import numpy as np


class Connect4:
    def __init__(self, rows=6, cols=7):
        self.rows, self.cols = rows, cols
        self.board = np.zeros((rows, cols), dtype=int)
        self.turn = 1

    def copy(self):
        other = Connect4(self.rows, self.cols)
        other.board = self.board.copy()
        other.turn = self.turn
        return other

    def valid_moves(self):
        return [c for c in range(self.cols) if self.board[0, c] == 0]

    def drop(self, col):
        for r in range(self.rows - 1, -1, -1):
            if self.board[r, col] == 0:
                self.board[r, col] = self.turn
                break
        self.turn = -self.turn

    def winner(self):
        b = self.board
        for r in range(self.rows):
            for c in range(self.cols):
                p = b[r, c]
                if p == 0:
                    continue
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    if all(0 <= r + k * dr < self.rows and 0 <= c + k * dc < self.cols and b[r + k * dr, c + k * dc] == p
                           for k in range(4)):
                        return int(p)
        return 0

    def game_over(self):
        return self.winner() != 0 or not self.valid_moves()


def random_player(game):
    return random.choice(game.valid_moves())


def negamax(game, depth, alpha, beta):
    w = game.winner()
    if w != 0:
        return -1000 - depth, None
    if not game.valid_moves():
        return 0, None
    if depth == 0:
        return 0, None
    best, move = -10 ** 9, None
    for col in sorted(game.valid_moves(), key=lambda c: abs(c - game.cols // 2)):
        child = game.copy()
        child.drop(col)
        v = -negamax(child, depth - 1, -beta, -alpha)[0]
        if v > best:
            best, move = v, col
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best, move


def alpha_beta_player(game, depth=4):
    return negamax(game, depth, -10 ** 9, 10 ** 9)[1]
