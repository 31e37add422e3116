"""Fixture (red team): a state that is the pair (board, player), lines named by text whose numbers run together
('h01': horizontal, dot row 0, column 1), box owners under names like 'b12', players 1/-1."""
# %% [markdown]
# # Dots and Boxes
# A state is the pair `(board, player)`. The board is a dict: `board['drawn']` is a set of line names like
# `'h01'` (horizontal, dot row 0, dot column 1) and `board['owners']` maps a box `'b12'` to its owner.
# Players are `1` and `-1`.

# %%
import random, math, time

def initial_state(rows=4, cols=4):
    return ({'rows': rows, 'cols': cols, 'drawn': set(), 'owners': {}}, 1)

def line_names(board):
    R, C = board['rows'], board['cols']
    return [f"h{r}{c}" for r in range(R) for c in range(C - 1)] + [f"v{r}{c}" for r in range(R - 1) for c in range(C)]

def actions(state):
    board, _ = state
    return [n for n in line_names(board) if n not in board['drawn']]

def box_lines(r, c):
    return [f"h{r}{c}", f"h{r+1}{c}", f"v{r}{c}", f"v{r}{c+1}"]

def result(state, action):
    board, player = state
    if action in board['drawn']:
        raise ValueError(action)
    new = {'rows': board['rows'], 'cols': board['cols'], 'drawn': board['drawn'] | {action},
           'owners': dict(board['owners'])}
    kind, r, c = action[0], int(action[1]), int(action[2])
    cand = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
    scored = False
    for br, bc in cand:
        if 0 <= br < board['rows'] - 1 and 0 <= bc < board['cols'] - 1 and \
                all(l in new['drawn'] for l in box_lines(br, bc)):
            new['owners'][f"b{br}{bc}"] = player
            scored = True
    return (new, player if scored else -player)

def terminal(state):
    board, _ = state
    return len(board['drawn']) == len(line_names(board))

def utility(state, player):
    board, _ = state
    return sum(v * player for v in board['owners'].values())

def random_player(state):
    return random.choice(actions(state))

# %%
s = initial_state()
while not terminal(s):
    s = result(s, random_player(s))
print(utility(s, 1), s[0]['owners'])

# %% [markdown]
# ## Alpha-beta, depth limited

# %%
def sides(board, r, c):
    return sum(l in board['drawn'] for l in box_lines(r, c))

def ordering(state):
    board, _ = state
    def k(a):
        kind, r, c = a[0], int(a[1]), int(a[2])
        cand = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
        s = [sides(board, x, y) for x, y in cand if 0 <= x < board['rows'] - 1 and 0 <= y < board['cols'] - 1]
        return 0 if 3 in s else 2 if 2 in s else 1
    return sorted(actions(state), key=k)

def alphabeta(state, depth, alpha, beta, me):
    if terminal(state) or depth == 0:
        return utility(state, me)
    if state[1] == me:
        v = -math.inf
        for a in ordering(state):
            v = max(v, alphabeta(result(state, a), depth - 1, alpha, beta, me))
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return v
    v = math.inf
    for a in ordering(state):
        v = min(v, alphabeta(result(state, a), depth - 1, alpha, beta, me))
        beta = min(beta, v)
        if alpha >= beta:
            break
    return v

def alpha_beta_player(state, depth=None):
    moves = ordering(state)
    if depth is None:
        depth = 3 if len(moves) > 16 else 5 if len(moves) > 10 else 10
    me = state[1]
    best, best_v, alpha = moves[0], -math.inf, -math.inf
    for a in moves:
        v = alphabeta(result(state, a), depth - 1, alpha, math.inf, me)
        if v > best_v:
            best, best_v = a, v
        alpha = max(alpha, v)
    return best

# %%
s = initial_state()
while not terminal(s):
    s = result(s, alpha_beta_player(s) if s[1] == 1 else random_player(s))
print(utility(s, 1))
