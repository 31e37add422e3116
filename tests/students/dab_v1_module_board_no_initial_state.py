"""Dots and Boxes in the old template: a module-level `board = {'n': 4, 'm': 4}` and no function that
makes one; box counters 'score1'/'score-1' beside the lines and boxes; 1-based coordinates."""
import copy

board = {'n': 4, 'm': 4, 'score1': 0, 'score-1': 0}


def get_lines(b):
    out = []
    for r in range(1, b['n'] + 1):
        for c in range(1, b['m']):
            out.append(('h', r, c))
    for r in range(1, b['n']):
        for c in range(1, b['m'] + 1):
            out.append(('v', r, c))
    return [line for line in out if line not in b]


def _closed(b, r, c):
    return all(k in b for k in (('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)))


def draw_line(b, player, line):
    new = copy.deepcopy(b)
    new[line] = True
    for r in range(1, new['n']):
        for c in range(1, new['m']):
            if (r, c) not in new and _closed(new, r, c):
                new[(r, c)] = player
                new['score%d' % player] += 1
    return new


def is_over(b):
    return not get_lines(b)


def utility(b, player):
    return (b['score1'] - b['score-1']) * player if is_over(b) else 0
