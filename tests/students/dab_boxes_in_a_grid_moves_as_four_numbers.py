"""Fixture (red team): a dict with 'lines' and 'boxes' keys that is not the course's layout (box owners in a list of
lists, moves as (r1, c1, r2, c2), the turn in the state), a terminal naming the winner or 'draw', and the root
moves of the search looped over in the agent, which calls max_value or min_value for each."""
# %% [markdown]
# # Adversarial Search: Dots and Boxes
# My representation: a dict with the drawn lines (each line is `(r1, c1, r2, c2)`, the two dots it joins,
# the smaller dot first), `boxes` is a list of lists with `None` or the letter of the owner, and `turn`.

# %%
import random
import math
import time

ROWS, COLS = 4, 4  # dots

def initial_state(rows=ROWS, cols=COLS):
    return {'rows': rows, 'cols': cols, 'lines': set(),
            'boxes': [[None] * (cols - 1) for _ in range(rows - 1)], 'turn': 'A'}

def every_line(state):
    R, C = state['rows'], state['cols']
    out = [(r, c, r, c + 1) for r in range(R) for c in range(C - 1)]
    out += [(r, c, r + 1, c) for r in range(R - 1) for c in range(C)]
    return out

def actions(state):
    return [m for m in every_line(state) if m not in state['lines']]

def _sides(r, c):
    return [(r, c, r, c + 1), (r + 1, c, r + 1, c + 1), (r, c, r + 1, c), (r, c + 1, r + 1, c + 1)]

def _touching(state, move):
    r1, c1, r2, c2 = move
    if r1 == r2:
        cands = [(r1 - 1, c1), (r1, c1)]
    else:
        cands = [(r1, c1 - 1), (r1, c1)]
    return [(r, c) for r, c in cands if 0 <= r < state['rows'] - 1 and 0 <= c < state['cols'] - 1]

def result(state, move):
    if move in state['lines']:
        raise ValueError("illegal move")
    lines = state['lines'] | {move}
    boxes = [row[:] for row in state['boxes']]
    scored = False
    for r, c in _touching(state, move):
        if all(s in lines for s in _sides(r, c)):
            boxes[r][c] = state['turn']
            scored = True
    turn = state['turn'] if scored else ('B' if state['turn'] == 'A' else 'A')
    return {'rows': state['rows'], 'cols': state['cols'], 'lines': lines, 'boxes': boxes, 'turn': turn}

def count(state, who):
    return sum(row.count(who) for row in state['boxes'])

def terminal(state):
    """None if the game is not over, else 'A', 'B' or 'draw'."""
    if len(state['lines']) < len(every_line(state)):
        return None
    a, b = count(state, 'A'), count(state, 'B')
    return 'draw' if a == b else ('A' if a > b else 'B')

def utility(state, player):
    w = terminal(state)
    if w is None or w == 'draw':
        return 0
    return 1 if w == player else -1

def random_player(state):
    return random.choice(actions(state))

# %%
def draw(state):
    R, C = state['rows'], state['cols']
    for r in range(R):
        print('+' + '+'.join('--' if (r, c, r, c + 1) in state['lines'] else '  ' for c in range(C - 1)) + '+')
        if r < R - 1:
            print(''.join(('|' if (r, c, r + 1, c) in state['lines'] else ' ') +
                          ((state['boxes'][r][c] or ' ') + ' ' if c < C - 1 else '') for c in range(C)))

s = initial_state()
while terminal(s) is None:
    s = result(s, random_player(s))
draw(s)
print(terminal(s))

# %% [markdown]
# ## Alpha-beta with a cutoff; evaluation = my boxes - their boxes

# %%
def evaluation(state, me):
    other = 'B' if me == 'A' else 'A'
    return count(state, me) - count(state, other)

def ordering(state):
    def k(m):
        n = [sum(s in state['lines'] for s in _sides(r, c)) for r, c in _touching(state, m)]
        return 0 if 3 in n else 2 if 2 in n else 1
    return sorted(actions(state), key=k)

def max_value(state, me, alpha, beta, depth, end):
    if terminal(state) is not None:
        return 100 * utility(state, me) + evaluation(state, me)
    if depth <= 0 or time.time() > end:
        return evaluation(state, me)
    v = -math.inf
    for m in ordering(state):
        child = result(state, m)
        f = max_value if child['turn'] == me else min_value
        v = max(v, f(child, me, alpha, beta, depth - 1, end))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v

def min_value(state, me, alpha, beta, depth, end):
    if terminal(state) is not None:
        return 100 * utility(state, me) + evaluation(state, me)
    if depth <= 0 or time.time() > end:
        return evaluation(state, me)
    v = math.inf
    for m in ordering(state):
        child = result(state, m)
        f = max_value if child['turn'] == me else min_value
        v = min(v, f(child, me, alpha, beta, depth - 1, end))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v

def minimax_player(state, depth=4, seconds=0.4):
    me = state['turn']
    end = time.time() + seconds
    best, best_v = None, -math.inf
    alpha = -math.inf
    for m in ordering(state):
        child = result(state, m)
        f = max_value if child['turn'] == me else min_value
        v = f(child, me, alpha, math.inf, depth - 1, end)
        if v > best_v:
            best, best_v = m, v
        alpha = max(alpha, v)
    return best

# %%
s = initial_state()
while terminal(s) is None:
    s = result(s, minimax_player(s) if s['turn'] == 'A' else random_player(s))
draw(s); print(terminal(s))
