"""Dots and Boxes in the template's first version, which asked for no box owners on the board: the
board is `{'n': rows, 'm': cols}` with the lines as keys, and the boxes each player closed live in
a separate module-level `tally` that every function takes as an extra argument and `result`
returns beside the board. Players are 'p1'/'p2'; agents answer (move, value)."""
import copy
import random

board = {'n': 4, 'm': 4}
tally = {'p1': [], 'p2': []}


def actions(b):
    free = []
    for r in range(b['n']):
        for c in range(b['m'] - 1):
            if ('h', r, c) not in b:
                free.append(('h', r, c))
    for r in range(b['n'] - 1):
        for c in range(b['m']):
            if ('v', r, c) not in b:
                free.append(('v', r, c))
    return free


def _boxes_closed(b):
    closed = set()
    for r in range(b['n'] - 1):
        for c in range(b['m'] - 1):
            if all(k in b for k in (('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1))):
                closed.add(r * (b['m'] - 1) + c)
    return closed


def result(b, who, line, tally):
    new, new_tally = copy.deepcopy(b), copy.deepcopy(tally)
    before = _boxes_closed(new)
    new[line] = True
    new_tally[who] += sorted(_boxes_closed(new) - before)
    return new, new_tally


def game_done(b):
    return not actions(b)


def payoff(b, who, tally):
    other = 'p2' if who == 'p1' else 'p1'
    if not game_done(b):
        return None
    mine, theirs = len(tally[who]), len(tally[other])
    return (mine > theirs) - (mine < theirs)


def random_player(b, who, tally):
    return random.choice(actions(b)), None
