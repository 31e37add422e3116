# Connect 4 with players 1 and 2: result() works with any player id, and nothing in the code says
# "2" the way player-id code does, except that terminal() looks for the marks 1 and 2.
import numpy as np

def empty_board():
    return np.zeros((6, 7), dtype=int)

def actions(board):
    return [c for c in range(7) if board[0, c] == 0]

def result(board, player, action):
    b = board.copy()
    row = max(r for r in range(6) if b[r, action] == 0)
    b[row, action] = player
    return b

def four(board, mark):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= a < 6 and 0 <= b < 7 and board[a, b] == mark for a, b in cells):
                    return True
    return False

def terminal(board):
    return four(board, 1) or four(board, 2) or not actions(board)
