"""Fixture: Dots and Boxes in the course's dict layout with each line written as the two dots it joins,
((r1, c1), (r2, c2)), in its actions, its moves and its board's lines."""
import random


def initial_state(rows=4, cols=4):
    return {"size": (rows, cols), "lines": {}, "boxes": {}}


def actions(board):
    rows, cols = board["size"]
    out = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    out += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    return [m for m in out if m not in board["lines"]]


def box_done(lines, r, c):
    return all(l in lines for l in (((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                                     ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))))


def result(board, player, line):
    new = {"size": board["size"], "lines": dict(board["lines"]), "boxes": dict(board["boxes"])}
    new["lines"][line] = True
    rows, cols = board["size"]
    (r1, c1), (r2, c2) = line
    near = [(r1 - 1, c1), (r1, c1)] if r1 == r2 else [(r1, c1 - 1), (r1, c1)]
    for br, bc in near:
        if 0 <= br < rows - 1 and 0 <= bc < cols - 1 and (br, bc) not in new["boxes"] and box_done(new["lines"], br, bc):
            new["boxes"][(br, bc)] = player
    return new


def terminal(board):
    return not actions(board)


def utility(board, player):
    score = sum(1 if p == player else -1 for p in board["boxes"].values())
    return (score > 0) - (score < 0)


def random_player(board, player):
    return random.choice(actions(board))
