"""A correct Dots and Boxes environment written the course's way (dict board, dots counted, +1/-1)."""
import copy


def empty_board(rows=4, cols=4):
    return {'size': (rows, cols), 'lines': dict(), 'boxes': dict()}


def all_lines(board):
    rows, cols = board['size']
    return [('h', r, c) for r in range(rows) for c in range(cols - 1)] + \
           [('v', r, c) for r in range(rows - 1) for c in range(cols)]


def actions(board):
    return [line for line in all_lines(board) if line not in board['lines']]


def closed(board, r, c):
    sides = [('h', r, c), ('h', r + 1, c), ('v', r, c), ('v', r, c + 1)]
    return all(side in board['lines'] for side in sides)


def result(board, action, player):
    board = copy.deepcopy(board)
    board['lines'][action] = True
    rows, cols = board['size']
    kind, r, c = action
    touching = [(r - 1, c), (r, c)] if kind == 'h' else [(r, c - 1), (r, c)]
    for br, bc in touching:
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and closed(board, br, bc):
            board['boxes'][(br, bc)] = player
    return board


def terminal(board):
    return len(board['lines']) == len(all_lines(board))


def utility(board, player):
    mine = sum(1 for owner in board['boxes'].values() if owner == player)
    return mine - (len(board['boxes']) - mine)
