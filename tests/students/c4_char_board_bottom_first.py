import numpy as np
def create_board():
    return np.full((6, 7), ' ')
def get_actions(board):
    return [c for c in range(7) if board[5][c] == ' ']
def get_next_state(board, col, player):
    b = board.copy()
    for r in range(6):          # row 0 is the BOTTOM here
        if b[r][col] == ' ':
            b[r][col] = player
            return b
    raise ValueError("full")
def _lines(board):
    for r in range(6):
        for c in range(7):
            for dr, dc in ((0,1),(1,0),(1,1),(1,-1)):
                cells = [(r+i*dr, c+i*dc) for i in range(4)]
                if all(0 <= a < 6 and 0 <= b < 7 for a, b in cells):
                    yield [board[a][b] for a, b in cells]
def winner(board):
    for line in _lines(board):
        if line[0] != ' ' and all(x == line[0] for x in line):
            return line[0]
    return None
def is_terminal(board):
    w = winner(board)
    if w is not None:
        return (True, w)
    return (all(board[5][c] != ' ' for c in range(7)), None)
def getUtility(board, player):
    w = winner(board)
    return 0 if w is None else (1000 if w == player else -1000)
