"""Connect 4 with the rules written as methods of a class built from the position and the player to move:
``Game(player, board=board).actions()``, ``.result(col)``, ``.terminal()``, ``.utility(player)``. Its result
answers a new Game (the board inside it), no function makes an empty board and the random player takes a
Game: where no reading fits, the instructor binds the roles by hand."""
import random

import numpy as np


class Game:
    def __init__(self, player=1, board=None, rows=6, cols=7):
        self.player = player
        self.board = np.zeros((rows, cols), dtype=int) if board is None else np.array(board, dtype=int)

    def actions(self):
        return [c for c in range(self.board.shape[1]) if self.board[0, c] == 0]

    def result(self, col):
        board = self.board.copy()
        row = max(r for r in range(board.shape[0]) if board[r, col] == 0)
        board[row, col] = self.player
        return Game(-self.player, board=board)

    def winner(self):
        rows, cols = self.board.shape
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(4)]
                    if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                        values = {int(self.board[a, b]) for a, b in cells}
                        if len(values) == 1 and 0 not in values:
                            return values.pop()
        return 0

    def terminal(self):
        return self.winner() != 0 or not self.actions()

    def utility(self, player):
        return self.winner() * player


def random_move(game):
    return random.choice(game.actions())
