"""Mean Connect 4 read another way the text allows: the moved disc becomes the mover's, and it must
go to another column. Moves are ('drop', col) and ('steal', src, dst)."""
import numpy as np


def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


def actions(board, player):
    cols = board.shape[1]
    moves = [("drop", c) for c in range(cols) if board[0, c] == 0]
    for src in range(cols):
        if board[-1, src] == -player:
            moves += [("steal", src, dst) for dst in range(cols) if dst != src and board[0, dst] == 0]
    return moves


def result(board, player, action):
    b = board.copy()
    if action[0] == "steal":
        _, src, col = action
        b[1:, src] = board[:-1, src]
        b[0, src] = 0
    else:
        col = action[1]
    row = max(r for r in range(b.shape[0]) if b[r, col] == 0)
    b[row, col] = player
    return b


def lines(board, p):
    rows, cols = board.shape
    return any(all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols and board[r + i * dr, c + i * dc] == p
                   for i in range(4))
               for r in range(rows) for c in range(cols) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)))


def terminal(board):
    return lines(board, 1) or lines(board, -1) or not (board[0] == 0).any()


def utility(board, player):
    mine, theirs = lines(board, player), lines(board, -player)
    return 0 if mine == theirs else (1 if mine else -1)
