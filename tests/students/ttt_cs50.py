# Tic-tac-toe in the CS50 AI shape: 3x3 lists of 'X'/'O'/None, actions are (i, j), player derived.
X, O, EMPTY = "X", "O", None

def initial_state():
    return [[EMPTY] * 3 for _ in range(3)]

def player(board):
    xs = sum(row.count(X) for row in board)
    os = sum(row.count(O) for row in board)
    return X if xs == os else O

def actions(board):
    return {(i, j) for i in range(3) for j in range(3) if board[i][j] is EMPTY}

def result(board, action):
    i, j = action
    if board[i][j] is not EMPTY:
        raise Exception("invalid action")
    new = [row[:] for row in board]
    new[i][j] = player(board)
    return new

def winner(board):
    lines = [[(i, j) for j in range(3)] for i in range(3)] + [[(i, j) for i in range(3)] for j in range(3)]
    lines += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
    for line in lines:
        a, b, c = (board[i][j] for i, j in line)
        if a is not EMPTY and a == b == c:
            return a
    return None

def terminal(board):
    return winner(board) is not None or all(cell is not EMPTY for row in board for cell in row)

def utility(board):
    w = winner(board)
    return 1 if w == X else -1 if w == O else 0
