"""Ways of writing a board, a player and a move, as plain functions of plain values.

Each function is self-contained (numpy and the standard library only), because the generator copies
its source into the submission it writes (``faces``), where the student's code runs; the tests call
the same functions here. A board goes from the course's form to the student's in stages, each undone
in the reverse order on the way back: a grid (list of rows of course marks), its orientation, its
marks, its container. Dots and Boxes boards keep the course's dict through the stages instead.
"""

from __future__ import annotations


def grid_of(board, flat_side):
    """The course board as a list of rows: numpy rows, or a flat list cut into rows of ``flat_side``."""
    if flat_side:
        return [list(board[r * flat_side:(r + 1) * flat_side]) for r in range(len(board) // flat_side)]
    return [list(row) for row in board.tolist()]


def board_of(grid, flat_side):
    """The course board back from a list of rows (numpy ints, or the flat list of a 3x3 grid)."""
    import numpy as np

    if flat_side:
        return [v for row in grid for v in row]
    return np.array(grid, dtype=int)


def flip_rows(grid):
    """Rows from the bottom: the first row is the bottom one (its own inverse)."""
    return [list(row) for row in grid[::-1]]


def transpose(grid):
    """Columns as rows (its own inverse)."""
    return [list(col) for col in zip(*grid)]


def relabel(grid, table):
    """Every cell through ``table`` (course mark -> student mark, or back)."""
    return [[table[v] for v in row] for row in grid]


def to_numpy(grid):
    import numpy as np

    values = [v for row in grid for v in row]
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return np.array(grid)
    if all(isinstance(v, str) for v in values):
        return np.array(grid, dtype=str)
    return np.array(grid, dtype=object)


def from_numpy(array):
    return [list(row) for row in array.tolist()]


def to_lists(grid):
    return [list(row) for row in grid]


def from_lists(rows):
    return [list(row) for row in rows]


def to_tuples(grid):
    """Rows as tuples in a tuple: an immutable board (hashable, so it can key a table)."""
    return tuple(tuple(row) for row in grid)


def to_text(grid):
    """Rows of one-character marks joined by newlines."""
    return "\n".join("".join(row) for row in grid)


def from_text(text):
    return [list(line) for line in text.split("\n")]


def to_flat(grid):
    """One list, row after row, with the grid's width kept beside it as the last item's row length."""
    return [v for row in grid for v in row]


def from_flat(cells, width):
    return [list(cells[r * width:(r + 1) * width]) for r in range(len(cells) // width)]


def to_cells(grid, empty):
    """A dict of the marked cells by (row, col), the size beside them."""
    return {"rows": len(grid), "cols": len(grid[0]),
            "cells": {(r, c): v for r, row in enumerate(grid) for c, v in enumerate(row) if v != empty}}


def from_cells(board, empty):
    grid = [[empty] * board["cols"] for _ in range(board["rows"])]
    for (r, c), v in board["cells"].items():
        grid[r][c] = v
    return grid


def to_numbered(grid):
    """Every cell, empty or not, keyed by its number counted row by row from 1 (a keypad of cells)."""
    return {r * len(grid[0]) + c + 1: v for r, row in enumerate(grid) for c, v in enumerate(row)}


def from_numbered(board, width):
    return [[board[r * width + c + 1] for c in range(width)] for r in range(len(board) // width)]


def to_stacks(grid, empty):
    """Each column as the list of its discs from the bottom up (ragged: a column holds only what was dropped)."""
    return [[row[c] for row in grid[::-1] if row[c] != empty] for c in range(len(grid[0]))]


def from_stacks(stacks, rows, empty):
    """The grid back from column stacks, ``rows`` high (the stacks do not say how high the board is)."""
    return [[stack[rows - 1 - r] if rows - 1 - r < len(stack) else empty for stack in stacks] for r in range(rows)]


# --- moves -----------------------------------------------------------------------------------


def drop_row(board, col):
    """Where a disc dropped into ``col`` of a course Connect 4 board lands (row 0 is the top)."""
    free = [r for r in range(board.shape[0]) if board[r, col] == 0]
    return max(free) if free else -1


def cell_of(row, col, rows, cols, flipped, transposed):
    """A course cell as the student's grid numbers it."""
    if flipped:
        row = rows - 1 - row
    return (col, row) if transposed else (row, col)


def course_cell(cell, rows, cols, flipped, transposed):
    """A student's cell as the course numbers it."""
    row, col = (cell[1], cell[0]) if transposed else (cell[0], cell[1])
    if flipped:
        row = rows - 1 - row
    return row, col


# --- Dots and Boxes --------------------------------------------------------------------------


def dab_relabel(board, table):
    """Box owners through ``table``."""
    return {"size": board["size"], "lines": dict(board["lines"]),
            "boxes": {box: table[owner] for box, owner in board["boxes"].items()}}


def dab_shift(board, by):
    """Every line's and box's coordinates moved by ``by`` (1: numbered from 1, -1: back)."""
    return {"size": board["size"],
            "lines": {(k, r + by, c + by): v for (k, r, c), v in board["lines"].items()},
            "boxes": {(r + by, c + by): v for (r, c), v in board["boxes"].items()}}


def line_shift(line, by):
    return (line[0], line[1] + by, line[2] + by)


def line_swap(line):
    """'h' and 'v' the other way round (its own inverse)."""
    return ({"h": "v", "v": "h"}[line[0]], line[1], line[2])


def dab_swap(board):
    return {"size": board["size"], "lines": {({"h": "v", "v": "h"}[k], r, c): v
                                              for (k, r, c), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def line_to_dots(line, base):
    """A line as the two dots it joins, ``base`` the number of the first row and column."""
    kind, r, c = line
    return ((r, c), (r, c + 1)) if kind == "h" else ((r, c), (r + 1, c))


def dots_to_line(dots, base):
    (r1, c1), (r2, c2) = sorted(tuple(d) for d in dots)
    return ("h", r1, c1) if r1 == r2 else ("v", r1, c1)


def line_to_word(line):
    """A line whose kind is written as a word: ('horizontal', r, c), ('vertical', r, c)."""
    return ({"h": "horizontal", "v": "vertical"}[line[0]], line[1], line[2])


def word_to_line(line):
    return (line[0][0], line[1], line[2])


def dab_to_words(board):
    return {"size": board["size"], "lines": {({"h": "horizontal", "v": "vertical"}[k], r, c): v
                                              for (k, r, c), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def dab_from_words(board):
    return {"size": board["size"], "lines": {(k[0], r, c): v for (k, r, c), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def line_to_nested(line):
    """A line as its kind and its starting dot: ('h', (r, c))."""
    return (line[0], (line[1], line[2]))


def nested_to_line(line):
    return (line[0], line[1][0], line[1][1])


def dab_to_nested(board):
    return {"size": board["size"], "lines": {(k, (r, c)): v for (k, r, c), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def dab_from_nested(board):
    return {"size": board["size"], "lines": {(k, rc[0], rc[1]): v for (k, rc), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def line_to_numbers(line, cols):
    """A line as the numbers of the two dots it joins, dots numbered row by row from 0: (a, b) with a < b."""
    kind, r, c = line
    return (r * cols + c, r * cols + c + 1) if kind == "h" else (r * cols + c, (r + 1) * cols + c)


def numbers_to_line(pair, cols):
    a, b = sorted(pair)
    return ("h", a // cols, a % cols) if b == a + 1 else ("v", a // cols, a % cols)


def dab_to_numbers(board):
    cols = board["size"][1]
    return {"size": board["size"],
            "lines": {(r * cols + c, r * cols + c + 1) if k == "h" else (r * cols + c, (r + 1) * cols + c): v
                      for (k, r, c), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def dab_from_numbers(board):
    cols = board["size"][1]
    lines = {}
    for pair, v in board["lines"].items():
        a, b = sorted(pair)
        lines[("h", a // cols, a % cols) if b == a + 1 else ("v", a // cols, a % cols)] = v
    return {"size": board["size"], "lines": lines, "boxes": dict(board["boxes"])}


def line_to_index(line, size, by_rows=False):
    """A line as one number from 0: horizontals row by row, then verticals row by row (OpenSpiel's numbering);
    ``by_rows``: each row of dots' horizontals, then the verticals below it, row after row."""
    rows, cols = size
    kind, r, c = line
    if by_rows:
        return r * (2 * cols - 1) + (c if kind == "h" else cols - 1 + c)
    return r * (cols - 1) + c if kind == "h" else rows * (cols - 1) + r * cols + c


def index_to_line(number, size, by_rows=False):
    rows, cols = size
    if by_rows:
        r, k = divmod(number, 2 * cols - 1)
        return ("h", r, k) if k < cols - 1 else ("v", r, k - (cols - 1))
    horizontals = rows * (cols - 1)
    if number < horizontals:
        return ("h", number // (cols - 1), number % (cols - 1))
    return ("v", (number - horizontals) // cols, (number - horizontals) % cols)


def dab_to_indices(board, by_rows=False):
    return {"size": board["size"],
            "lines": {line_to_index(line, board["size"], by_rows): v for line, v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def dab_from_indices(board, by_rows=False):
    return {"size": board["size"],
            "lines": {index_to_line(n, board["size"], by_rows): v for n, v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def dab_to_dots(board):
    return {"size": board["size"], "lines": {((r, c), (r, c + 1)) if k == "h" else ((r, c), (r + 1, c)): v
                                              for (k, r, c), v in board["lines"].items()},
            "boxes": dict(board["boxes"])}


def dab_from_dots(board):
    out = {}
    for dots, v in board["lines"].items():
        (r1, c1), (r2, c2) = sorted(tuple(d) for d in dots)
        out[("h", r1, c1) if r1 == r2 else ("v", r1, c1)] = v
    return {"size": board["size"], "lines": out, "boxes": dict(board["boxes"])}


def dab_to_set(board, collection=set):
    """Lines drawn as a set (or a list, in the order drawn) rather than a dict of True; the size as rows and cols
    of dots."""
    return {"rows": board["size"][0], "cols": board["size"][1], "drawn": collection(board["lines"]),
            "owners": dict(board["boxes"])}


def dab_from_set(board):
    return {"size": (board["rows"], board["cols"]), "lines": {line: True for line in board["drawn"]},
            "boxes": dict(board["owners"])}


def dab_to_scores(board, players):
    """Each player's count of boxes where the owners were (the score a student keeps, ``players`` its keys):
    which box is whose is lost."""
    score = dict.fromkeys(players, 0)
    for owner in board["boxes"].values():
        score[owner] += 1
    return {"size": board["size"], "lines": dict(board["lines"]), "score": score}


def dab_owners_from_scores(board, score):
    """The completed boxes of a course board given owners that match ``score`` (course marks to counts): the
    first player's count of them, in order, then the second's; any such owners mean the same to the rules."""
    rows, cols = board["size"]
    done = [(r, c) for r in range(rows - 1) for c in range(cols - 1)
            if {("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)} <= set(board["lines"])]
    owners = [mark for mark, count in sorted(score.items(), key=lambda kv: kv[0] != 1) for _ in range(count)]
    return {"size": board["size"], "lines": board["lines"], "boxes": dict(zip(done, owners))}


def dab_to_old(board):
    """The template's first layout: the size as 'n' and 'm', each drawn line and each owned box a key of the dict."""
    return {"n": board["size"][0], "m": board["size"][1], **board["lines"], **board["boxes"]}


def dab_from_old(board):
    lines = {k: v for k, v in board.items() if not isinstance(k, str) and type(v) is bool}  # 'n', 'm': the size
    boxes = {k: v for k, v in board.items() if not isinstance(k, str) and type(v) is not bool}
    return {"size": (board["n"], board["m"]), "lines": lines, "boxes": boxes}


def dab_to_matrices(board):
    """Lines as two 0/1 matrices ('h': a row of each dot row, 'v': a row between dot rows) and box owners
    as a matrix of boxes (None for an open box): the size is the matrices' shape."""
    rows, cols = board["size"]
    return {"h": [[int(("h", r, c) in board["lines"]) for c in range(cols - 1)] for r in range(rows)],
            "v": [[int(("v", r, c) in board["lines"]) for c in range(cols)] for r in range(rows - 1)],
            "boxes": [[board["boxes"].get((r, c)) for c in range(cols - 1)] for r in range(rows - 1)]}


def dab_from_matrices(board):
    lines = {(kind, r, c): True for kind in ("h", "v") for r, row in enumerate(board[kind])
             for c, drawn in enumerate(row) if drawn}
    return {"size": (len(board["h"]), len(board["v"][0])), "lines": lines,
            "boxes": {(r, c): owner for r, row in enumerate(board["boxes"]) for c, owner in enumerate(row)
                      if owner is not None}}


def dab_to_grid(board):
    """The picture students draw: a (2 rows - 1) x (2 cols - 1) grid of characters, '*' for a dot, '-' and
    '|' for drawn lines, ' ' for an undrawn one, and each box's owner in the box's middle cell."""
    rows, cols = board["size"]
    grid = [[" "] * (2 * cols - 1) for _ in range(2 * rows - 1)]
    for r in range(rows):
        for c in range(cols):
            grid[2 * r][2 * c] = "*"
    for kind, r, c in board["lines"]:
        if kind == "h":
            grid[2 * r][2 * c + 1] = "-"
        else:
            grid[2 * r + 1][2 * c] = "|"
    for (r, c), owner in board["boxes"].items():
        grid[2 * r + 1][2 * c + 1] = owner
    return grid


def dab_from_grid(grid):
    lines, boxes = {}, {}
    for y, row in enumerate(grid):
        for x, cell in enumerate(row):
            if y % 2 == 0 and x % 2 == 1 and cell == "-":
                lines[("h", y // 2, x // 2)] = True
            elif y % 2 == 1 and x % 2 == 0 and cell == "|":
                lines[("v", y // 2, x // 2)] = True
            elif y % 2 == 1 and x % 2 == 1 and cell != " ":
                boxes[(y // 2, x // 2)] = cell
    return {"size": ((len(grid) + 1) // 2, (len(grid[0]) + 1) // 2), "lines": lines, "boxes": boxes}
