#!/usr/bin/env python
# coding: utf-8

# # Adversarial Search: Playing Connect 4
# 
# Student: Test Student

# In[1]:


import math
import random

import numpy as np


# ## Task 2: Game environment and random agent

# In[2]:


ROWS, COLS = 6, 7
EMPTY = 0


def empty_board(shape=(ROWS, COLS)):
    """Row 0 is the top; a disc falls to the largest free row."""
    return np.full(shape=shape, fill_value=EMPTY)


def actions(s):
    return [c for c in range(s.shape[1]) if s[0, c] == EMPTY]


def result(s, a, player):
    s = s.copy()
    row = max(r for r in range(s.shape[0]) if s[r, a] == EMPTY)
    s[row, a] = player
    return s


def winner(s):
    rows, cols = s.shape
    for r in range(rows):
        for c in range(cols):
            p = s[r, c]
            if p == EMPTY:
                continue
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= i < rows and 0 <= j < cols and s[i, j] == p for i, j in cells):
                    return p
    return None


def terminal(s):
    return winner(s) is not None or len(actions(s)) == 0


def utility(s, player):
    w = winner(s)
    return 0 if w is None else (1 if w == player else -1)


# In[3]:


def random_player(board, player=1):
    return random.choice(actions(board))


def alpha_beta_search(board, player=1, depth=4):
    """Minimax with alpha-beta pruning and a depth cutoff (0 at the cutoff)."""

    def max_value(s, alpha, beta, d):
        if terminal(s) or d == 0:
            return utility(s, player), None
        v, move = -math.inf, None
        for a in actions(s):
            v2, _ = min_value(result(s, a, player), alpha, beta, d - 1)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(s, alpha, beta, d):
        if terminal(s) or d == 0:
            return utility(s, player), None
        v, move = math.inf, None
        for a in actions(s):
            v2, _ = max_value(result(s, a, -player), alpha, beta, d - 1)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    return max_value(board, -math.inf, math.inf, depth)[1]


# ## Experiments

# In[4]:


board = empty_board()
board[5, 3] = 1
print(board)


# In[5]:


move = alpha_beta_search(board, -1, depth=2)
move


# In[6]:


wins = 0
for game in range(3):
    s = empty_board((4, 4))
    while not terminal(s):
        s = result(s, random_player(s), 1)
        if not terminal(s):
            s = result(s, random_player(s), -1)
    wins += utility(s, 1) > 0
print(f"random vs random: {wins} wins & a < b > c")

