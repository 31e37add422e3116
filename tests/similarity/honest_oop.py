# %%
import numpy as np
import random

def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)

# %%
class Connect4:
    directions = [(0, 1), (1, 0), (1, 1), (-1, 1)]

    def __init__(self, rows=6, cols=7):
        self.rows, self.cols = rows, cols

    def legal(self, board):
        moves = []
        for c in range(self.cols):
            if 0 in board[:, c]:
                moves.append(c)
        return moves

    def play(self, board, player, col):
        b = board.copy()
        r = max(i for i in range(self.rows) if b[i][col] == 0)
        b[r][col] = player
        return b

    def count(self, board, r, c, dr, dc, player):
        n = 0
        while 0 <= r < self.rows and 0 <= c < self.cols and board[r][c] == player:
            n += 1
            r, c = r + dr, c + dc
        return n

    def won(self, board, player):
        for r in range(self.rows):
            for c in range(self.cols):
                for dr, dc in self.directions:
                    if self.count(board, r, c, dr, dc, player) >= 4:
                        return True
        return False

    def done(self, board):
        return self.won(board, 1) or self.won(board, -1) or not self.legal(board)

    def value(self, board, player):
        if self.won(board, player):
            return 1
        if self.won(board, -player):
            return -1
        return 0


game = Connect4()

# %%
class AlphaBetaAgent:
    def __init__(self, game, depth=4):
        self.game, self.depth = game, depth

    def search(self, board, player, to_move, depth, alpha, beta):
        if depth == 0 or self.game.done(board):
            return self.game.value(board, player)
        values = []
        for col in self.game.legal(board):
            v = self.search(self.game.play(board, to_move, col), player, -to_move, depth - 1, alpha, beta)
            values.append(v)
            if to_move == player:
                alpha = max(alpha, v)
            else:
                beta = min(beta, v)
            if beta <= alpha:
                break
        return max(values) if to_move == player else min(values)

    def __call__(self, board, player):
        options = self.game.legal(board)
        random.shuffle(options)
        return max(options, key=lambda c: self.search(self.game.play(board, player, c), player, -player,
                                                      self.depth - 1, -10, 10))


alpha_beta_player = AlphaBetaAgent(game)
