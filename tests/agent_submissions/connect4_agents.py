"""A small Connect 4 submission with agents of every behaviour the agent checks must tell apart."""

import random
import time

import numpy as np

random.seed(7)  # the checks' outcomes must not depend on luck

def empty_board(shape=(6, 7)):
    return np.full(shape=shape, fill_value=0)

def actions(board):
    return [c for c in range(board.shape[1]) if board[0, c] == 0]

def result(board, player, action):
    b = board.copy()
    r = max(i for i in range(b.shape[0]) if b[i, action] == 0)
    b[r, action] = player
    return b

def winner(board):
    R, C = board.shape
    for r in range(R):
        for c in range(C):
            p = board[r, c]
            if p == 0:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                if all(0 <= r + i * dr < R and 0 <= c + i * dc < C and board[r + i * dr, c + i * dc] == p
                       for i in range(4)):
                    return p
    return 0

def terminal(board):
    return winner(board) != 0 or not actions(board)

def utility(board, player):
    w = winner(board)
    return 0 if w == 0 else (1 if w == player else -1)

def random_player(board, player=1):
    return random.choice(actions(board))


def never_wins_player(board, player=1):
    """Avoids every immediate win: the tactics check must give it nothing on the win positions."""
    others = [a for a in actions(board) if winner(result(board, player, a)) != player]
    return others[0] if others else actions(board)[0]

def greedy_player(board, player=1):
    """One ply of look-ahead: win if it can, else block the opponent's win, else play at random."""
    for a in actions(board):
        if winner(result(board, player, a)) == player:
            return a
    for a in actions(board):
        if winner(result(board, -player, a)) == -player:
            return a
    return random.choice(actions(board))

def sleepy_player(board, player=1):
    time.sleep(10)
    return actions(board)[0]

def illegal_player(board, player=1):
    return board.shape[1] + 3

def crashing_player(board, player=1):
    raise RuntimeError("my agent is broken")


def seven_columns_player(board, player=1):
    """Written for the 6x7 board only: fails on any narrower one."""
    return 6 if board[0, 6] == 0 else actions(board)[0]


class GreedyAgent:
    """An agent object that fixes its player when built (the grader makes one per seat)."""

    def __init__(self, player):
        self.player = player

    def act(self, board):
        return greedy_player(board, self.player)


def wins_only_player(board, player=1):
    """Takes an immediate win but never blocks one: half the one-ply tactics, near the tactics' line."""
    for a in actions(board):
        if winner(result(board, player, a)) == player:
            return a
    return actions(board)[0]


def clock_mc_player(board, player=1, seconds=0.15):
    """Pure Monte Carlo that plays out at random until its own clock says ``seconds`` have passed: on a
    busy machine it must do the same playouts (the sandbox's clocks advance with its CPU time)."""
    start = time.time()
    moves = actions(board)
    wins = {a: 0.0 for a in moves}
    plays = {a: 0 for a in moves}
    i = 0
    while time.time() - start < seconds:
        a = moves[i % len(moves)]
        i += 1
        b, to_move = result(board, player, a), -player
        while not terminal(b):
            b = result(b, to_move, random.choice(actions(b)))
            to_move = -to_move
        wins[a] += (utility(b, player) + 1) / 2
        plays[a] += 1
    return max(moves, key=lambda a: wins[a] / plays[a] if plays[a] else 0)


def spinning_player(board, player=1):
    """Computes without end: every move runs out of CPU time (a sleeper is stopped by the wall clock instead)."""
    n = 0
    while True:
        n += 1


def slow_search_player(board, player=1):
    """Plain minimax eight moves deep, a recursive search far longer than any move limit: counted, it is
    stopped at the limit before it finishes one search."""
    def value(b, to_move, depth):
        if depth == 0 or terminal(b):
            return utility(b, player)
        values = [value(result(b, to_move, a), -to_move, depth - 1) for a in actions(b)]
        return max(values) if to_move == player else min(values)
    return max(actions(board), key=lambda a: value(result(board, player, a), -player, 7))
