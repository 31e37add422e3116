def agent(board, player):
    board[0][0] = 99
    board.append("extra")
    return 3


def numpy_agent(board, player):
    board[:] = 7
    return 3
