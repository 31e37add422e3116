"""Fixture (written for the tests): Dots and Boxes as a class whose make_move(move) answers whether a box was
closed and never changes the turn: the caller hands it over with switch_player() (the game loop's
`if not game.make_move(m): game.switch_player()`). Players 1/2 in current_player, box owners in a grid;
the search alphabeta(game, depth, alpha, beta, player) answers (value, move). Every role is right."""
import copy
import math
import random


class DotsAndBoxes:
    def __init__(self, rows=4, cols=4):
        self.rows, self.cols = rows, cols  # dots
        self.h = [[False] * (cols - 1) for _ in range(rows)]
        self.v = [[False] * cols for _ in range(rows - 1)]
        self.box = [[0] * (cols - 1) for _ in range(rows - 1)]
        self.scores = {1: 0, 2: 0}
        self.current_player = 1

    def get_possible_moves(self):
        return [('h', r, c) for r in range(self.rows) for c in range(self.cols - 1) if not self.h[r][c]] + \
               [('v', r, c) for r in range(self.rows - 1) for c in range(self.cols) if not self.v[r][c]]

    def switch_player(self):
        self.current_player = 2 if self.current_player == 1 else 1

    def make_move(self, move):
        kind, r, c = move
        if kind == 'h':
            self.h[r][c] = True
            boxes = [(r - 1, c), (r, c)]
        else:
            self.v[r][c] = True
            boxes = [(r, c - 1), (r, c)]
        completed = False
        for br, bc in boxes:
            if 0 <= br < self.rows - 1 and 0 <= bc < self.cols - 1 and self.box[br][bc] == 0 and \
                    self.h[br][bc] and self.h[br + 1][bc] and self.v[br][bc] and self.v[br][bc + 1]:
                self.box[br][bc] = self.current_player
                self.scores[self.current_player] += 1
                completed = True
        return completed

    def is_game_over(self):
        return self.scores[1] + self.scores[2] == (self.rows - 1) * (self.cols - 1)

    def get_winner(self):
        if self.scores[1] == self.scores[2]:
            return 0
        return 1 if self.scores[1] > self.scores[2] else 2


def alphabeta(game, depth, alpha, beta, player):
    if depth == 0 or game.is_game_over():
        return game.scores[player] - game.scores[3 - player], None
    best_move = None
    maximizing = game.current_player == player
    best = -math.inf if maximizing else math.inf
    for move in game.get_possible_moves():
        child = copy.deepcopy(game)
        if not child.make_move(move):
            child.switch_player()
        value, _ = alphabeta(child, depth - 1, alpha, beta, player)
        if maximizing and value > best or not maximizing and value < best:
            best, best_move = value, move
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_move


def ai_player(game, depth=3):
    return alphabeta(game, depth, -math.inf, math.inf, game.current_player)[1]


def random_player(game):
    return random.choice(game.get_possible_moves())
