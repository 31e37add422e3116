"""Fixture: Dots and Boxes in a layout of the student's own: a named tuple of the lines drawn (each the pair
of dots it joins), the boxes won so far (box -> player), the player to move (1 or 2) and the number of dots
down and across. Functional: result() returns a new state; closing a box gives another move."""
import math
import random
from collections import namedtuple

Position = namedtuple('Position', 'drawn won mover rows cols')


def initial_state(rows=4, cols=4):
    return Position(frozenset(), (), 1, rows, cols)


def all_lines(rows, cols):
    lines = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    return lines + [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]


def actions(state):
    return [line for line in all_lines(state.rows, state.cols) if line not in state.drawn]


def boxes_closed(drawn, line, rows, cols):
    (r1, c1), (r2, c2) = line
    near = [(r1 - 1, c1), (r1, c1)] if r1 == r2 else [(r1, c1 - 1), (r1, c1)]
    closed = []
    for r, c in near:
        if 0 <= r < rows - 1 and 0 <= c < cols - 1:
            sides = [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)),
                     ((r, c + 1), (r + 1, c + 1))]
            if all(s in drawn for s in sides):
                closed.append((r, c))
    return closed


def result(state, line):
    drawn = state.drawn | {line}
    closed = boxes_closed(drawn, line, state.rows, state.cols)
    won = state.won + tuple((box, state.mover) for box in closed)
    mover = state.mover if closed else 3 - state.mover
    return Position(drawn, won, mover, state.rows, state.cols)


def terminal(state):
    return len(state.drawn) == len(all_lines(state.rows, state.cols))


def utility(state, player):
    mine = sum(1 for _, owner in state.won if owner == player)
    return mine - (len(state.won) - mine)


def random_player(state):
    return random.choice(actions(state))


def alpha_beta_player(state, depth=2):
    me = state.mover

    def value(s, d, alpha, beta):
        if terminal(s) or d == 0:
            return utility(s, me)
        best = -math.inf if s.mover == me else math.inf
        for a in actions(s):
            v = value(result(s, a), d - 1, alpha, beta)
            if s.mover == me:
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best

    return max(actions(state), key=lambda a: value(result(state, a), depth - 1, -math.inf, math.inf))
