"""Mean Connect 4 read as the reference reads it, on lists: moves ['play', col] and ['mean', src, dst]
(the disc keeps the opponent's colour and may go back into its own column); utility without a player."""


def empty_board(rows=6, cols=7):
    return [[0] * cols for _ in range(rows)]


def actions(board, player):
    rows, cols = len(board), len(board[0])
    moves = [["play", c] for c in range(cols) if board[0][c] == 0]
    for src in range(cols):
        if board[rows - 1][src] == -player:
            moves += [["mean", src, dst] for dst in range(cols) if dst == src or board[0][dst] == 0]
    return moves


def result(board, action, player):
    b = [row[:] for row in board]
    if action[0] == "mean":
        _, src, col = action
        for r in range(len(b) - 1, 0, -1):
            b[r][src] = b[r - 1][src]
        b[0][src] = 0
        disc = -player
    else:
        col, disc = action[1], player
    row = max(r for r in range(len(b)) if b[r][col] == 0)
    b[row][col] = disc
    return b


def winner(board):
    rows, cols = len(board), len(board[0])
    found = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= a < rows and 0 <= b < cols for a, b in cells):
                    values = {board[a][b] for a, b in cells}
                    if len(values) == 1 and 0 not in values:
                        found |= values
    return found


def terminal(board):
    return bool(winner(board)) or all(v != 0 for v in board[0])


def utility(board):
    w = winner(board)
    return 0 if len(w) != 1 else w.pop()
