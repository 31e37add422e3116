"""Fixture: tic-tac-toe on a flat list of ' '/'X'/'O', check_win(board, player), and a best_move(board) that always plays
'O' with a minimax that does not prefer quicker wins (blocking can score like winning)."""
import random


def create_board():
    return [" "] * 9


def available_moves(board):
    return [i for i, c in enumerate(board) if c == " "]


def make_move(board, position, player):
    new = board.copy()
    new[position] = player
    return new


WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def check_win(board, player):
    return any(all(board[i] == player for i in line) for line in WINS)


def check_draw(board):
    return " " not in board and not check_win(board, "X") and not check_win(board, "O")


def game_over(board):
    return check_win(board, "X") or check_win(board, "O") or check_draw(board)


def random_move(board):
    return random.choice(available_moves(board))


def minimax(board, is_maximizing):
    if check_win(board, "O"):
        return 1
    if check_win(board, "X"):
        return -1
    if check_draw(board):
        return 0
    if is_maximizing:
        return max(minimax(make_move(board, m, "O"), False) for m in available_moves(board))
    return min(minimax(make_move(board, m, "X"), True) for m in available_moves(board))


def best_move(board):
    best, move = -2, None
    for m in available_moves(board):
        score = minimax(make_move(board, m, "O"), False)
        if score > best:
            best, move = score, m
    return move
