"""Fixture: Dots and Boxes built on the template's draw_line: result changes the board and returns whether it drew."""
import random


def initial_state(rows=4, cols=4):
    return {"size": (rows, cols), "lines": {}, "boxes": {}}


def actions(board):
    rows, cols = board["size"]
    out = [("h", r, c) for r in range(rows) for c in range(cols - 1)]
    out += [("v", r, c) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def result(board, action, player):
    if action in board["lines"]:
        return False
    board["lines"][action] = True
    rows, cols = board["size"]
    kind, r, c = action
    for br, bc in ([(r - 1, c), (r, c)] if kind == "h" else [(r, c - 1), (r, c)]):
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in board["boxes"] and all(
                l in board["lines"] for l in (("h", br, bc), ("h", br + 1, bc), ("v", br, bc), ("v", br, bc + 1))):
            board["boxes"][(br, bc)] = player
    return True


def terminal(board):
    return not actions(board)


def utility(board, player):
    s = sum(1 if p == player else -1 for p in board["boxes"].values())
    return (s > 0) - (s < 0)


def random_player(board, player):
    return random.choice(actions(board))
