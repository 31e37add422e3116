"""Fixture: Connect 4 with the board as six strings of seven characters ('.', 'X', 'O'), top row first."""
import random

def new_board(): return ["." * 7 for _ in range(6)]

def actions(board): return [c for c in range(len(board[0])) if board[0][c] == "."]

def result(board, col, piece):
    rows = list(board)
    for r in range(len(rows) - 1, -1, -1):
        if rows[r][col] == ".":
            rows[r] = rows[r][:col] + piece + rows[r][col + 1:]
            return rows
    raise ValueError("full")

def winner(board):
    R, C = len(board), len(board[0])
    for r in range(R):
        for c in range(C):
            p = board[r][c]
            if p != "." and any(all(0 <= r + i * dr < R and 0 <= c + i * dc < C and board[r + i * dr][c + i * dc] == p
                                    for i in range(4)) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))):
                return p
    return None

def terminal(board): return winner(board) is not None or not actions(board)

def utility(board, piece):
    w = winner(board)
    return 0 if w is None else (1 if w == piece else -1)

def random_player(board, piece): return random.choice(actions(board))
