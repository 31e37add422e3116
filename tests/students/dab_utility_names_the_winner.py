"""Fixture: Dots and Boxes, players 'A' and 'B': utility(board) names the winner ('A', 'B' or 'draw')."""
import random


def initial_state(rows=4, cols=4):
    return {"size": (rows, cols), "lines": {}, "boxes": {}}


def actions(board):
    rows, cols = board["size"]
    out = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
    out += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def result(board, action, player):
    new = {"size": board["size"], "lines": dict(board["lines"]), "boxes": dict(board["boxes"])}
    new["lines"][action] = True
    rows, cols = board["size"]
    kind, r, c = action
    for br, bc in ([(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]):
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in new["boxes"] and all(
                l in new["lines"] for l in (("h", br, bc), ("h", br + 1, bc), ("v", br, bc), ("v", br, bc + 1))):
            new["boxes"][(br, bc)] = player
    return new


def terminal(board):
    return not actions(board)


def utility(board):
    a = sum(1 for p in board["boxes"].values() if p == "A")
    b = len(board["boxes"]) - a
    return "A" if a > b else "B" if b > a else "draw"


def random_player(board, player):
    return random.choice(actions(board))
