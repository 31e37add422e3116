# %% [markdown]
# Connect 4 in a notebook: fill in the functions below.

# %%
import numpy as np


def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)


def show(board):
    """Print the board with x for 1 and o for -1."""
    marks = {0: ".", 1: "x", -1: "o"}
    for row in board:
        print(" ".join(marks[int(v)] for v in row))
    print(" ".join(str(c) for c in range(len(board[0]))))

# %%
# Your code goes here: actions(board), result(board, player, action), terminal(board), utility(board, player)

# %%
# Your code goes here: alpha_beta_player(board, player)
