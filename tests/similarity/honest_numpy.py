# %%
import numpy as np
import math

def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)

# %%
def get_valid_moves(state):
    """Columns that still have room."""
    return list(np.flatnonzero(state[0] == 0))

def drop(state, who, column):
    """Copy of the state with who's disc dropped into column."""
    free = np.flatnonzero(state[:, column] == 0)
    if free.size == 0:
        raise ValueError(f"column {column} is full")
    out = np.array(state, copy=True)
    out[free[-1], column] = who
    return out

def lines_of_four(state):
    h, w = state.shape
    windows = []
    windows += [state[i, j:j + 4] for i in range(h) for j in range(w - 3)]
    windows += [state[i:i + 4, j] for i in range(h - 3) for j in range(w)]
    windows += [np.diagonal(state[i:i + 4, j:j + 4]) for i in range(h - 3) for j in range(w - 3)]
    windows += [np.diagonal(np.fliplr(state[i:i + 4, j:j + 4])) for i in range(h - 3) for j in range(w - 3)]
    return windows

def who_won(state):
    sums = [int(np.sum(win)) for win in lines_of_four(state)]
    if 4 in sums:
        return 1
    if -4 in sums:
        return -1
    return None

def is_over(state):
    return who_won(state) is not None or not np.any(state == 0)

def score(state, me):
    champion = who_won(state)
    return 0 if champion is None else (1 if champion == me else -1)

# %%
def minimax_ab(state, me, to_play, depth, lo=-math.inf, hi=math.inf):
    """Return (value, column) from me's point of view."""
    if is_over(state) or depth == 0:
        return score(state, me), None
    pick = None
    if to_play == me:
        v = -math.inf
        for move in sorted(get_valid_moves(state), key=lambda m: abs(m - 3)):
            child, _ = minimax_ab(drop(state, to_play, move), me, -to_play, depth - 1, lo, hi)
            if child > v:
                v, pick = child, move
            lo = max(lo, v)
            if v >= hi:
                break
    else:
        v = math.inf
        for move in sorted(get_valid_moves(state), key=lambda m: abs(m - 3)):
            child, _ = minimax_ab(drop(state, to_play, move), me, -to_play, depth - 1, lo, hi)
            if child < v:
                v, pick = child, move
            hi = min(hi, v)
            if v <= lo:
                break
    return v, pick

def alpha_beta_player(state, me=1):
    return minimax_ab(state, me, me, 5)[1]
