# Connect 4 with players 1 and 2 on a list of lists, row 0 on top, result(player, action, board).
import random

def initial_state():
    return [[0] * 7 for _ in range(6)]

def available_actions(board):
    return [c for c in range(7) if board[0][c] == 0]

def result(player, action, board):
    new = [row[:] for row in board]
    for r in range(5, -1, -1):
        if new[r][action] == 0:
            new[r][action] = player
            return new
    raise ValueError("column full")

def winner(board):
    for r in range(6):
        for c in range(7):
            p = board[r][c]
            if p == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + i * dr < 6 and 0 <= c + i * dc < 7 and board[r + i * dr][c + i * dc] == p
                       for i in range(4)):
                    return p
    return 0

def terminal_test(board):
    return winner(board) != 0 or all(board[0][c] != 0 for c in range(7))

def utility(board, player):
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)

def other(player):
    return 3 - player

def random_agent(board, player):
    return random.choice(available_actions(board))
