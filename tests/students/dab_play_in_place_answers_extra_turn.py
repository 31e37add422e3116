"""Fixture (red team): lines as frozensets of two dots counted from 1, players 0/1 (the other is `1 - player`), and
`play(board, line, player)` that draws in place and answers whether the mover goes again (True or False)."""
# %% [markdown]
# # Dots & Boxes (Homework 3)
# Dots are numbered from 1, like on paper: the top-left dot is (1, 1).
# A line is the frozenset of its two dots. Players are 0 and 1.
# `play(board, line, player)` changes the board and tells if the player goes again.

# %%
import random, math, copy, time

def create_board(n_rows=4, n_cols=4):
    return {'dots': (n_rows, n_cols), 'drawn': set(), 'owner': {}, 'score': [0, 0]}

def all_lines(board):
    R, C = board['dots']
    L = []
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            if c < C:
                L.append(frozenset({(r, c), (r, c + 1)}))
            if r < R:
                L.append(frozenset({(r, c), (r + 1, c)}))
    return L

def box_lines(r, c):
    """box with top-left dot (r, c)"""
    return [frozenset({(r, c), (r, c + 1)}), frozenset({(r + 1, c), (r + 1, c + 1)}),
            frozenset({(r, c), (r + 1, c)}), frozenset({(r, c + 1), (r + 1, c + 1)})]

def boxes_touching(board, line):
    R, C = board['dots']
    (r1, c1), (r2, c2) = sorted(line)
    if r1 == r2:   # horizontal
        cands = [(r1 - 1, c1), (r1, c1)]
    else:
        cands = [(r1, c1 - 1), (r1, c1)]
    return [(r, c) for r, c in cands if 1 <= r < R and 1 <= c < C]

# %%
def available_lines(board):
    return [l for l in all_lines(board) if l not in board['drawn']]

def play(board, line, player):
    """Draw `line` for `player` (0 or 1) IN PLACE. Returns True if the player completed a box."""
    line = frozenset(line)
    if line in board['drawn']:
        raise ValueError('taken')
    board['drawn'].add(line)
    closed = False
    for b in boxes_touching(board, line):
        if all(l in board['drawn'] for l in box_lines(*b)):
            board['owner'][b] = player
            board['score'][player] += 1
            closed = True
    return closed

def game_over(board):
    return len(board['drawn']) == len(all_lines(board))

def utility(board, player=0):
    return board['score'][player] - board['score'][1 - player]

def random_player(board, player):
    return random.choice(available_lines(board))

def clone(board):
    return {'dots': board['dots'], 'drawn': set(board['drawn']), 'owner': dict(board['owner']),
            'score': list(board['score'])}

# %%
def print_board(board):
    R, C = board['dots']
    for r in range(1, R + 1):
        print(''.join('*' + ('---' if frozenset({(r, c), (r, c + 1)}) in board['drawn'] else '   ')
                      for c in range(1, C)) + '*')
        if r < R:
            row = ''
            for c in range(1, C + 1):
                row += '|' if frozenset({(r, c), (r + 1, c)}) in board['drawn'] else ' '
                if c < C:
                    o = board['owner'].get((r, c))
                    row += ' %s ' % ('' if o is None else o) if o is not None else '   '
            print(row)

b = create_board(3, 3)
p = 0
while not game_over(b):
    if not play(b, random_player(b, p), p):
        p = 1 - p
print_board(b); print(b['score'])

# %% [markdown]
# ## Alpha-beta search with a depth limit (returns the move and its value)

# %%
def sides_done(board, box):
    return sum(l in board['drawn'] for l in box_lines(*box))

def move_order(board):
    def k(l):
        s = [sides_done(board, b) for b in boxes_touching(board, l)]
        return 0 if 3 in s else 2 if 2 in s else 1
    return sorted(available_lines(board), key=k)

def heuristic(board, me, mover):
    R, C = board['dots']
    free = sum(1 for r in range(1, R) for c in range(1, C)
               if (r, c) not in board['owner'] and sides_done(board, (r, c)) == 3)
    return utility(board, me) + (free if mover == me else -free)

def alphabeta(board, mover, me, depth, alpha, beta, stop):
    if game_over(board):
        return utility(board, me), None
    if depth == 0 or time.time() > stop:
        return heuristic(board, me, mover), None
    best = None
    maximizing = mover == me
    value = -math.inf if maximizing else math.inf
    for line in move_order(board):
        child = clone(board)
        again = play(child, line, mover)
        nxt = mover if again else 1 - mover
        v, _ = alphabeta(child, nxt, me, depth - 1, alpha, beta, stop)
        if maximizing and v > value:
            value, best = v, line
            alpha = max(alpha, v)
        elif not maximizing and v < value:
            value, best = v, line
            beta = min(beta, v)
        if alpha >= beta:
            break
    return value, best

def alpha_beta_player(board, player, cutoff=6, time_limit=0.3):
    stop = time.time() + time_limit
    answer = (move_order(board)[0], None)
    for d in range(1, cutoff + 1):
        v, m = alphabeta(board, player, player, d, -math.inf, math.inf, stop)
        if time.time() > stop:
            break
        answer = (m, v)
    return answer

# %%
b, p = create_board(), 0
while not game_over(b):
    mv = alpha_beta_player(b, p)[0] if p == 0 else random_player(b, p)
    if not play(b, mv, p):
        p = 1 - p
print_board(b); print('score', b['score'])
