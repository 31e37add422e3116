"""Fixture (red team): the template's outline {'size', 'lines', 'boxes'} but sized in boxes, lines (r1, c1, r2, c2)
with dots from 1 mapped to who drew them, players 'X'/'O', `make_move(board, player, move)` answering (board,
extra turn): no reading of the course reads its moves, so positions are built through its own code."""
# %% [markdown]
# # Dots and Boxes (Lab 4)
# * `create_board(size=(3, 3))` — the size is the number of **boxes**.
# * Lines are `(r1, c1, r2, c2)` with dots counted from **1**; `board['lines']` maps a line to who drew it.
# * Boxes are keyed by their top-left dot (1-based) with the owner 'X' or 'O'.
# * `make_move(board, player, move)` returns `(new_board, extra_turn)`.

# %%
import random, math, time

def create_board(size=(3, 3)):
    return {'size': size, 'lines': {}, 'boxes': {}}

def every_line(board):
    R, C = board['size']
    out = []
    for r in range(1, R + 2):
        for c in range(1, C + 1):
            out.append((r, c, r, c + 1))
    for r in range(1, R + 1):
        for c in range(1, C + 2):
            out.append((r, c, r + 1, c))
    return out

def legal_moves(board):
    return [l for l in every_line(board) if l not in board['lines']]

def box_sides(r, c):
    return [(r, c, r, c + 1), (r + 1, c, r + 1, c + 1), (r, c, r + 1, c), (r, c + 1, r + 1, c + 1)]

def make_move(board, player, move):
    if move in board['lines']:
        raise ValueError("taken")
    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}
    new['lines'][move] = player
    R, C = board['size']
    r1, c1, r2, c2 = move
    cands = [(r1 - 1, c1), (r1, c1)] if r1 == r2 else [(r1, c1 - 1), (r1, c1)]
    extra = False
    for r, c in cands:
        if 1 <= r <= R and 1 <= c <= C and all(s in new['lines'] for s in box_sides(r, c)):
            new['boxes'][(r, c)] = player
            extra = True
    return new, extra

def game_over(board):
    R, C = board['size']
    return len(board['boxes']) == R * C

def score(board, player):
    mine = sum(1 for v in board['boxes'].values() if v == player)
    return mine - (len(board['boxes']) - mine)

def random_agent(board, player):
    return random.choice(legal_moves(board))

def opponent(player):
    return 'O' if player == 'X' else 'X'

# %%
b, p = create_board(), 'X'
while not game_over(b):
    b, again = make_move(b, p, random_agent(b, p))
    if not again:
        p = opponent(p)
print(b['boxes'], score(b, 'X'))

# %% [markdown]
# ## Minimax with alpha-beta pruning and a depth cutoff

# %%
def chain_value(board, me, to_move):
    R, C = board['size']
    three = 0
    for r in range(1, R + 1):
        for c in range(1, C + 1):
            if (r, c) not in board['boxes'] and sum(s in board['lines'] for s in box_sides(r, c)) == 3:
                three += 1
    return score(board, me) + (three if to_move == me else -three)

def order(board):
    def k(m):
        _, got = make_move(board, 'X', m)
        return 0 if got else 1
    return sorted(legal_moves(board), key=k)

def minimax_ab(board, to_move, me, depth, alpha, beta):
    if game_over(board):
        return score(board, me)
    if depth == 0:
        return chain_value(board, me, to_move)
    if to_move == me:
        best = -math.inf
        for m in order(board):
            child, again = make_move(board, to_move, m)
            best = max(best, minimax_ab(child, to_move if again else opponent(to_move), me, depth - 1, alpha, beta))
            alpha = max(alpha, best)
            if beta <= alpha:
                break
        return best
    best = math.inf
    for m in order(board):
        child, again = make_move(board, to_move, m)
        best = min(best, minimax_ab(child, to_move if again else opponent(to_move), me, depth - 1, alpha, beta))
        beta = min(beta, best)
        if beta <= alpha:
            break
    return best

def alpha_beta_player(board, player, cutoff=None):
    moves = order(board)
    if cutoff is None:
        cutoff = 2 if len(moves) > 24 else 3 if len(moves) > 15 else 5 if len(moves) > 10 else 9
    best, best_v, alpha = moves[0], -math.inf, -math.inf
    for m in moves:
        child, again = make_move(board, player, m)
        v = minimax_ab(child, player if again else opponent(player), player, cutoff - 1, alpha, math.inf)
        if v > best_v:
            best, best_v = m, v
        alpha = max(alpha, v)
    return best

# %%
b, p = create_board(), 'X'
while not game_over(b):
    m = alpha_beta_player(b, p) if p == 'X' else random_agent(b, p)
    b, again = make_move(b, p, m)
    if not again:
        p = opponent(p)
print(score(b, 'X'))
