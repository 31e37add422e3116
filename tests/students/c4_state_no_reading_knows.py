"""Fixture: Connect 4 whose state no board reading knows: a dict of the discs by (column, height), the
height of each column and whose turn it is. Functional: result() returns a new state."""
import math
import random


def initial_state(rows=6, columns=7):
    return {'grid': {}, 'heights': [0] * columns, 'rows': rows, 'turn': 'R'}


def actions(state):
    return [c for c, h in enumerate(state['heights']) if h < state['rows']]


def result(state, action):
    grid = dict(state['grid'])
    heights = list(state['heights'])
    grid[(action, heights[action])] = state['turn']
    heights[action] += 1
    return {'grid': grid, 'heights': heights, 'rows': state['rows'], 'turn': 'Y' if state['turn'] == 'R' else 'R'}


def winner(state):
    grid = state['grid']
    for (c, h), disc in grid.items():
        for dc, dh in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all(grid.get((c + i * dc, h + i * dh)) == disc for i in range(4)):
                return disc
    return None


def terminal(state):
    return winner(state) is not None or all(h == state['rows'] for h in state['heights'])


def utility(state, player):
    w = winner(state)
    if w is None:
        return 0
    return 1 if w == player else -1


def random_player(state):
    return random.choice(actions(state))


def evaluate(state, player):
    """Open threes and twos of the player minus the opponent's."""
    other = 'Y' if player == 'R' else 'R'
    grid, score = state['grid'], 0
    columns, rows = len(state['heights']), state['rows']
    for c in range(columns):
        for h in range(rows):
            for dc, dh in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [grid.get((c + i * dc, h + i * dh)) for i in range(4)]
                if not all(0 <= c + i * dc < columns and 0 <= h + i * dh < rows for i in range(4)):
                    continue
                for who, sign in ((player, 1), (other, -1)):
                    if cells.count(who) and cells.count(None) + cells.count(who) == 4:
                        score += sign * cells.count(who) ** 2
    return score


def alpha_beta_player(state, depth=4):
    me = state['turn']

    def value(s, d, alpha, beta):
        if terminal(s):
            return utility(s, me) * 1000
        if d == 0:
            return evaluate(s, me)
        maximizing = s['turn'] == me
        best = -math.inf if maximizing else math.inf
        for a in sorted(actions(s), key=lambda c: abs(c - len(s['heights']) // 2)):
            v = value(result(s, a), d - 1, alpha, beta)
            if maximizing:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    moves = sorted(actions(state), key=lambda c: abs(c - len(state['heights']) // 2))
    return max(moves, key=lambda a: value(result(state, a), depth - 1, -math.inf, math.inf))
