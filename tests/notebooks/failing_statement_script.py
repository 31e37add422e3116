"""Connect 4 as one script."""
import numpy as np
import absent_plotting.pyplot as plt

ROWS, COLUMNS = 6, 7
CENTER = COLS // 2


def actions(board):
    return [c for c in range(COLUMNS) if board[0, c] == 0]


def terminal(board):
    return not actions(board)
