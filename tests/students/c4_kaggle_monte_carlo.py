"""A Kaggle ConnectX notebook with a pure Monte Carlo agent (written for the tests), as a script with cell
markers: helpers on numpy grids that take Kaggle's config (get_valid_moves, drop_piece, is_win, is_draw), a
random agent reading obs and config as dicts (obs['board'], config['columns']), monte_carlo_agent(obs, config)
running random playouts until 0.4 of config.timeout has passed, and the Getting Started notebook's top level:
make("connectx"), a trainer loop, evaluate() and mean_reward(rewards), which is no utility. One bug: is_win
misses vertical fours, so the playouts and the agent's own win check miss them too."""

# %%
import random
import time
import numpy as np
from kaggle_environments import make, evaluate, utils

env = make("connectx", debug=True)
env.render()

# %%
def get_valid_moves(grid, config):
    return [c for c in range(config.columns) if grid[0][c] == 0]

def drop_piece(grid, col, mark, config):
    next_grid = grid.copy()
    for row in range(config.rows - 1, -1, -1):
        if next_grid[row][col] == 0:
            next_grid[row][col] = mark
            break
    return next_grid

def is_win(grid, mark, config):
    n = config.inarow
    for r in range(config.rows):
        for c in range(config.columns - n + 1):
            if all(grid[r][c + i] == mark for i in range(n)):
                return True
    for r in range(config.rows - n + 1):
        for c in range(config.columns - n + 1):
            if all(grid[r + i][c + i] == mark for i in range(n)):
                return True
            if all(grid[r + n - 1 - i][c + i] == mark for i in range(n)):
                return True
    return False

def is_draw(grid, config):
    return len(get_valid_moves(grid, config)) == 0

# %%
def random_agent(obs, config):
    valid = [c for c in range(config['columns']) if obs['board'][c] == 0]
    return random.choice(valid)

# %%
def playout(grid, mark, me, config):
    """Random moves until the game ends: 1 if `me` wins, 0 for a draw, -1 for a loss."""
    while True:
        moves = get_valid_moves(grid, config)
        if not moves:
            return 0
        col = random.choice(moves)
        grid = drop_piece(grid, col, mark, config)
        if is_win(grid, mark, config):
            return 1 if mark == me else -1
        mark = 3 - mark

def monte_carlo_agent(obs, config):
    start = time.time()
    grid = np.asarray(obs.board).reshape(config.rows, config.columns)
    me = obs.mark
    moves = get_valid_moves(grid, config)
    totals = {c: 0 for c in moves}
    counts = {c: 0 for c in moves}
    for c in moves:  # a move that wins at once needs no simulation
        if is_win(drop_piece(grid, c, me, config), me, config):
            return c
    budget = config.timeout * 0.4
    while time.time() - start < budget:
        for c in moves:
            child = drop_piece(grid, c, me, config)
            totals[c] += playout(child, 3 - me, me, config)
            counts[c] += 1
    return max(moves, key=lambda c: totals[c] / max(counts[c], 1))

# %%
trainer = env.train([None, "random"])
observation = trainer.reset()
while not env.done:
    my_action = monte_carlo_agent(observation, env.configuration)
    observation, reward, done, info = trainer.step(my_action)
env.render(mode="ipython", width=500, height=450)

# %%
def mean_reward(rewards):
    return sum(r[0] for r in rewards) / float(len(rewards))

print("MC vs Random:", mean_reward(evaluate("connectx", [monte_carlo_agent, random_agent], num_episodes=10)))
