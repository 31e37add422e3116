"""Fixture: Connect 4 whose state is a dataclass holding the board and the player to move."""
from dataclasses import dataclass, field
import numpy as np
import random


@dataclass
class State:
    board: np.ndarray
    to_move: int = 1


def initial_state():
    return State(np.zeros((6, 7), dtype=int), 1)


def actions(state):
    return [c for c in range(state.board.shape[1]) if state.board[0, c] == 0]


def result(state, action):
    b = state.board.copy()
    r = max(i for i in range(b.shape[0]) if b[i, action] == 0)
    b[r, action] = state.to_move
    return State(b, -state.to_move)


def winner(board):
    R, C = board.shape
    for r in range(R):
        for c in range(C):
            p = board[r, c]
            if p and any(all(0 <= r + i * dr < R and 0 <= c + i * dc < C and board[r + i * dr, c + i * dc] == p
                             for i in range(4)) for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))):
                return int(p)
    return 0


def terminal(state):
    return winner(state.board) != 0 or not actions(state)


def utility(state, player):
    w = winner(state.board)
    return 0 if w == 0 else (1 if w == player else -1)


def random_player(state):
    return random.choice(actions(state))
