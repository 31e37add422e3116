"""Fixture: Connect 4 rules as a class that takes the board size, whose methods take the board; one
module-level object of it, and agents that take that object first: (game, board, who)."""
import numpy as np
import random
import math


class Connect4Rules:
    def __init__(self, rows=6, cols=7):
        self.rows, self.cols = rows, cols

    def empty(self):
        return np.zeros((self.rows, self.cols), dtype=int)

    def legal(self, board):
        return [c for c in range(self.cols) if board[0, c] == 0]

    def play(self, board, col, who):
        b = board.copy()
        r = max(i for i in range(self.rows) if b[i, col] == 0)
        b[r, col] = who
        return b

    def winner(self, board):
        for r in range(self.rows):
            for c in range(self.cols):
                p = board[r, c]
                if p == 0:
                    continue
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    if all(0 <= r + i * dr < self.rows and 0 <= c + i * dc < self.cols
                           and board[r + i * dr, c + i * dc] == p for i in range(4)):
                        return int(p)
        return 0

    def over(self, board):
        return self.winner(board) != 0 or not self.legal(board)

    def value(self, board, who):
        w = self.winner(board)
        return 0 if w == 0 else (1 if w == who else -1)


rules = Connect4Rules()


def random_agent(game, board, who):
    return random.choice(game.legal(board))


def alphabeta_agent(game, board, who, depth=4):
    def search(b, d, alpha, beta, turn):
        if game.over(b) or d == 0:
            return game.value(b, who)
        if turn == who:
            v = -math.inf
            for c in game.legal(b):
                v = max(v, search(game.play(b, c, turn), d - 1, alpha, beta, -turn))
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
            return v
        v = math.inf
        for c in game.legal(b):
            v = min(v, search(game.play(b, c, turn), d - 1, alpha, beta, -turn))
            beta = min(beta, v)
            if alpha >= beta:
                break
        return v
    moves = sorted(game.legal(board), key=lambda c: abs(c - game.cols // 2))
    return max(moves, key=lambda c: search(game.play(board, c, who), depth - 1, -math.inf, math.inf, -who))
