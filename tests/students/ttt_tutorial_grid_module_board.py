"""Fixture: tic-tac-toe as the popular tutorial writes it: a module-level 3x3 grid of 0/+1/-1 (no function makes one),
ai_turn() plays on it, minimax(state, depth, player) answers [row, col, score] and is only right when its depth is the
number of moves left (a full board without a line falls through to +-inf), as the code's own call passes it."""
import math
import random

HUMAN = -1
COMP = +1
board = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]


def evaluate(state):
    if wins(state, COMP):
        return +1
    if wins(state, HUMAN):
        return -1
    return 0


def wins(state, player):
    lines = [state[0], state[1], state[2],
             [state[0][0], state[1][0], state[2][0]], [state[0][1], state[1][1], state[2][1]],
             [state[0][2], state[1][2], state[2][2]],
             [state[0][0], state[1][1], state[2][2]], [state[2][0], state[1][1], state[0][2]]]
    return [player, player, player] in lines


def game_over(state):
    return wins(state, HUMAN) or wins(state, COMP)


def empty_cells(state):
    cells = []
    for x, row in enumerate(state):
        for y, cell in enumerate(row):
            if cell == 0:
                cells.append([x, y])
    return cells


def valid_move(x, y):
    return [x, y] in empty_cells(board)


def set_move(x, y, player):
    if valid_move(x, y):
        board[x][y] = player
        return True
    return False


def minimax(state, depth, player):
    best = [-1, -1, -math.inf] if player == COMP else [-1, -1, +math.inf]
    if depth == 0 or game_over(state):
        return [-1, -1, evaluate(state)]
    for x, y in empty_cells(state):
        state[x][y] = player
        score = minimax(state, depth - 1, -player)
        state[x][y] = 0
        score[0], score[1] = x, y
        if player == COMP:
            if score[2] > best[2]:
                best = score
        elif score[2] < best[2]:
            best = score
    return best


def ai_turn():
    depth = len(empty_cells(board))
    if depth == 0 or game_over(board):
        return
    if depth == 9:
        x, y = random.choice([0, 1, 2]), random.choice([0, 1, 2])
    else:
        x, y, _ = minimax(board, depth, COMP)
    set_move(x, y, COMP)
