"""A correct Connect 4 environment written the course's way (numpy board, row 0 on top, k = 4)."""
import numpy as np


def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)


def actions(s):
    return [c for c in range(s.shape[1]) if s[0, c] == 0]


def result(s, player, a):
    s = s.copy()
    row = max(r for r in range(s.shape[0]) if s[r, a] == 0)
    s[row, a] = player
    return s


DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def winner(s, directions=DIRECTIONS, k=4):
    rows, cols = s.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in directions:
                cells = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    values = {int(s[rr, cc]) for rr, cc in cells}
                    if len(values) == 1 and 0 not in values:
                        return values.pop()
    return 0


def terminal(s):
    return winner(s) != 0 or not (s == 0).any()


def utility(s, player):
    w = winner(s)
    return 0 if w == 0 else (1 if w == player else -1)
