"""Fixture (written for the tests): Dots and Boxes as a class whose object is the state and changes in
place, its constructor needing the size in boxes (no defaults), with make_move/undo_move; the agents are
classes built first with their settings and then handed the game (AlphaBetaAgent(depth=3).get_move(game),
RandomAgent().get_move(game), MCTSAgent(iterations=300).get_move(game)). Players 1/2. Every role is right."""
import copy
import math
import random


class DotsAndBoxes:
    def __init__(self, rows, cols):
        self.rows, self.cols = rows, cols  # boxes
        self.h_lines = [[0] * cols for _ in range(rows + 1)]
        self.v_lines = [[0] * (cols + 1) for _ in range(rows)]
        self.boxes = [[0] * cols for _ in range(rows)]
        self.score = {1: 0, 2: 0}
        self.current_player = 1
        self.history = []

    def get_possible_moves(self):
        moves = []
        for r in range(self.rows + 1):
            for c in range(self.cols):
                if not self.h_lines[r][c]:
                    moves.append(('h', r, c))
        for r in range(self.rows):
            for c in range(self.cols + 1):
                if not self.v_lines[r][c]:
                    moves.append(('v', r, c))
        return moves

    def _complete(self, r, c):
        return self.h_lines[r][c] and self.h_lines[r + 1][c] and self.v_lines[r][c] and self.v_lines[r][c + 1]

    def make_move(self, move):
        o, r, c = move
        if o == 'h':
            self.h_lines[r][c] = 1
            near = [(r - 1, c), (r, c)]
        else:
            self.v_lines[r][c] = 1
            near = [(r, c - 1), (r, c)]
        done = []
        for br, bc in near:
            if 0 <= br < self.rows and 0 <= bc < self.cols and self.boxes[br][bc] == 0 and self._complete(br, bc):
                self.boxes[br][bc] = self.current_player
                self.score[self.current_player] += 1
                done.append((br, bc))
        self.history.append((move, self.current_player, done))
        if not done:
            self.current_player = 3 - self.current_player
        return bool(done)

    def undo_move(self):
        move, player, done = self.history.pop()
        o, r, c = move
        if o == 'h':
            self.h_lines[r][c] = 0
        else:
            self.v_lines[r][c] = 0
        for br, bc in done:
            self.boxes[br][bc] = 0
            self.score[player] -= 1
        self.current_player = player

    def is_game_over(self):
        return self.score[1] + self.score[2] == self.rows * self.cols

    def get_winner(self):
        if self.score[1] == self.score[2]:
            return 0
        return 1 if self.score[1] > self.score[2] else 2


class RandomAgent:
    def get_move(self, game):
        return random.choice(game.get_possible_moves())


class AlphaBetaAgent:
    def __init__(self, depth=3):
        self.depth = depth

    def evaluate(self, game, me):
        return game.score[me] - game.score[3 - me]

    def alphabeta(self, game, depth, alpha, beta, me):
        if depth == 0 or game.is_game_over():
            return self.evaluate(game, me)
        if game.current_player == me:
            value = -math.inf
            for move in game.get_possible_moves():
                game.make_move(move)
                value = max(value, self.alphabeta(game, depth - 1, alpha, beta, me))
                game.undo_move()
                alpha = max(alpha, value)
                if alpha >= beta:
                    break
            return value
        value = math.inf
        for move in game.get_possible_moves():
            game.make_move(move)
            value = min(value, self.alphabeta(game, depth - 1, alpha, beta, me))
            game.undo_move()
            beta = min(beta, value)
            if alpha >= beta:
                break
        return value

    def get_move(self, game):
        me = game.current_player
        best, best_value = None, -math.inf
        for move in game.get_possible_moves():
            game.make_move(move)
            value = self.alphabeta(game, self.depth - 1, -math.inf, math.inf, me)
            game.undo_move()
            if value > best_value:
                best, best_value = move, value
        return best


class MCTSAgent:
    def __init__(self, iterations=300):
        self.iterations = iterations

    def get_move(self, game):
        me = game.current_player
        moves = game.get_possible_moves()
        wins = {m: 0 for m in moves}
        for i in range(self.iterations):
            move = moves[i % len(moves)]
            sim = copy.deepcopy(game)
            sim.make_move(move)
            while not sim.is_game_over():
                sim.make_move(random.choice(sim.get_possible_moves()))
            w = sim.get_winner()
            wins[move] += 1 if w == me else 0 if w == 0 else -1
        return max(moves, key=lambda m: wins[m])
