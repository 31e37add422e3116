# %%
import numpy as np


def empty_board(shape=(6, 7)):
    """The board: 0 empty, 1 and -1 the players' discs; row 0 is the top."""
    return np.full(shape=shape, fill_value=0)


def show(grid):
    """Print the board with x for 1 and o for -1."""
    marks = {0: ".", 1: "x", -1: "o"}
    for r in grid:
        print(" ".join(marks[int(v)] for v in r))
    print(" ".join(str(c) for c in range(len(grid[0]))))

# %%
def possible_columns(grid):
    # free column = empty top cell
    return [column for column in range(grid.shape[1]) if grid[0, column] == 0]


def after_move(grid, me, action):
    grid2 = grid.copy()
    for r in range(grid.shape[0] - 1, -1, -1):  # gravity: scan from the bottom
        if grid2[r, action] == 0:
            grid2[r, action] = me
            return grid2
    raise ValueError("that column has no room")


def find_winner(grid):
    height, width = grid.shape
    for r in range(height):
        for c in range(width):
            owner = grid[r, c]
            if owner == 0:
                continue
            for di, dj in ((0, 1), (1, 0), (1, 1), (1, -1)):
                last_i, last_j = r + 3 * di, c + 3 * dj
                if 0 <= last_i < height and 0 <= last_j < width:
                    if all(grid[r + step * di, c + step * dj] == owner for step in range(4)):
                        return owner
    return 0


def game_over(grid):
    return find_winner(grid) != 0 or len(possible_columns(grid)) == 0


def payoff(grid, me):
    w = find_winner(grid)
    if w == 0:
        return 0
    return 1 if w == me else -1

# %%
def alpha_beta_player(grid, me, depth=4):
    def evaluate(position, mover, a_lo, b_hi, remaining):
        if game_over(position) or remaining == 0:
            return payoff(position, me)
        if mover == me:
            best_val = -2
            for move in possible_columns(position):
                best_val = max(best_val, evaluate(after_move(position, mover, move), -mover, a_lo, b_hi, remaining - 1))
                a_lo = max(a_lo, best_val)
                if a_lo >= b_hi:
                    break
            return best_val
        best_val = 2
        for move in possible_columns(position):
            best_val = min(best_val, evaluate(after_move(position, mover, move), -mover, a_lo, b_hi, remaining - 1))
            b_hi = min(b_hi, best_val)
            if a_lo >= b_hi:
                break
        return best_val

    options = possible_columns(grid)
    vals = [evaluate(after_move(grid, me, move), -me, -2, 2, depth - 1) for move in options]
    return options[vals.index(max(vals))]


print(alpha_beta_player(empty_board(), 1))
