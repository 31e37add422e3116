# Connect 4 template functions plus agents in every shape seen in real submissions.
# Every agent plays the leftmost open column, so what the grader reads can be checked exactly.
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

def leftmost(board):
    return actions(board)[0]

def function_player(board, player=1):
    return leftmost(board)

def dict_player(board, player=1):
    return {'move': leftmost(board), 'value': 0.25}

def value_move_player(board, player):
    return (0.5, leftmost(board))

def move_score_player(board, player):
    """(move, score) with a whole-number score that is itself an open column: a pair, not a cell."""
    return (leftmost(board), actions(board)[-1])

def board_player(board, player):
    return result(board, player, leftmost(board))

def cell_player(board, player):
    col = leftmost(board)
    row = max(r for r in range(6) if board[r, col] == 0)
    return (row, col)

class SeatAgent:
    """Fixes its player when it is built."""
    def __init__(self, player):
        self.player = player
    def play(self, board):
        return leftmost(board)

class DepthAgent:
    def __init__(self, depth=2):
        self.depth = depth
    def act(self, board, player):
        return leftmost(board)

object_player = DepthAgent(3)

def crashing_player(board, player):
    raise RuntimeError("oops")

def sleepy_player(board, player):
    import time
    time.sleep(30)
