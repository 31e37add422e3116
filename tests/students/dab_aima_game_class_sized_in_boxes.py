"""Fixture (red team): the textbook's Game shape, `DotsAndBoxes(h=3, w=3)` sized in boxes, a namedtuple state whose
`to_move` is 'MAX'/'MIN', agents `(game, state)`."""
# %% [markdown]
# # Dots and Boxes in the style of the AIMA `Game` class
# `GameState = namedtuple('GameState', 'to_move, lines, owners, score')`.
# Board size is given in **boxes**: `DotsAndBoxes(3, 3)` has 4x4 dots.

# %%
from collections import namedtuple
import random, math, time

GameState = namedtuple('GameState', 'to_move, lines, owners, score')

class DotsAndBoxes:
    def __init__(self, h=3, w=3):
        self.h, self.w = h, w
        self.all = tuple([('h', r, c) for r in range(h + 1) for c in range(w)] +
                         [('v', r, c) for r in range(h) for c in range(w + 1)])
        self.initial = GameState(to_move='MAX', lines=frozenset(), owners=(), score=0)

    def actions(self, state):
        return [l for l in self.all if l not in state.lines]

    def boxes_of(self, line):
        k, r, c = line
        cand = [(r - 1, c), (r, c)] if k == 'h' else [(r, c - 1), (r, c)]
        return [(a, b) for a, b in cand if 0 <= a < self.h and 0 <= b < self.w]

    def closed(self, lines, box):
        r, c = box
        return {('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)} <= lines

    def result(self, state, move):
        if move in state.lines:
            raise ValueError(move)
        lines = state.lines | {move}
        new = [b for b in self.boxes_of(move) if self.closed(lines, b)]
        sign = 1 if state.to_move == 'MAX' else -1
        nxt = state.to_move if new else ('MIN' if state.to_move == 'MAX' else 'MAX')
        return GameState(to_move=nxt, lines=lines,
                         owners=state.owners + tuple((b, state.to_move) for b in new),
                         score=state.score + sign * len(new))

    def terminal_test(self, state):
        return len(state.lines) == len(self.all)

    def utility(self, state, player):
        return state.score if player == 'MAX' else -state.score

    def to_move(self, state):
        return state.to_move

    def display(self, state):
        own = dict(state.owners)
        for r in range(self.h + 1):
            print('.' + '.'.join('__' if ('h', r, c) in state.lines else '  ' for c in range(self.w)) + '.')
            if r < self.h:
                print(''.join(('|' if ('v', r, c) in state.lines else ' ') +
                              ({'MAX': 'X ', 'MIN': 'O '}.get(own.get((r, c)), '  ') if c < self.w else '')
                              for c in range(self.w + 1)))

# %%
def random_player(game, state):
    return random.choice(game.actions(state))

def alpha_beta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None):
    """AIMA-style alpha-beta with a depth cutoff; the same player can move twice in a row."""
    player = game.to_move(state)
    eval_fn = eval_fn or (lambda s: game.utility(s, player))
    cutoff_test = cutoff_test or (lambda s, depth: depth > d or game.terminal_test(s))

    def value(s, alpha, beta, depth):
        if cutoff_test(s, depth):
            return eval_fn(s)
        if game.to_move(s) == player:
            v = -math.inf
            for a in game.actions(s):
                v = max(v, value(game.result(s, a), alpha, beta, depth + 1))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in game.actions(s):
            v = min(v, value(game.result(s, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best, best_a, alpha = -math.inf, None, -math.inf
    for a in sorted(game.actions(state), key=lambda a: -len([b for b in game.boxes_of(a)
                                                            if game.closed(state.lines | {a}, b)])):
        v = value(game.result(state, a), alpha, math.inf, 1)
        if v > best:
            best, best_a = v, a
        alpha = max(alpha, v)
    return best_a

def alpha_beta_player(game, state):
    n = len(game.actions(state))
    return alpha_beta_cutoff_search(state, game, d=2 if n > 30 else 3 if n > 16 else 5 if n > 9 else 8)

# %%
game = DotsAndBoxes(3, 3)
s = game.initial
while not game.terminal_test(s):
    s = game.result(s, alpha_beta_player(game, s) if s.to_move == 'MAX' else random_player(game, s))
game.display(s); print(s.score)
