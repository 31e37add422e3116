# Connect 4: result(board, action) works out whose turn it is from the board; utility has no player.
import numpy as np

def empty_board():
    return np.zeros((6, 7), dtype=np.int8)

def actions(board):
    return [c for c in range(7) if board[0, c] == 0]

def to_move(board):
    return 1 if np.sum(board == 1) == np.sum(board == -1) else -1

def result(board, action):
    b = board.copy()
    row = max(r for r in range(6) if b[r, action] == 0)
    b[row, action] = to_move(board)
    return b

def four(board, p):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= a < 6 and 0 <= b < 7 and board[a, b] == p for a, b in cells):
                    return True
    return False

def terminal(board):
    return bool(four(board, 1) or four(board, -1) or not actions(board))

def utility(board):
    return 1 if four(board, 1) else -1 if four(board, -1) else 0
