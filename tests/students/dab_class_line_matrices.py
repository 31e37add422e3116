"""Fixture: Dots and Boxes as a class whose object is the state and changes in place.

Lines live in two matrices (horizontal and vertical), a move is ('h', r, c) or ('v', r, c),
players are 1 and 2, and the search is a class built on a game object.
"""
import math
import random


class DotsAndBoxes:
    def __init__(self, rows=3, cols=3):
        self.rows, self.cols = rows, cols  # dots
        self.horizontal = [[False] * (cols - 1) for _ in range(rows)]
        self.vertical = [[False] * cols for _ in range(rows - 1)]
        self.owner = [[0] * (cols - 1) for _ in range(rows - 1)]
        self.current_player = 1
        self.scores = {1: 0, 2: 0}

    def copy(self):
        other = DotsAndBoxes(self.rows, self.cols)
        other.horizontal = [row[:] for row in self.horizontal]
        other.vertical = [row[:] for row in self.vertical]
        other.owner = [row[:] for row in self.owner]
        other.current_player = self.current_player
        other.scores = dict(self.scores)
        return other

    def get_possible_moves(self):
        moves = [("h", r, c) for r in range(self.rows) for c in range(self.cols - 1) if not self.horizontal[r][c]]
        moves += [("v", r, c) for r in range(self.rows - 1) for c in range(self.cols) if not self.vertical[r][c]]
        return moves

    def _closed(self, r, c):
        return (self.horizontal[r][c] and self.horizontal[r + 1][c]
                and self.vertical[r][c] and self.vertical[r][c + 1])

    def make_move(self, move):
        """Draw a line; returns True when it closed a box (the same player moves again)."""
        kind, r, c = move
        if kind == "h":
            self.horizontal[r][c] = True
            boxes = [(r - 1, c), (r, c)]
        else:
            self.vertical[r][c] = True
            boxes = [(r, c - 1), (r, c)]
        closed = False
        for br, bc in boxes:
            if 0 <= br < self.rows - 1 and 0 <= bc < self.cols - 1 and self._closed(br, bc) \
                    and self.owner[br][bc] == 0:
                self.owner[br][bc] = self.current_player
                self.scores[self.current_player] += 1
                closed = True
        if not closed:
            self.current_player = 3 - self.current_player
        return closed

    def is_game_over(self):
        return not self.get_possible_moves()

    def get_winner(self):
        if self.scores[1] > self.scores[2]:
            return 1
        if self.scores[2] > self.scores[1]:
            return 2
        return 0


class SearchTreeNode:
    def __init__(self, game):
        self.game = game
        self.player = game.current_player

    def evaluate(self, game):
        return game.scores[self.player] - game.scores[3 - self.player]

    def alphabeta(self, game, depth, alpha, beta):
        if depth == 0 or game.is_game_over():
            return self.evaluate(game)
        maximizing = game.current_player == self.player
        best = -math.inf if maximizing else math.inf
        for move in game.get_possible_moves():
            child = game.copy()
            child.make_move(move)
            value = self.alphabeta(child, depth - 1, alpha, beta)
            if maximizing:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def get_best_move(self, depth=3):
        best_move, best_value = None, -math.inf
        for move in self.game.get_possible_moves():
            child = self.game.copy()
            child.make_move(move)
            value = self.alphabeta(child, depth - 1, -math.inf, math.inf)
            if value > best_value:
                best_move, best_value = move, value
        return best_move


def random_player(game):
    return random.choice(game.get_possible_moves())


if __name__ == "__main__":
    game = DotsAndBoxes(4, 4)
    while not game.is_game_over():
        move = SearchTreeNode(game).get_best_move(2) if game.current_player == 1 else random_player(game)
        game.make_move(move)
    print("winner", game.get_winner())
