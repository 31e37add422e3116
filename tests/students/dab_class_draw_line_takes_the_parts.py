"""Fixture (written for the tests): Dots and Boxes as a class, DotsAndBoxes(n_rows=4, n_cols=4) counting dots,
whose lines are drawn with the template's three arguments, draw_line(self, orientation, row, col), while
get_valid_moves() lists them as ('h', r, c) tuples; players 'X'/'O' in self.current, a scores dict; the
search alpha_beta_move(game, depth=2) deep-copies and calls draw_line(*move). Every role is right."""
import copy
import random


class DotsAndBoxes:
    def __init__(self, n_rows=4, n_cols=4):
        self.n_rows, self.n_cols = n_rows, n_cols
        self.drawn = set()
        self.owner = {}
        self.scores = {'X': 0, 'O': 0}
        self.current = 'X'

    def get_valid_moves(self):
        out = [('h', r, c) for r in range(self.n_rows) for c in range(self.n_cols - 1)]
        out += [('v', r, c) for r in range(self.n_rows - 1) for c in range(self.n_cols)]
        return [m for m in out if m not in self.drawn]

    def draw_line(self, orientation, row, col):
        self.drawn.add((orientation, row, col))
        near = [(row - 1, col), (row, col)] if orientation == 'h' else [(row, col - 1), (row, col)]
        got = False
        for r, c in near:
            if 0 <= r < self.n_rows - 1 and 0 <= c < self.n_cols - 1 and (r, c) not in self.owner and \
                    {('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)} <= self.drawn:
                self.owner[(r, c)] = self.current
                self.scores[self.current] += 1
                got = True
        if not got:
            self.current = 'O' if self.current == 'X' else 'X'
        return got

    def game_over(self):
        return not self.get_valid_moves()

    def winner(self):
        if self.scores['X'] == self.scores['O']:
            return None
        return max(self.scores, key=self.scores.get)


def value(game, me, depth, alpha, beta):
    if depth == 0 or game.game_over():
        other = 'O' if me == 'X' else 'X'
        return game.scores[me] - game.scores[other]
    maximizing = game.current == me
    best = -99 if maximizing else 99
    for m in game.get_valid_moves():
        child = copy.deepcopy(game)
        child.draw_line(*m)
        v = value(child, me, depth - 1, alpha, beta)
        if maximizing:
            best, alpha = max(best, v), max(alpha, v)
        else:
            best, beta = min(best, v), min(beta, v)
        if alpha >= beta:
            break
    return best


def alpha_beta_move(game, depth=2):
    me = game.current
    best, top = None, -100
    for m in game.get_valid_moves():
        child = copy.deepcopy(game)
        child.draw_line(*m)
        v = value(child, me, depth - 1, -99, 99)
        if v > top:
            best, top = m, v
    return best


def random_move(game):
    return random.choice(game.get_valid_moves())
