"""Fixture: tic-tac-toe in the well-known find-the-optimal-move shape: no environment functions, only a position
shown at the top level (board = [['x', 'o', 'x'], ...] with '_' for empty), evaluate(b) scoring +10/-10 for x, a
minimax(board, depth, isMax) that answers a value, and findBestMove(board) answering (row, col) for x."""
player, opponent = "x", "o"


def isMovesLeft(board):
    return any(board[i][j] == "_" for i in range(3) for j in range(3))


def evaluate(b):
    lines = [[(r, 0), (r, 1), (r, 2)] for r in range(3)] + [[(0, c), (1, c), (2, c)] for c in range(3)]
    lines += [[(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)]]
    for line in lines:
        a, bb, c = (b[r][k] for r, k in line)
        if a == bb == c and a != "_":
            return 10 if a == player else -10
    return 0


def minimax(board, depth, isMax):
    score = evaluate(board)
    if score == 10:
        return score - depth
    if score == -10:
        return score + depth
    if not isMovesLeft(board):
        return 0
    if isMax:
        best = -1000
        for i in range(3):
            for j in range(3):
                if board[i][j] == "_":
                    board[i][j] = player
                    best = max(best, minimax(board, depth + 1, not isMax))
                    board[i][j] = "_"
        return best
    best = 1000
    for i in range(3):
        for j in range(3):
            if board[i][j] == "_":
                board[i][j] = opponent
                best = min(best, minimax(board, depth + 1, not isMax))
                board[i][j] = "_"
    return best


def findBestMove(board):
    bestVal, bestMove = -1000, (-1, -1)
    for i in range(3):
        for j in range(3):
            if board[i][j] == "_":
                board[i][j] = player
                moveVal = minimax(board, 0, False)
                board[i][j] = "_"
                if moveVal > bestVal:
                    bestMove, bestVal = (i, j), moveVal
    return bestMove


board = [["x", "o", "x"], ["o", "o", "x"], ["_", "_", "_"]]
