# Correct Connect 4 alpha-beta searches written the ways students write them, added after the course
# solution's cells (they use its `actions`, `result`, `terminal`, `utility` and `winner`). Each must
# keep every point of "positions searched", whatever its style.
import math

import numpy as np

WIN = 1000


def drop_row(board, col):
    return max(r for r in range(board.shape[0]) if board[r, col] == 0)


# Negamax in a class, on one board changed in place (make / unmake), with a transposition table and
# the columns tried left to right.
class NegamaxTableAgent:
    def __init__(self):
        self.table = {}

    def negamax(self, board, to_move, depth, alpha, beta):
        key = (board.tobytes(), to_move, depth)
        if key in self.table:
            return self.table[key]
        w = winner(board)
        if w != 0 or not actions(board):
            return (WIN + depth) * w * to_move if w else 0
        if depth == 0:
            return 0
        best, start = -math.inf, alpha
        for col in actions(board):
            row = drop_row(board, col)
            board[row, col] = to_move
            v = -self.negamax(board, -to_move, depth - 1, -beta, -alpha)
            board[row, col] = 0
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        if start < best < beta:  # an exact value (not a bound) is safe to keep
            self.table[key] = best
        return best

    def play(self, board, player=1, max_depth=4):
        board = board.copy()
        self.table = {}
        best_move, alpha = None, -math.inf
        for col in actions(board):
            row = drop_row(board, col)
            board[row, col] = player
            v = -self.negamax(board, -player, max_depth - 1, -math.inf, -alpha)
            board[row, col] = 0
            if best_move is None or v > alpha:
                best_move, alpha = col, v
        return best_move


table_agent = NegamaxTableAgent()


def table_negamax_player(board, player=1, max_depth=4):
    return table_agent.play(board, player, max_depth)


# max_value / min_value calling each other, the agent looping over the root's moves, the columns
# tried right to left, and a finite window (-1, 1) that matches the utility's scale.
def max_value(board, player, a, b, depth):
    if terminal(board):
        return utility(board, player)
    if depth == 0:
        return 0
    v = -1
    for col in reversed(actions(board)):
        v = max(v, min_value(result(board, player, col), player, a, b, depth - 1))
        if v >= b:
            return v
        a = max(a, v)
    return v


def min_value(board, player, a, b, depth):
    if terminal(board):
        return utility(board, player)
    if depth == 0:
        return 0
    v = 1
    for col in reversed(actions(board)):
        v = min(v, max_value(result(board, -player, col), player, a, b, depth - 1))
        if v <= a:
            return v
        b = min(b, v)
    return v


def unit_window_player(board, player=1, depth=4):
    best_move, a = None, -1
    for col in reversed(actions(board)):
        v = min_value(result(board, player, col), player, a, 1, depth - 1)
        if best_move is None or v > a:
            best_move, a = col, v
    return best_move


# Iterative deepening of a fail-soft negamax that tries the last depth's best move first.
def deepening_negamax(board, to_move, depth, alpha, beta, first=None):
    w = winner(board)
    if w != 0:
        return -WIN - depth, None  # the player who just moved won
    moves = actions(board)
    if not moves or depth == 0:
        return 0, None
    if first in moves:
        moves = [first] + [c for c in moves if c != first]
    best, best_move = -math.inf, None
    for col in moves:
        v = -deepening_negamax(result(board, to_move, col), -to_move, depth - 1, -beta, -alpha)[0]
        if v > best:
            best, best_move = v, col
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best, best_move


def deepening_player(board, player=1, max_depth=4):
    move = None
    for d in range(1, max_depth + 1):
        move = deepening_negamax(board, player, d, -math.inf, math.inf, move)[1]
    return move
