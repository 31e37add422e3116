"""Connect 4 written under names no rubric lists: roles must be found by what the functions do.

The transition is `nxt(b, who, where)` (no name evidence at all), the legal moves are `open_columns`,
the end test `finished`, the agents `ab_minmax_player` and `findBestMove(board)`; a display helper
and an input loop sit beside them and must never be taken for a role."""
import numpy as np


def fresh():
    return np.zeros((6, 7), dtype=int)


def open_columns(b):
    return [c for c in range(b.shape[1]) if b[0, c] == 0]


def nxt(b, who, where):
    out = b.copy()
    row = max(r for r in range(out.shape[0]) if out[r, where] == 0)
    out[row, where] = who
    return out


def _lines(b):
    rows, cols = b.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= y < rows and 0 <= x < cols for y, x in cells):
                    yield [b[y, x] for y, x in cells]


def winner_of(b):
    for line in _lines(b):
        if line[0] != 0 and all(v == line[0] for v in line):
            return int(line[0])
    return 0


def finished(b):
    return winner_of(b) != 0 or not open_columns(b)


def payoff(b, me):
    return winner_of(b) * me


def show_board(b):
    print(b)


def play_against_human(b):
    while True:
        input("your move: ")


def ab_minmax_player(board, player):
    def value(b, p, depth, alpha, beta):
        if finished(b) or depth == 0:
            return payoff(b, player)
        best = -2 if p == player else 2
        for c in open_columns(b):
            v = value(nxt(b, p, c), -p, depth - 1, alpha, beta)
            if p == player:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best
    moves = open_columns(board)
    return max(moves, key=lambda c: value(nxt(board, player, c), -player, 2, -2, 2))


def findBestMove(board):
    player = 1 if np.sum(board != 0) % 2 == 0 else -1
    return ab_minmax_player(board, player)
