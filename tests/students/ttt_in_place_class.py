"""Tic-tac-toe as an in-place class: moves are (row, col) cells, the board a list of rows of 'X'/'O'/' '."""
import random


class TicTacToe:
    def __init__(self):
        self.grid = [[" "] * 3 for _ in range(3)]
        self.current = "X"

    def available_moves(self):
        return [(r, c) for r in range(3) for c in range(3) if self.grid[r][c] == " "]

    def make_move(self, cell):
        r, c = cell
        self.grid[r][c] = self.current
        self.current = "O" if self.current == "X" else "X"

    def winner(self):
        g = self.grid
        lines = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)]
        lines += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
        for line in lines:
            marks = {g[r][c] for r, c in line}
            if len(marks) == 1 and " " not in marks:
                return marks.pop()
        return None

    def is_over(self):
        return self.winner() is not None or not self.available_moves()


def random_player(game):
    return random.choice(game.available_moves())
