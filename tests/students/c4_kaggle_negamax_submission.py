# A Kaggle ConnectX submission.py (written for the tests): one function, my_agent(observation,
# configuration), self-contained as Kaggle requires (imports inside it, every helper nested), negamax with
# alpha-beta and iterative deepening until half of configuration.actTimeout has passed. It is an alpha-beta
# search with a heuristic cutoff; nothing in it is a Monte Carlo player or a course game function.


def my_agent(observation, configuration):
    import time
    import numpy as np

    rows, cols, inarow = configuration.rows, configuration.columns, configuration.inarow
    me = observation.mark
    deadline = time.time() + min(configuration.actTimeout, 2) * 0.5
    grid = np.asarray(observation.board).reshape(rows, cols)
    order = sorted(range(cols), key=lambda c: abs(c - cols // 2))

    def valid(grid):
        return [c for c in order if grid[0][c] == 0]

    def drop(grid, col, mark):
        child = grid.copy()
        for r in range(rows - 1, -1, -1):
            if child[r][col] == 0:
                child[r][col] = mark
                return child

    def winner(grid):
        for r in range(rows):
            for c in range(cols):
                m = grid[r][c]
                if m == 0:
                    continue
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_r, end_c = r + (inarow - 1) * dr, c + (inarow - 1) * dc
                    if 0 <= end_r < rows and 0 <= end_c < cols and all(
                            grid[r + i * dr][c + i * dc] == m for i in range(inarow)):
                        return m
        return 0

    def evaluate(grid, mark):
        score = 0
        for r in range(rows):
            for c in range(cols):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    end_r, end_c = r + (inarow - 1) * dr, c + (inarow - 1) * dc
                    if 0 <= end_r < rows and 0 <= end_c < cols:
                        w = [grid[r + i * dr][c + i * dc] for i in range(inarow)]
                        if w.count(3 - mark) == 0:
                            score += w.count(mark) ** 2
                        if w.count(mark) == 0:
                            score -= w.count(3 - mark) ** 2
        return score

    def negamax(grid, depth, alpha, beta, mark):
        if time.time() > deadline:
            raise TimeoutError
        w = winner(grid)
        if w:
            return (10000 + depth) if w == mark else -(10000 + depth)
        moves = valid(grid)
        if not moves:
            return 0
        if depth == 0:
            return evaluate(grid, mark)
        value = -float("inf")
        for col in moves:
            value = max(value, -negamax(drop(grid, col, mark), depth - 1, -beta, -alpha, 3 - mark))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value

    best = valid(grid)[0]
    depth = 1
    try:
        while depth <= rows * cols:
            scores = {col: -negamax(drop(grid, col, me), depth - 1, -float("inf"), float("inf"), 3 - me)
                      for col in valid(grid)}
            best = max(scores, key=scores.get)
            depth += 1
    except TimeoutError:
        pass
    return int(best)
