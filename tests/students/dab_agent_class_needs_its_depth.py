"""Fixture (written for the tests): Dots and Boxes in the course's dict, functions for the game, and the
alpha-beta agent a class whose constructor requires its depth, AlphaBetaAgent(depth).get_move(board, player),
never built at the top level. Every role is right."""
import copy
import math
import random


def initial_state(rows=4, cols=4):
    return {"size": (rows, cols), "lines": {}, "boxes": {}}


def actions(board):
    rows, cols = board["size"]
    out = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
    out += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def _closed(lines, r, c):
    return all(l in lines for l in (("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)))


def result(board, action, player):
    new = copy.deepcopy(board)
    new["lines"][action] = True
    rows, cols = board["size"]
    kind, r, c = action
    for br, bc in ([(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]):
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in new["boxes"] and _closed(new["lines"], br, bc):
            new["boxes"][(br, bc)] = player
    return new


def terminal(board):
    return not actions(board)


def utility(board, player):
    mine = sum(1 for p in board["boxes"].values() if p == player)
    return mine - (len(board["boxes"]) - mine)


def next_player(before, after, player):
    return player if len(after["boxes"]) > len(before["boxes"]) else -player


class AlphaBetaAgent:
    def __init__(self, depth):
        self.depth = depth

    def value(self, board, to_move, me, depth, alpha, beta):
        if depth == 0 or terminal(board):
            return utility(board, me)
        best = -math.inf if to_move == me else math.inf
        for a in actions(board):
            child = result(board, a, to_move)
            v = self.value(child, next_player(board, child, to_move), me, depth - 1, alpha, beta)
            if to_move == me:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best

    def get_move(self, board, player):
        best, move = -math.inf, None
        for a in actions(board):
            child = result(board, a, player)
            v = self.value(child, next_player(board, child, player), player, self.depth - 1, -math.inf, math.inf)
            if v > best:
                best, move = v, a
        return move


def random_player(board, player=None):
    return random.choice(actions(board))
