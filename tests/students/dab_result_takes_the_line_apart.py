"""Fixture: Dots and Boxes whose transition takes the move's parts as the template's draw_line does."""
import random


def initial_state(rows=4, cols=4):
    return {"size": (rows, cols), "lines": {}, "boxes": {}}


def actions(board):
    rows, cols = board["size"]
    out = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
    out += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def result(board, orientation, row, col, player):
    new = {"size": board["size"], "lines": dict(board["lines"]), "boxes": dict(board["boxes"])}
    new["lines"][(orientation, row, col)] = True
    rows, cols = board["size"]
    for br, bc in ([(row - 1, col), (row, col)] if orientation == "h" else [(row, col - 1), (row, col)]):
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in new["boxes"] and all(
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
