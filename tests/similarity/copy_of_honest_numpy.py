# %%
import numpy as np
import math

def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)

# %%
def search(b, agent, mover, plies, alpha=-math.inf, beta=math.inf):
    """Alpha-beta search: best (value, move) for agent."""
    if finished(b) or plies == 0:
        return payoff(b, agent), None
    chosen = None
    if mover == agent:
        val = -math.inf
        for m2 in sorted(legal_moves(b), key=lambda m: abs(m - 3)):
            sub, _ = search(place_disc(b, mover, m2), agent, -mover, plies - 1, alpha, beta)
            if sub > val:
                val, chosen = sub, m2
            alpha = max(alpha, val)
            if val >= beta:
                break
    else:
        val = math.inf
        for m2 in sorted(legal_moves(b), key=lambda m: abs(m - 3)):
            sub, _ = search(place_disc(b, mover, m2), agent, -mover, plies - 1, alpha, beta)
            if sub < val:
                val, chosen = sub, m2
            beta = min(beta, val)
            if val <= alpha:
                break
    return val, chosen

def alpha_beta_player(b, agent=1):
    return search(b, agent, agent, 5)[1]
# %%
def legal_moves(b):
    """Which columns can take a disc."""
    return list(np.flatnonzero(b[0] == 0))

def place_disc(b, piece, c):
    """New board after the move."""
    empty_rows = np.flatnonzero(b[:, c] == 0)
    if empty_rows.size == 0:
        raise ValueError(f"column {column} is full")
    nb = np.array(b, copy=True)
    nb[empty_rows[-1], c] = piece
    return nb

def all_windows(b):
    n_rows, n_cols = b.shape
    segs = []
    segs += [b[i, j:j + 4] for i in range(n_rows) for j in range(n_cols - 3)]
    segs += [b[i:i + 4, j] for i in range(n_rows - 3) for j in range(n_cols)]
    segs += [np.diagonal(b[i:i + 4, j:j + 4]) for i in range(n_rows - 3) for j in range(n_cols - 3)]
    segs += [np.diagonal(np.fliplr(b[i:i + 4, j:j + 4])) for i in range(n_rows - 3) for j in range(n_cols - 3)]
    return segs

def check_winner(b):
    totals = [int(np.sum(seg)) for seg in all_windows(b)]
    if 4 in totals:
        return 1
    if -4 in totals:
        return -1
    return None

def finished(b):
    return check_winner(b) is not None or not np.any(b == 0)

def payoff(b, agent):
    victor = check_winner(b)
    return 0 if victor is None else (1 if victor == agent else -1)

