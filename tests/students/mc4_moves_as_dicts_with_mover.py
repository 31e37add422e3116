"""Mean Connect 4 with moves in a form no list foresees: a drop is {'col': c, 'who': player} and a mean
move {'take': src, 'put': dst, 'who': player}; columns are 1-based. The reference's reading otherwise."""
import numpy as np


def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


def actions(board, player):
    cols = board.shape[1]
    moves = [{"col": c + 1, "who": player} for c in range(cols) if board[0, c] == 0]
    for src in range(cols):
        if board[-1, src] == -player:
            moves += [{"take": src + 1, "put": dst + 1, "who": player}
                      for dst in range(cols) if dst == src or board[0, dst] == 0]
    return moves


def result(board, action):
    b = board.copy()
    player = action["who"]
    if "take" in action:
        src, col = action["take"] - 1, action["put"] - 1
        b[1:, src] = board[:-1, src]
        b[0, src] = 0
        disc = -player
    else:
        col, disc = action["col"] - 1, player
    row = max(r for r in range(b.shape[0]) if b[r, col] == 0)
    b[row, col] = disc
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
