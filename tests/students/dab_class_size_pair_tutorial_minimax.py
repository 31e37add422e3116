"""Fixture (written for the tests): Dots and Boxes as a class, DotsAndBoxes(size=(3, 3)) counting boxes as
a pair, lines ('h', r, c), players 1/2, make_move/undo_move; the search is the tutorial's function on the
object, minimax(game, depth, alpha, beta, maximizing_player) answering (value, move), with no wrapper that
calls it; a random bot random_bot(game). Every role is right."""
import math
import random


class DotsAndBoxes:
    def __init__(self, size=(3, 3)):
        self.rows, self.cols = size  # boxes
        self.lines = set()
        self.boxes = {}
        self.turn = 1
        self.stack = []

    def get_available_moves(self):
        moves = []
        for r in range(self.rows + 1):
            for c in range(self.cols):
                if ('h', r, c) not in self.lines:
                    moves.append(('h', r, c))
        for r in range(self.rows):
            for c in range(self.cols + 1):
                if ('v', r, c) not in self.lines:
                    moves.append(('v', r, c))
        return moves

    def make_move(self, move):
        self.lines.add(move)
        kind, r, c = move
        cands = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
        new = []
        for br, bc in cands:
            if 0 <= br < self.rows and 0 <= bc < self.cols and (br, bc) not in self.boxes:
                if {('h', br, bc), ('h', br + 1, bc), ('v', br, bc), ('v', br, bc + 1)} <= self.lines:
                    self.boxes[(br, bc)] = self.turn
                    new.append((br, bc))
        self.stack.append((move, self.turn, new))
        if not new:
            self.turn = 3 - self.turn
        return len(new) > 0

    def undo_move(self):
        move, turn, new = self.stack.pop()
        self.lines.discard(move)
        for b in new:
            del self.boxes[b]
        self.turn = turn

    def is_game_over(self):
        return len(self.boxes) == self.rows * self.cols

    def score(self, player):
        return sum(1 for p in self.boxes.values() if p == player)

    def get_winner(self):
        a, b = self.score(1), self.score(2)
        return 1 if a > b else 2 if b > a else 0


def evaluate(game, player):
    return game.score(player) - game.score(3 - player)


def minimax(game, depth, alpha, beta, maximizing_player):
    me = game.turn if maximizing_player else 3 - game.turn
    if depth == 0 or game.is_game_over():
        return evaluate(game, me), None
    best_move = None
    if maximizing_player:
        value = -math.inf
        for move in game.get_available_moves():
            again = game.make_move(move)
            score, _ = minimax(game, depth - 1, alpha, beta, again)
            game.undo_move()
            if score > value:
                value, best_move = score, move
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    else:
        value = math.inf
        for move in game.get_available_moves():
            again = game.make_move(move)
            score, _ = minimax(game, depth - 1, alpha, beta, not again)
            game.undo_move()
            if score < value:
                value, best_move = score, move
            beta = min(beta, value)
            if alpha >= beta:
                break
    return value, best_move


def random_bot(game):
    return random.choice(game.get_available_moves())
