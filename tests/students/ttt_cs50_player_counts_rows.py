# CS50 AI tic-tac-toe with one realistic bug (written for the tests): player(board) counts with
# board.count(X) on the list of rows, which is always 0, so every move is X's; alpha-beta helpers
# max_value(board, alpha, beta) answering (value, action).
import copy
import math

X = "X"
O = "O"
EMPTY = None


def initial_state():
    return [[EMPTY, EMPTY, EMPTY],
            [EMPTY, EMPTY, EMPTY],
            [EMPTY, EMPTY, EMPTY]]


def player(board):
    # X goes first, so X moves whenever both have played the same number of times
    if board.count(X) == board.count(O):
        return X
    return O


def actions(board):
    moves = set()
    for i, row in enumerate(board):
        for j, cell in enumerate(row):
            if cell == EMPTY:
                moves.add((i, j))
    return moves


def result(board, action):
    if action not in actions(board):
        raise Exception("Invalid move")
    new_board = copy.deepcopy(board)
    new_board[action[0]][action[1]] = player(board)
    return new_board


def winner(board):
    for p in (X, O):
        for i in range(3):
            if all(board[i][j] == p for j in range(3)) or all(board[j][i] == p for j in range(3)):
                return p
        if all(board[i][i] == p for i in range(3)) or all(board[i][2 - i] == p for i in range(3)):
            return p
    return None


def terminal(board):
    return winner(board) is not None or len(actions(board)) == 0


def utility(board):
    w = winner(board)
    if w == X:
        return 1
    if w == O:
        return -1
    return 0


def max_value(board, alpha, beta):
    if terminal(board):
        return utility(board), None
    best = (-math.inf, None)
    for action in actions(board):
        v, _ = min_value(result(board, action), alpha, beta)
        if v > best[0]:
            best = (v, action)
        alpha = max(alpha, v)
        if beta <= alpha:
            break
    return best


def min_value(board, alpha, beta):
    if terminal(board):
        return utility(board), None
    best = (math.inf, None)
    for action in actions(board):
        v, _ = max_value(result(board, action), alpha, beta)
        if v < best[0]:
            best = (v, action)
        beta = min(beta, v)
        if beta <= alpha:
            break
    return best


def minimax(board):
    if terminal(board):
        return None
    if player(board) == X:
        return max_value(board, -math.inf, math.inf)[1]
    return min_value(board, -math.inf, math.inf)[1]
