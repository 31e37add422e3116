"""Fixture (written for the tests): Dots and Boxes as a class, DotsAndBoxes(rows, cols) counting dots, lines
('H'|'V', r, c) 1-based, players +1/-1 in self.turn, box owners in a dict and a score list. Its make_move
hands the turn over first, credits a closed box to the player now to move (the opponent: the bug), then
gives the turn back, so the extra turn is right and the owner wrong. Agents are classes built first and
handed the game: AlphaBetaAgent(depth=3).choose_move(game), RandomAgent().choose_move(game)."""
import copy
import random


class DotsAndBoxes:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols
        self.lines = {}
        self.box_owner = {}
        self.score = [0, 0]
        self.turn = 1

    def legal_moves(self):
        out = [('H', r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols)]
        out += [('V', r, c) for r in range(1, self.rows) for c in range(1, self.cols + 1)]
        return [m for m in out if m not in self.lines]

    def _closed(self, r, c):
        return all(k in self.lines for k in (('H', r, c), ('H', r + 1, c), ('V', r, c), ('V', r, c + 1)))

    def make_move(self, move):
        self.lines[move] = self.turn
        self.turn = -self.turn
        o, r, c = move
        near = [(r - 1, c), (r, c)] if o == 'H' else [(r, c - 1), (r, c)]
        closed = False
        for br, bc in near:
            if 1 <= br < self.rows and 1 <= bc < self.cols and (br, bc) not in self.box_owner and self._closed(br, bc):
                self.box_owner[(br, bc)] = self.turn
                self.score[0 if self.turn == 1 else 1] += 1
                closed = True
        if closed:
            self.turn = -self.turn
        return closed

    def is_terminal(self):
        return len(self.box_owner) == (self.rows - 1) * (self.cols - 1)

    def winner(self):
        if self.score[0] == self.score[1]:
            return 0
        return 1 if self.score[0] > self.score[1] else -1


class RandomAgent:
    def choose_move(self, game):
        return random.choice(game.legal_moves())


class AlphaBetaAgent:
    def __init__(self, depth=3):
        self.depth = depth

    def choose_move(self, game):
        me = game.turn

        def value(g, d, a, b):
            if d == 0 or g.is_terminal():
                return (g.score[0] - g.score[1]) * me
            best = None
            for m in g.legal_moves():
                child = copy.deepcopy(g)
                child.make_move(m)
                v = value(child, d - 1, a, b)
                if g.turn == me:
                    best = v if best is None else max(best, v)
                    a = max(a, v)
                else:
                    best = v if best is None else min(best, v)
                    b = min(b, v)
                if a >= b:
                    break
            return best

        best_move, best_value = None, None
        for m in game.legal_moves():
            child = copy.deepcopy(game)
            child.make_move(m)
            v = value(child, self.depth - 1, -99, 99)
            if best_value is None or v > best_value:
                best_move, best_value = m, v
        return best_move
