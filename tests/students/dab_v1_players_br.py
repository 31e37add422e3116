# Dots and Boxes, old layout {'n': 4, 'm': 4} with lines and boxes as top-level keys, players 'b'/'r';
# result(board, line, player) returns (board, extra_turn).
import random

def new_board(n=4, m=4):
    return {'n': n, 'm': m}

def get_actions(board):
    n, m = board['n'], board['m']
    lines = [('h', r, c) for r in range(n) for c in range(m - 1)] + [('v', r, c) for r in range(n - 1) for c in range(m)]
    return [l for l in lines if l not in board]

def box_done(board, r, c):
    return all(k in board for k in (('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)))

def result(board, line, player):
    b = dict(board)
    b[line] = True
    kind, r, c = line
    extra = False
    candidates = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
    for br, bc in candidates:
        if 0 <= br < b['n'] - 1 and 0 <= bc < b['m'] - 1 and (br, bc) not in b and box_done(b, br, bc):
            b[(br, bc)] = player
            extra = True
    return b, extra

def is_terminal(board):
    return len(get_actions(board)) == 0

def utility(board, player):
    mine = sum(1 for k, v in board.items() if isinstance(k, tuple) and len(k) == 2 and v == player)
    theirs = sum(1 for k, v in board.items() if isinstance(k, tuple) and len(k) == 2 and v != player)
    return mine - theirs

def other(player):
    return 'r' if player == 'b' else 'b'

def random_player(board, player=None):
    return random.choice(get_actions(board))
