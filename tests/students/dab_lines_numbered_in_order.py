"""Fixture (red team): lines numbered 0..E-1 in the course's order (horizontal lines row by row, then vertical), players
1/2, `result(board, action, player)` answering (board, next player), `utility(board)` without a player."""
# %% [markdown]
# # Dots and Boxes — edges numbered 0..E-1
# I number every edge: first all horizontal edges row by row, then all vertical edges.
# The board is a list of 0/1 per edge plus a list of box owners (0 = nobody, 1 or 2 = player).
# `result(board, action, player)` returns `(new_board, next_player)`.

# %%
import random, math, time, copy

N_ROWS, N_COLS = 4, 4   # dots

def make_board(n_rows=N_ROWS, n_cols=N_COLS):
    n_h = n_rows * (n_cols - 1)
    n_v = (n_rows - 1) * n_cols
    return {'n_rows': n_rows, 'n_cols': n_cols, 'edges': [0] * (n_h + n_v),
            'owner': [0] * ((n_rows - 1) * (n_cols - 1))}

def h_index(b, r, c):
    return r * (b['n_cols'] - 1) + c

def v_index(b, r, c):
    return b['n_rows'] * (b['n_cols'] - 1) + r * b['n_cols'] + c

def box_edges(b, r, c):
    return [h_index(b, r, c), h_index(b, r + 1, c), v_index(b, r, c), v_index(b, r, c + 1)]

def boxes_of_edge(b, e):
    n_h = b['n_rows'] * (b['n_cols'] - 1)
    if e < n_h:
        r, c = divmod(e, b['n_cols'] - 1)
        cand = [(r - 1, c), (r, c)]
    else:
        r, c = divmod(e - n_h, b['n_cols'])
        cand = [(r, c - 1), (r, c)]
    return [(x, y) for x, y in cand if 0 <= x < b['n_rows'] - 1 and 0 <= y < b['n_cols'] - 1]

def actions(board):
    return [i for i, e in enumerate(board['edges']) if e == 0]

def result(board, action, player):
    assert board['edges'][action] == 0, "edge taken"
    b = copy.deepcopy(board)
    b['edges'][action] = 1
    scored = False
    for r, c in boxes_of_edge(b, action):
        if all(b['edges'][e] for e in box_edges(b, r, c)):
            b['owner'][r * (b['n_cols'] - 1) + c] = player
            scored = True
    return b, (player if scored else 3 - player)

def terminal(board):
    return all(board['edges'])

def utility(board):
    """boxes of player 1 minus boxes of player 2"""
    return board['owner'].count(1) - board['owner'].count(2)

def random_player(board, player):
    return random.choice(actions(board))

# %%
b, p = make_board(), 1
while not terminal(b):
    b, p = result(b, random_player(b, p), p)
print(b['owner'], utility(b))

# %% [markdown]
# ## Alpha-beta (negamax form) with a depth limit

# %%
def sides(b, r, c):
    return sum(b['edges'][e] for e in box_edges(b, r, c))

def order_moves(b):
    def key(e):
        s = [sides(b, r, c) for r, c in boxes_of_edge(b, e)]
        return 0 if 3 in s else 2 if 2 in s else 1
    return sorted(actions(b), key=key)

def heuristic(b, player):
    sign = 1 if player == 1 else -1
    return sign * utility(b)

def negamax(b, player, depth, alpha, beta):
    if terminal(b) or depth == 0:
        return heuristic(b, player), None
    best, best_move = -math.inf, None
    for e in order_moves(b):
        child, nxt = result(b, e, player)
        if nxt == player:
            v, _ = negamax(child, nxt, depth - 1, alpha, beta)
        else:
            v, _ = negamax(child, nxt, depth - 1, -beta, -alpha)
            v = -v
        if v > best:
            best, best_move = v, e
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best, best_move

def ab_player(board, player, depth=None):
    if depth is None:
        n = len(actions(board))
        depth = 3 if n > 20 else 5 if n > 12 else 12
    return negamax(board, player, depth, -math.inf, math.inf)[1]

# %%
b, p = make_board(), 1
while not terminal(b):
    b, p = result(b, ab_player(b, p) if p == 1 else random_player(b, p), p)
print("final", utility(b))
