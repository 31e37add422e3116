# The Connect 4 tutorial without numpy (written for the tests): lists of lists, row 0 at the bottom,
# pieces 'X'/'O' and ' ' for empty, board[row][col] indexing, print_board printing the rows reversed;
# no utility at all: the tutorial's score_position(board, piece) is a heuristic, not a utility.
import math
import random

ROW_COUNT = 6
COLUMN_COUNT = 7
EMPTY = ' '
PLAYER_PIECE = 'X'
AI_PIECE = 'O'
WINDOW_LENGTH = 4


def create_board():
    return [[EMPTY for _ in range(COLUMN_COUNT)] for _ in range(ROW_COUNT)]


def drop_piece(board, row, col, piece):
    board[row][col] = piece


def is_valid_location(board, col):
    return board[ROW_COUNT - 1][col] == EMPTY


def get_next_open_row(board, col):
    for r in range(ROW_COUNT):
        if board[r][col] == EMPTY:
            return r


def print_board(board):
    for row in reversed(board):
        print('|' + '|'.join(row) + '|')
    print(' ' + ' '.join(str(c) for c in range(COLUMN_COUNT)))


def winning_move(board, piece):
    for c in range(COLUMN_COUNT - 3):
        for r in range(ROW_COUNT):
            if all(board[r][c + i] == piece for i in range(4)):
                return True
    for c in range(COLUMN_COUNT):
        for r in range(ROW_COUNT - 3):
            if all(board[r + i][c] == piece for i in range(4)):
                return True
    for c in range(COLUMN_COUNT - 3):
        for r in range(ROW_COUNT - 3):
            if all(board[r + i][c + i] == piece for i in range(4)):
                return True
    for c in range(COLUMN_COUNT - 3):
        for r in range(3, ROW_COUNT):
            if all(board[r - i][c + i] == piece for i in range(4)):
                return True
    return False


def evaluate_window(window, piece):
    score = 0
    opp_piece = PLAYER_PIECE if piece == AI_PIECE else AI_PIECE
    if window.count(piece) == 4:
        score += 100
    elif window.count(piece) == 3 and window.count(EMPTY) == 1:
        score += 5
    elif window.count(piece) == 2 and window.count(EMPTY) == 2:
        score += 2
    if window.count(opp_piece) == 3 and window.count(EMPTY) == 1:
        score -= 4
    return score


def score_position(board, piece):
    score = 0
    center = [board[r][COLUMN_COUNT // 2] for r in range(ROW_COUNT)]
    score += center.count(piece) * 3
    for r in range(ROW_COUNT):
        for c in range(COLUMN_COUNT - 3):
            score += evaluate_window(board[r][c:c + WINDOW_LENGTH], piece)
    for c in range(COLUMN_COUNT):
        column = [board[r][c] for r in range(ROW_COUNT)]
        for r in range(ROW_COUNT - 3):
            score += evaluate_window(column[r:r + WINDOW_LENGTH], piece)
    for r in range(ROW_COUNT - 3):
        for c in range(COLUMN_COUNT - 3):
            score += evaluate_window([board[r + i][c + i] for i in range(WINDOW_LENGTH)], piece)
            score += evaluate_window([board[r + 3 - i][c + i] for i in range(WINDOW_LENGTH)], piece)
    return score


def get_valid_locations(board):
    return [col for col in range(COLUMN_COUNT) if is_valid_location(board, col)]


def is_terminal_node(board):
    return winning_move(board, PLAYER_PIECE) or winning_move(board, AI_PIECE) or len(get_valid_locations(board)) == 0


def copy_board(board):
    return [row[:] for row in board]


def minimax(board, depth, alpha, beta, maximizingPlayer):
    valid_locations = get_valid_locations(board)
    is_terminal = is_terminal_node(board)
    if depth == 0 or is_terminal:
        if is_terminal:
            if winning_move(board, AI_PIECE):
                return (None, 100000000000000)
            elif winning_move(board, PLAYER_PIECE):
                return (None, -10000000000000)
            else:
                return (None, 0)
        return (None, score_position(board, AI_PIECE))
    if maximizingPlayer:
        value = -math.inf
        column = random.choice(valid_locations)
        for col in valid_locations:
            row = get_next_open_row(board, col)
            b_copy = copy_board(board)
            drop_piece(b_copy, row, col, AI_PIECE)
            new_score = minimax(b_copy, depth - 1, alpha, beta, False)[1]
            if new_score > value:
                value = new_score
                column = col
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return column, value
    else:
        value = math.inf
        column = random.choice(valid_locations)
        for col in valid_locations:
            row = get_next_open_row(board, col)
            b_copy = copy_board(board)
            drop_piece(b_copy, row, col, PLAYER_PIECE)
            new_score = minimax(b_copy, depth - 1, alpha, beta, True)[1]
            if new_score < value:
                value = new_score
                column = col
            beta = min(beta, value)
            if alpha >= beta:
                break
        return column, value


def random_player(board):
    return random.choice(get_valid_locations(board))


def play_game():
    board = create_board()
    print_board(board)
    game_over = False
    turn = 0
    while not game_over:
        if turn == 0:
            col = int(input("Your move (0-6): "))
            if not is_valid_location(board, col):
                continue
            drop_piece(board, get_next_open_row(board, col), col, PLAYER_PIECE)
        else:
            col, _ = minimax(board, 4, -math.inf, math.inf, True)
            drop_piece(board, get_next_open_row(board, col), col, AI_PIECE)
        print_board(board)
        game_over = is_terminal_node(board)
        turn = 1 - turn


if __name__ == "__main__":
    play_game()
