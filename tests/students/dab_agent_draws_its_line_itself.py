"""Fixture: Dots and Boxes (course dict) whose random player draws its line into the board it is given, with the
template-style draw_line, and returns nothing."""
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


def draw_line(board, action, player):
    board["lines"][action] = True
    rows, cols = board["size"]
    kind, r, c = action
    for br, bc in ([(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]):
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in board["boxes"] and _closed(board["lines"], br, bc):
            board["boxes"][(br, bc)] = player


def result(board, action, player):
    new = {"size": board["size"], "lines": dict(board["lines"]), "boxes": dict(board["boxes"])}
    draw_line(new, action, player)
    return new


def terminal(board):
    return not actions(board)


def utility(board, player):
    mine = sum(1 for p in board["boxes"].values() if p == player)
    return mine - (len(board["boxes"]) - mine)


def random_player(board, player):
    draw_line(board, random.choice(actions(board)), player)
