# A Connect 4 notebook (written for the tests) whose agent always plays piece 2 and is never told whose turn it is.
import numpy as np

def empty_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)

def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]

def result(board, player, action):
    b = board.copy()
    r = max(r for r in range(b.shape[0]) if b[r, action] == 0)
    b[r, action] = player
    return b

def wins(board, p):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + i * dr < rows and 0 <= c + i * dc < cols and board[r + i * dr, c + i * dc] == p
                       for i in range(4)):
                    return True
    return False

def terminal(board):
    return wins(board, 1) or wins(board, 2) or not actions(board)

def utility(board, player=1):
    other = 2 if player == 1 else 1
    return 1 if wins(board, player) else -1 if wins(board, other) else 0

def computer_move(board):
    """The computer is piece 2: win if it can, else block piece 1, else the centre-most column."""
    for p in (2, 1):
        for c in actions(board):
            if wins(result(board, p, c), p):
                return c
    return sorted(actions(board), key=lambda c: abs(c - board.shape[1] // 2))[0]
