# Connect 4 (written for the tests) on an empty board of the course's shape (6, 7) whose code reads it
# transposed: board[x][y] with x the column and y the height, discs falling to the largest y; moves
# are (x, y) landing cells. Every function works at any shape.
import numpy as np


def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


def actions(board):
    out = []
    for x in range(board.shape[0]):
        free = [y for y in range(board.shape[1]) if board[x][y] == 0]
        if free:
            out.append((x, max(free)))
    return out


def result(board, player, action):
    new = board.copy()
    new[action[0]][action[1]] = player
    return new


def winner(board):
    xs, ys = board.shape
    for x in range(xs):
        for y in range(ys):
            p = board[x][y]
            if p == 0:
                continue
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(0 <= x + i * dx < xs and 0 <= y + i * dy < ys and board[x + i * dx][y + i * dy] == p
                       for i in range(4)):
                    return p
    return 0


def terminal(board):
    return winner(board) != 0 or not actions(board)


def utility(board, player=1):
    return winner(board) * player


def random_player(board, player=1):
    moves = actions(board)
    return moves[np.random.randint(len(moves))]
