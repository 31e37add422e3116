# %%
import numpy as np
import random

def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)

# %%
class FourInARow:
    DIRS = [(0, 1), (1, 0), (1, 1), (-1, 1)]

    def __init__(self, h=6, w=7):
        self.h, self.w = h, w

    def valid_columns(self, grid):
        return [c for c in range(self.w) if 0 in grid[:, c]]

    def drop_piece(self, grid, who, column):
        b = grid.copy()
        r = max(i for i in range(self.h) if b[i][column] == 0)
        b[r][column] = who
        return b

    def run_length(self, grid, r, c, dr, dc, who):
        n = 0
        while 0 <= r < self.h and 0 <= c < self.w and grid[r][c] == who:
            n += 1
            r, c = r + dr, c + dc
        return n

    def has_four(self, grid, who):
        for r in range(self.h):
            for c in range(self.w):
                for dr, dc in self.DIRS:
                    if self.run_length(grid, r, c, dr, dc, who) >= 4:
                        return True
        return False

    def is_finished(self, grid):
        return self.has_four(grid, 1) or self.has_four(grid, -1) or not self.valid_columns(grid)

    def evaluate(self, grid, who):
        if self.has_four(grid, who):
            return 1
        if self.has_four(grid, -who):
            return -1
        return 0


g = FourInARow()

# %%
class Searcher:
    def __init__(self, g, depth=4):
        self.g, self.depth = g, depth

    def minimax(self, grid, who, turn, depth, alpha, beta):
        if depth == 0 or self.g.is_finished(grid):
            return self.g.evaluate(grid, who)
        scores = []
        for column in self.g.valid_columns(grid):
            v = self.minimax(self.g.drop_piece(grid, turn, column), who, -turn, depth - 1, alpha, beta)
            scores.append(v)
            if turn == who:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if beta <= alpha:
                break
        return max(scores) if turn == who else min(scores)

    def __call__(self, grid, who):
        cols_ok = self.g.valid_columns(grid)
        random.shuffle(cols_ok)
        return max(cols_ok, key=lambda c: self.minimax(self.g.drop_piece(grid, who, c), who, -who,
                                                      self.depth - 1, -10, 10))


alpha_beta_player = Searcher(g)
