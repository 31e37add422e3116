"""Fixture (red team): horizontal and vertical lines in two lists of lists, moves ('horizontal', r, c), players 0/1 and
the score kept in the state, the size in boxes."""
# %% [markdown]
# # Dots and Boxes
# State: `{'horizontal': [[False]*cols...], 'vertical': [...], 'boxes': [[-1]*...], 'score': [0, 0], 'player': 0}`.
# Players are 0 and 1 and the state knows whose turn it is. Moves are `('horizontal', r, c)` or
# `('vertical', r, c)`. Sizes are in boxes.

# %%
import random, math, copy, time

def initial_state(n_box_rows=3, n_box_cols=3):
    R, C = n_box_rows, n_box_cols
    return {'horizontal': [[False] * C for _ in range(R + 1)],
            'vertical': [[False] * (C + 1) for _ in range(R)],
            'boxes': [[-1] * C for _ in range(R)],
            'score': [0, 0],
            'player': 0}

def get_actions(state):
    moves = []
    for r, row in enumerate(state['horizontal']):
        for c, drawn in enumerate(row):
            if not drawn:
                moves.append(('horizontal', r, c))
    for r, row in enumerate(state['vertical']):
        for c, drawn in enumerate(row):
            if not drawn:
                moves.append(('vertical', r, c))
    return moves

def box_complete(state, r, c):
    return (state['horizontal'][r][c] and state['horizontal'][r + 1][c]
            and state['vertical'][r][c] and state['vertical'][r][c + 1])

def get_next_state(state, action):
    kind, r, c = action
    if state[kind][r][c]:
        raise ValueError("line already drawn")
    new = copy.deepcopy(state)
    new[kind][r][c] = True
    R, C = len(new['boxes']), len(new['boxes'][0])
    cands = [(r - 1, c), (r, c)] if kind == 'horizontal' else [(r, c - 1), (r, c)]
    completed = 0
    for br, bc in cands:
        if 0 <= br < R and 0 <= bc < C and new['boxes'][br][bc] == -1 and box_complete(new, br, bc):
            new['boxes'][br][bc] = state['player']
            new['score'][state['player']] += 1
            completed += 1
    if completed == 0:
        new['player'] = 1 - state['player']
    return new

def is_terminal(state):
    return all(all(row) for row in state['horizontal']) and all(all(row) for row in state['vertical'])

def get_utility(state, player):
    return state['score'][player] - state['score'][1 - player]

def random_agent(state):
    return random.choice(get_actions(state))

# %%
s = initial_state()
while not is_terminal(s):
    s = get_next_state(s, random_agent(s))
print(s['score'], s['boxes'])

# %% [markdown]
# ## Alpha-beta with a depth cutoff

# %%
def n_sides(state, r, c):
    return (state['horizontal'][r][c] + state['horizontal'][r + 1][c]
            + state['vertical'][r][c] + state['vertical'][r][c + 1])

def ordered_actions(state):
    R, C = len(state['boxes']), len(state['boxes'][0])
    def rank(a):
        kind, r, c = a
        cands = [(r - 1, c), (r, c)] if kind == 'horizontal' else [(r, c - 1), (r, c)]
        s = [n_sides(state, br, bc) for br, bc in cands if 0 <= br < R and 0 <= bc < C]
        return 0 if 3 in s else 2 if 2 in s else 1
    return sorted(get_actions(state), key=rank)

def evaluate(state, me):
    return get_utility(state, me)

def alphabeta(state, depth, alpha, beta, me):
    if is_terminal(state) or depth == 0:
        return evaluate(state, me)
    maximizing = state['player'] == me
    if maximizing:
        best = -math.inf
        for a in ordered_actions(state):
            best = max(best, alphabeta(get_next_state(state, a), depth - 1, alpha, beta, me))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = math.inf
    for a in ordered_actions(state):
        best = min(best, alphabeta(get_next_state(state, a), depth - 1, alpha, beta, me))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best

def alpha_beta_agent(state, max_depth=None):
    me = state['player']
    moves = ordered_actions(state)
    if max_depth is None:
        max_depth = 2 if len(moves) > 24 else 4 if len(moves) > 12 else 10
    best, best_v, alpha = moves[0], -math.inf, -math.inf
    for a in moves:
        v = alphabeta(get_next_state(state, a), max_depth - 1, alpha, math.inf, me)
        if v > best_v:
            best, best_v = a, v
        alpha = max(alpha, v)
    return best

# %%
s = initial_state()
while not is_terminal(s):
    s = get_next_state(s, alpha_beta_agent(s) if s['player'] == 0 else random_agent(s))
print(s['score'])
