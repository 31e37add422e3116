"""A small Dots and Boxes submission (the current course dict) with a greedy agent and a naive one."""

import random

random.seed(7)


def empty_board(size=(4, 4)):
    return {'size': size, 'lines': {}, 'boxes': {}}


def actions(board):
    rows, cols = board['size']
    lines = [('h', r, c) for r in range(rows) for c in range(cols - 1)]
    lines += [('v', r, c) for r in range(rows - 1) for c in range(cols)]
    return [line for line in lines if line not in board['lines']]


def sides(board, box):
    r, c = box
    return [('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)]


def boxes_of(board, line):
    rows, cols = board['size']
    o, r, c = line
    near = [(r - 1, c), (r, c)] if o == 'h' else [(r, c - 1), (r, c)]
    return [(br, bc) for br, bc in near if 0 <= br < rows - 1 and 0 <= bc < cols - 1]


def drawn(board, box):
    return sum(side in board['lines'] for side in sides(board, box))


def result(board, action, player=1):
    new = {'size': board['size'], 'lines': dict(board['lines']), 'boxes': dict(board['boxes'])}
    new['lines'][action] = True
    for box in boxes_of(new, action):
        if drawn(new, box) == 4:
            new['boxes'][box] = player
    return new


def terminal(board):
    return not actions(board)


def utility(board, player=1):
    mine = sum(1 for p in board['boxes'].values() if p == player)
    return mine - (len(board['boxes']) - mine)


def greedy_player(board, player=1):
    """Take a box if one is free, else draw a line that gives no box its third side."""
    moves = actions(board)
    for line in moves:
        if any(drawn(board, box) == 3 for box in boxes_of(board, line)):
            return line
    safe = [line for line in moves if all(drawn(board, box) < 2 for box in boxes_of(board, line))]
    return random.choice(safe or moves)


def first_line_player(board, player=1):
    return actions(board)[0]
