# Written for the tests: a random player under a name no list knows (dice_agent), drawing from an
# actions() that forgets full columns, beside a match runner whose name says "random" and that takes
# two agents, not a board. The runner must not stand in for the random player, and the bug of
# actions() must not hide that dice_agent plays at random.
import numpy as np


def fresh_board(shape=(6, 7)):
    return np.zeros(shape, dtype=int)


def legal_columns(board):
    return list(range(board.shape[1]))  # bug: a full column is still offered


def after_move(board, player, col):
    b = board.copy()
    for r in range(b.shape[0] - 1, -1, -1):
        if b[r, col] == 0:
            b[r, col] = player
            return b
    raise ValueError("column full")


def dice_agent(board, player):
    return np.random.choice(legal_columns(board))


def play_random(player_1, player_2, N=100):
    """Let two agents play N games and count who wins."""
    wins = {1: 0, -1: 0}
    for _ in range(N):
        board, player, agent = fresh_board(), 1, player_1
        while (board == 0).any():
            board = after_move(board, player, agent(board, player))
            player, agent = -player, (player_2 if agent is player_1 else player_1)
    return wins
