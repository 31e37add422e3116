"""Fixture: tic-tac-toe whose state is a dict of each player's cells as sets of (row, col) and whose turn it
is; moves are (row, col) pairs. Functional: result() returns a new state."""
import random

LINES = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)] + \
    [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]


def initial_state():
    return {'marks': {'X': frozenset(), 'O': frozenset()}, 'next': 'X'}


def actions(state):
    taken = state['marks']['X'] | state['marks']['O']
    return [(r, c) for r in range(3) for c in range(3) if (r, c) not in taken]


def result(state, move):
    me = state['next']
    marks = dict(state['marks'])
    marks[me] = marks[me] | {move}
    return {'marks': marks, 'next': 'O' if me == 'X' else 'X'}


def winner(state):
    for who, cells in state['marks'].items():
        if any(all(cell in cells for cell in line) for line in LINES):
            return who
    return None


def terminal(state):
    return winner(state) is not None or not actions(state)


def utility(state, player):
    w = winner(state)
    return 0 if w is None else (1 if w == player else -1)


def random_player(state):
    return random.choice(actions(state))


def minimax_player(state):
    me = state['next']

    def value(s):
        if terminal(s):
            return utility(s, me)
        values = [value(result(s, m)) for m in actions(s)]
        return max(values) if s['next'] == me else min(values)

    return max(actions(state), key=lambda m: value(result(state, m)))
