"""Fixture: Dots and Boxes as a class whose object is the state and changes in place.

The board is a set of edges between dots, a move is a pair of dots ((r1, c1), (r2, c2)), the size
counts boxes, players are 'A' and 'B', there is no copy method (the search deep-copies) and the
search is a function of the game object and a depth.
"""
import copy
import random


class Board:
    def __init__(self, width=2, height=2):
        self.width, self.height = width, height  # boxes
        self.edges = set()
        self.claimed = {}
        self.turn = "A"

    def legal_moves(self):
        out = []
        for r in range(self.height + 1):
            for c in range(self.width + 1):
                for dr, dc in ((0, 1), (1, 0)):
                    if r + dr <= self.height and c + dc <= self.width:
                        edge = ((r, c), (r + dr, c + dc))
                        if edge not in self.edges:
                            out.append(edge)
        return out

    def _box_done(self, r, c):
        sides = [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]
        return all(s in self.edges for s in sides)

    def play(self, edge):
        (r1, c1), (r2, c2) = sorted(edge)
        self.edges.add(((r1, c1), (r2, c2)))
        near = [(r1 - 1, c1), (r1, c1)] if r1 == r2 else [(r1, c1 - 1), (r1, c1)]
        scored = False
        for box in near:
            if 0 <= box[0] < self.height and 0 <= box[1] < self.width and self._box_done(*box):
                self.claimed[box] = self.turn
                scored = True
        if not scored:
            self.turn = "B" if self.turn == "A" else "A"

    def game_over(self):
        return len(self.claimed) == self.width * self.height

    def winner(self):
        a = sum(1 for p in self.claimed.values() if p == "A")
        b = len(self.claimed) - a
        return "A" if a > b else "B" if b > a else None


def value(board, me, depth, alpha, beta):
    if depth == 0 or board.game_over():
        a = sum(1 for p in board.claimed.values() if p == me)
        return 2 * a - len(board.claimed)
    best = None
    for move in board.legal_moves():
        child = copy.deepcopy(board)
        child.play(move)
        v = value(child, me, depth - 1, alpha, beta)
        if board.turn == me:
            best = v if best is None else max(best, v)
            alpha = max(alpha, v)
        else:
            best = v if best is None else min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def best_move(board, depth=3):
    me, choice, top = board.turn, None, None
    for move in board.legal_moves():
        child = copy.deepcopy(board)
        child.play(move)
        v = value(child, me, depth - 1, -100, 100)
        if top is None or v > top:
            choice, top = move, v
    return choice


def random_move(board):
    return random.choice(board.legal_moves())
