# %%
import numpy as np


def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)


def show(board):
    """Print the board with x for 1 and o for -1."""
    marks = {0: ".", 1: "x", -1: "o"}
    for row in board:
        print(" ".join(marks[int(v)] for v in row))
    print(" ".join(str(c) for c in range(len(board[0]))))

# %%
def actions(board):
    # a column is playable while its top cell is empty
    return [col for col in range(board.shape[1]) if board[0, col] == 0]


def result(board, player, action):
    new_board = board.copy()
    for row in range(board.shape[0] - 1, -1, -1):  # the disc falls to the lowest free row
        if new_board[row, action] == 0:
            new_board[row, action] = player
            return new_board
    raise ValueError("column is full")


def winner(board):
    rows, cols = board.shape
    for r in range(rows):
        for c in range(cols):
            p = board[r, c]
            if p == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + 3 * dr, c + 3 * dc
                if 0 <= end_r < rows and 0 <= end_c < cols:
                    if all(board[r + k * dr, c + k * dc] == p for k in range(4)):
                        return p
    return 0


def terminal(board):
    return winner(board) != 0 or len(actions(board)) == 0


def utility(board, player):
    w = winner(board)
    if w == 0:
        return 0
    return 1 if w == player else -1

# %%
def alpha_beta_player(board, player, depth=4):
    def value(state, turn, alpha, beta, d):
        if terminal(state) or d == 0:
            return utility(state, player)
        if turn == player:
            best = -2
            for a in actions(state):
                best = max(best, value(result(state, turn, a), -turn, alpha, beta, d - 1))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = 2
        for a in actions(state):
            best = min(best, value(result(state, turn, a), -turn, alpha, beta, d - 1))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    moves = actions(board)
    scores = [value(result(board, player, a), -player, -2, 2, depth - 1) for a in moves]
    return moves[scores.index(max(scores))]


print(alpha_beta_player(empty_board(), 1))
