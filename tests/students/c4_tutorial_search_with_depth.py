# Connect 4 in the shape of a popular tutorial (written for the tests): numpy board with row 0 at the bottom, pieces 1 and 2,
# in-place drop_piece(board, row, col, piece), minimax(board, depth, alpha, beta, maximizingPlayer)
# answering (column, value), the AI always plays piece 2.
import math
import random
import numpy as np

ROWS = 6
COLS = 7
HUMAN = 0
AI = 1
EMPTY = 0
HUMAN_PIECE = 1
AI_PIECE = 2
WINDOW = 4


def create_board():
    return np.zeros((ROWS, COLS))


def drop_piece(board, row, col, piece):
    board[row][col] = piece


def is_valid_location(board, col):
    return board[ROWS - 1][col] == 0


def get_next_open_row(board, col):
    for r in range(ROWS):
        if board[r][col] == 0:
            return r


def winning_move(board, piece):
    for c in range(COLS - 3):
        for r in range(ROWS):
            if all(board[r][c + i] == piece for i in range(4)):
                return True
    for c in range(COLS):
        for r in range(ROWS - 3):
            if all(board[r + i][c] == piece for i in range(4)):
                return True
    for c in range(COLS - 3):
        for r in range(ROWS - 3):
            if all(board[r + i][c + i] == piece for i in range(4)):
                return True
    for c in range(COLS - 3):
        for r in range(3, ROWS):
            if all(board[r - i][c + i] == piece for i in range(4)):
                return True
    return False


def evaluate_window(window, piece):
    other = HUMAN_PIECE if piece == AI_PIECE else AI_PIECE
    score = 0
    if window.count(piece) == 4:
        score += 100
    elif window.count(piece) == 3 and window.count(EMPTY) == 1:
        score += 5
    elif window.count(piece) == 2 and window.count(EMPTY) == 2:
        score += 2
    if window.count(other) == 3 and window.count(EMPTY) == 1:
        score -= 4
    return score


def score_position(board, piece):
    score = 0
    centre = [int(x) for x in list(board[:, COLS // 2])]
    score += centre.count(piece) * 3
    for r in range(ROWS):
        row = [int(x) for x in list(board[r, :])]
        for c in range(COLS - 3):
            score += evaluate_window(row[c:c + WINDOW], piece)
    for c in range(COLS):
        col = [int(x) for x in list(board[:, c])]
        for r in range(ROWS - 3):
            score += evaluate_window(col[r:r + WINDOW], piece)
    for r in range(ROWS - 3):
        for c in range(COLS - 3):
            score += evaluate_window([board[r + i][c + i] for i in range(WINDOW)], piece)
            score += evaluate_window([board[r + 3 - i][c + i] for i in range(WINDOW)], piece)
    return score


def is_terminal_node(board):
    return winning_move(board, HUMAN_PIECE) or winning_move(board, AI_PIECE) or len(get_valid_locations(board)) == 0


def get_valid_locations(board):
    return [col for col in range(COLS) if is_valid_location(board, col)]


def minimax(board, depth, alpha, beta, maximizingPlayer):
    valid = get_valid_locations(board)
    if depth == 0 or is_terminal_node(board):
        if is_terminal_node(board):
            if winning_move(board, AI_PIECE):
                return (None, 10**14)
            if winning_move(board, HUMAN_PIECE):
                return (None, -10**14)
            return (None, 0)
        return (None, score_position(board, AI_PIECE))
    if maximizingPlayer:
        value = -math.inf
        column = random.choice(valid)
        for col in valid:
            row = get_next_open_row(board, col)
            b = board.copy()
            drop_piece(b, row, col, AI_PIECE)
            new = minimax(b, depth - 1, alpha, beta, False)[1]
            if new > value:
                value, column = new, col
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return column, value
    value = math.inf
    column = random.choice(valid)
    for col in valid:
        row = get_next_open_row(board, col)
        b = board.copy()
        drop_piece(b, row, col, HUMAN_PIECE)
        new = minimax(b, depth - 1, alpha, beta, True)[1]
        if new < value:
            value, column = new, col
        beta = min(beta, value)
        if alpha >= beta:
            break
    return column, value


def pick_best_move(board, piece):
    best_score, best_col = -10000, random.choice(get_valid_locations(board))
    for col in get_valid_locations(board):
        row = get_next_open_row(board, col)
        b = board.copy()
        drop_piece(b, row, col, piece)
        score = score_position(b, piece)
        if score > best_score:
            best_score, best_col = score, col
    return best_col
