"""Fixture: Dots and Boxes: the board says its size in 'rows' and 'cols' keys (dots), lines and boxes in dicts."""
import random


def initial_state(rows=4, cols=4):
    return {"rows": rows, "cols": cols, "lines": {}, "boxes": {}}


def actions(board):
    rows, cols = board["rows"], board["cols"]
    out = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
    out += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def result(board, action, player):
    new = {**board, "lines": dict(board["lines"]), "boxes": dict(board["boxes"])}
    new["lines"][action] = True
    kind, r, c = action
    for br, bc in ([(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]):
        if 0 <= br < board["rows"] - 1 and 0 <= bc < board["cols"] - 1 and (br, bc) not in new["boxes"] and all(
                l in new["lines"] for l in (("h", br, bc), ("h", br + 1, bc), ("v", br, bc), ("v", br, bc + 1))):
            new["boxes"][(br, bc)] = player
    return new


def terminal(board):
    return not actions(board)


def utility(board, player):
    s = sum(1 if p == player else -1 for p in board["boxes"].values())
    return (s > 0) - (s < 0)


def random_player(board, player):
    return random.choice(actions(board))
