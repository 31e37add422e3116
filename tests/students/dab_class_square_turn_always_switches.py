"""Fixture (written for the tests): Dots and Boxes as a class, Game(size) with size boxes a side, lines as
dot pairs in a set, players 'A'/'B'. Its play() always hands the turn over, even after closing a box (the
bug: result is wrong); the search is Search(game).best(depth) with the depth required, the random agent
RandomPlayer().move(game)."""
import copy
import random


class Game:
    def __init__(self, size):
        self.size = size
        self.edges = set()
        self.scores = {'A': 0, 'B': 0}
        self.player = 'A'

    def moves(self):
        n = self.size
        out = []
        for r in range(n + 1):
            for c in range(n + 1):
                if c < n and ((r, c), (r, c + 1)) not in self.edges:
                    out.append(((r, c), (r, c + 1)))
                if r < n and ((r, c), (r + 1, c)) not in self.edges:
                    out.append(((r, c), (r + 1, c)))
        return out

    def play(self, edge):
        a, b = edge
        self.edges.add((a, b))
        gained = 0
        for r in range(self.size):
            for c in range(self.size):
                sides = [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]
                if (a, b) in sides and all(s in self.edges for s in sides):
                    gained += 1
        self.scores[self.player] += gained
        self.player = 'B' if self.player == 'A' else 'A'
        return gained > 0

    def over(self):
        return len(self.edges) == 2 * self.size * (self.size + 1)

    def winner(self):
        if self.scores['A'] > self.scores['B']:
            return 'A'
        if self.scores['B'] > self.scores['A']:
            return 'B'
        return 'draw'


class RandomPlayer:
    def move(self, game):
        return random.choice(game.moves())


class Search:
    def __init__(self, game):
        self.root = game
        self.me = game.player

    def value(self, g, depth, alpha, beta):
        if depth == 0 or g.over():
            other = 'B' if self.me == 'A' else 'A'
            return g.scores[self.me] - g.scores[other]
        maximizing = g.player == self.me
        best = -1000 if maximizing else 1000
        for m in g.moves():
            child = copy.deepcopy(g)
            child.play(m)
            v = self.value(child, depth - 1, alpha, beta)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if beta <= alpha:
                break
        return best

    def best(self, depth):
        choice, top = None, -1000
        for m in self.root.moves():
            child = copy.deepcopy(self.root)
            child.play(m)
            v = self.value(child, depth - 1, -1000, 1000)
            if v > top:
                choice, top = m, v
        return choice


if __name__ == "__main__":
    g = Game(3)
    while not g.over():
        g.play(Search(g).best(3) if g.player == 'A' else RandomPlayer().move(g))
    print(g.winner())
