"""Fixture (written for the tests): Dots and Boxes as a class, Board(n) with n dots a side (square boards
only); a move is a number indexing the object's own list of every line (dot pairs), play(i) prints the
board at every move and returns True when a box was closed; players 0/1 with a score list; the search is
Minimax(game, depth).best_move() (depth required) and MCTS(game, iterations).search() a UCT search.
Every role is right, on square boards."""
import copy
import math
import random


class Board:
    def __init__(self, n=4):
        self.n = n  # dots per side
        self.lines = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)] + \
                     [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
        self.drawn = [False] * len(self.lines)
        self.owner = {}
        self.score = [0, 0]
        self.current_player = 0

    def available_moves(self):
        return [i for i, d in enumerate(self.drawn) if not d]

    def _box_lines(self, r, c):
        return [self.lines.index(l) for l in (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                                               ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1)))]

    def display(self):
        for r in range(self.n):
            row = ""
            for c in range(self.n):
                row += "*"
                if c < self.n - 1:
                    row += "---" if self.drawn[self.lines.index(((r, c), (r, c + 1)))] else "   "
            print(row)
            if r < self.n - 1:
                row = ""
                for c in range(self.n):
                    row += "|" if self.drawn[self.lines.index(((r, c), (r + 1, c)))] else " "
                    if c < self.n - 1:
                        row += f" {self.owner.get((r, c), ' ')} "
                print(row)
        print("score", self.score, "to move", self.current_player)

    def play(self, i):
        self.drawn[i] = True
        (r1, c1), (r2, c2) = self.lines[i]
        near = [(r1 - 1, c1), (r1, c1)] if r1 == r2 else [(r1, c1 - 1), (r1, c1)]
        closed = False
        for r, c in near:
            if 0 <= r < self.n - 1 and 0 <= c < self.n - 1 and (r, c) not in self.owner \
                    and all(self.drawn[j] for j in self._box_lines(r, c)):
                self.owner[(r, c)] = self.current_player
                self.score[self.current_player] += 1
                closed = True
        if not closed:
            self.current_player = 1 - self.current_player
        self.display()
        return closed

    def game_over(self):
        return all(self.drawn)

    def winner(self):
        if self.score[0] > self.score[1]:
            return 0
        if self.score[1] > self.score[0]:
            return 1
        return -1  # tie


def random_move(board):
    return random.choice(board.available_moves())


class Minimax:
    def __init__(self, game, depth):
        self.game = game
        self.depth = depth
        self.me = game.current_player

    def value(self, state, depth, alpha, beta):
        if depth == 0 or state.game_over():
            return state.score[self.me] - state.score[1 - self.me]
        if state.current_player == self.me:
            best = -math.inf
            for m in state.available_moves():
                child = copy.deepcopy(state)
                child.play(m)
                best = max(best, self.value(child, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
        else:
            best = math.inf
            for m in state.available_moves():
                child = copy.deepcopy(state)
                child.play(m)
                best = min(best, self.value(child, depth - 1, alpha, beta))
                beta = min(beta, best)
                if alpha >= beta:
                    break
        return best

    def best_move(self):
        best, move = -math.inf, None
        for m in self.game.available_moves():
            child = copy.deepcopy(self.game)
            child.play(m)
            v = self.value(child, self.depth - 1, -math.inf, math.inf)
            if v > best:
                best, move = v, m
        return move


class Node:
    def __init__(self, state, parent=None, move=None):
        self.state, self.parent, self.move = state, parent, move
        self.children, self.visits, self.wins = [], 0, 0.0
        self.untried = state.available_moves()
        self.player = parent.state.current_player if parent else None


class MCTS:
    def __init__(self, game, iterations=200):
        self.game = game
        self.iterations = iterations

    def search(self):
        root = Node(copy.deepcopy(self.game))
        for _ in range(self.iterations):
            node = root
            while not node.untried and node.children:
                node = max(node.children, key=lambda ch: ch.wins / ch.visits +
                           1.4 * math.sqrt(math.log(node.visits) / ch.visits))
            if node.untried:
                m = node.untried.pop(random.randrange(len(node.untried)))
                child_state = copy.deepcopy(node.state)
                child_state.play(m)
                child = Node(child_state, node, m)
                node.children.append(child)
                node = child
            sim = copy.deepcopy(node.state)
            while not sim.game_over():
                sim.play(random.choice(sim.available_moves()))
            w = sim.winner()
            while node is not None:
                node.visits += 1
                if node.player is not None:
                    node.wins += 1 if w == node.player else 0.5 if w == -1 else 0
                node = node.parent
        return max(root.children, key=lambda ch: ch.visits).move
